import { describe, expect, it } from "vitest";
import type { SlotDTO } from "../../../shared/booking/booking.schemas";
import type { BookingType, ChosenFormat } from "../../../shared/booking/booking.constants";
import {
  bookingFlowReducer,
  canSkipRefused,
  flowFormat,
  initialBookingFlow,
  requestedTimes,
  type BookingFlowAction,
  type BookingFlowState,
  type Refusal,
} from "./booking-flow.reducer";

const slot = (startsAt: string): SlotDTO => ({ startsAt, endsAt: startsAt.replace(":00:00", ":15:00"), format: "online" });
const NINE = slot("2030-01-14T17:00:00.000Z");
const TEN = slot("2030-01-14T18:00:00.000Z");
const ELEVEN = slot("2030-01-14T19:00:00.000Z");

const TAKEN = "That time was just booked. Please choose another time.";
const BUSY = "That time is busy, please try again.";
const said = (message: string): Refusal => ({ message, unavailable: [], series: false, leadHours: 0 });

const base = initialBookingFlow({ month: "2030-01", lastMonth: "2030-12", studentId: null });
const at = (patch: Partial<BookingFlowState>): BookingFlowState => ({ ...base, ...patch });

const picking = at({ day: "2030-01-14", selected: [NINE, TEN] });
const pickingWithStudent = at({ day: "2030-01-14", selected: [NINE, TEN], studentId: "s1" });
const choosing = at({ day: "2030-01-14", selected: [NINE], choosingStudent: true });
const review = at({ step: "review", day: "2030-01-14", selected: [NINE, TEN], studentId: "s1" });
const reviewOne = at({ step: "review", selected: [NINE], studentId: "s1" });
const reviewChoosing = at({ step: "review", selected: [NINE], studentId: "s1", choosingStudent: true });
const sent = at({ step: "sent", selected: [NINE], studentId: "s1" });
const confirmed = at({ step: "confirmed", selected: [NINE], studentId: "s1" });

describe("initialBookingFlow", () => {
  it("starts on the times with nothing chosen and the preselected student, if any", () => {
    expect(initialBookingFlow({ month: "2030-01", lastMonth: "2030-12", studentId: "s9" })).toEqual({
      step: "selecting",
      month: "2030-01",
      lastMonth: "2030-12",
      day: null,
      selected: [],
      studentId: "s9",
      choosingStudent: false,
      repeat: { mode: "once" },
      skip: [],
      refusal: null,
      format: null,
    });
  });
});

describe("bookingFlowReducer: transitions", () => {
  it.each<[string, BookingFlowState, BookingFlowAction, BookingFlowState]>([
    ["a new month clears the day", at({ day: "2030-01-14" }), { type: "monthShown", month: "2030-02" }, at({ month: "2030-02" })],
    ["a new month keeps the chosen times", picking, { type: "monthShown", month: "2030-02" }, at({ month: "2030-02", selected: [NINE, TEN] })],
    ["picking a day", base, { type: "dayPicked", day: "2030-01-15" }, at({ day: "2030-01-15" })],
    ["unpicking the day", at({ day: "2030-01-15" }), { type: "dayPicked", day: null }, base],
    ["a time is added in start order", at({ selected: [NINE, ELEVEN] }), { type: "timeToggled", slot: TEN }, at({ selected: [NINE, TEN, ELEVEN] })],
    ["a chosen time is toggled off", picking, { type: "timeToggled", slot: NINE }, at({ day: "2030-01-14", selected: [TEN] })],
    ["removing one of several times", picking, { type: "timeRemoved", startsAt: TEN.startsAt }, at({ day: "2030-01-14", selected: [NINE] })],
    ["removing a time on the review stays there", review, { type: "timeRemoved", startsAt: NINE.startsAt }, { ...review, selected: [TEN] }],
    ["removing the last time returns to selecting", reviewOne, { type: "timeRemoved", startsAt: NINE.startsAt }, at({ studentId: "s1" })],
    ["continue without a student opens Select Student", picking, { type: "continued" }, { ...picking, choosingStudent: true }],
    ["continue with a student goes to the review", pickingWithStudent, { type: "continued" }, { ...pickingWithStudent, step: "review" }],
    ["choosing the student leads on to the review", choosing, { type: "studentChosen", studentId: "s2" }, { ...choosing, studentId: "s2", choosingStudent: false, step: "review" }],
    ["closing Select Student stays on the times", choosing, { type: "studentDialogClosed" }, { ...choosing, choosingStudent: false }],
    ["Change on the review opens Select Student", reviewOne, { type: "studentDialogOpened" }, reviewChoosing],
    ["changing the student stays on the review", reviewChoosing, { type: "studentChosen", studentId: "s2" }, { ...reviewOne, studentId: "s2" }],
    ["closing Select Student on the review", reviewChoosing, { type: "studentDialogClosed" }, reviewOne],
    ["Back keeps the times and the student", review, { type: "backToTimes" }, { ...review, step: "selecting" }],
    ["a sent request shows Request Sent", review, { type: "requestSent" }, { ...review, step: "sent" }],
    ["a request answered after Back still shows Request Sent", pickingWithStudent, { type: "requestSent" }, { ...pickingWithStudent, step: "sent" }],
    ["a request answered with Select Student open closes it", reviewChoosing, { type: "requestSent" }, { ...reviewOne, step: "sent" }],
    ["a taken time empties the choice and returns to the calendar, saying so", review, { type: "timeTaken", message: TAKEN }, { ...review, step: "selecting", selected: [], refusal: said(TAKEN) }],
    ["a taken time after Back empties the choice", pickingWithStudent, { type: "timeTaken", message: TAKEN }, { ...pickingWithStudent, selected: [], refusal: said(TAKEN) }],
    ["choosing a format on the review", review, { type: "formatChosen", format: "online" }, { ...review, format: "online" }],
    ["choosing another format", { ...review, format: "online" }, { type: "formatChosen", format: "in_person" }, { ...review, format: "in_person" }],
    ["Back keeps the chosen format", { ...review, format: "online" }, { type: "backToTimes" }, { ...review, format: "online", step: "selecting" }],
    ["Request Sent gives way to the confirmation", sent, { type: "sentShown" }, confirmed],
  ])("%s", (_name, state, action, expected) => {
    expect(bookingFlowReducer(state, action)).toEqual(expected);
  });
});

describe("bookingFlowReducer: actions that do not apply are ignored", () => {
  it.each<[string, BookingFlowState, BookingFlowAction]>([
    ["the same month again with no day", base, { type: "monthShown", month: "2030-01" }],
    ["a month change on the review", review, { type: "monthShown", month: "2030-02" }],
    ["a month past the booking horizon", base, { type: "monthShown", month: "2031-01" }],
    ["a month change after sending", sent, { type: "monthShown", month: "2030-02" }],
    ["the same day again", at({ day: "2030-01-14" }), { type: "dayPicked", day: "2030-01-14" }],
    ["a day pick on the review", review, { type: "dayPicked", day: "2030-01-20" }],
    ["a time toggled on the review", review, { type: "timeToggled", slot: ELEVEN }],
    ["a time toggled on the confirmation", confirmed, { type: "timeToggled", slot: ELEVEN }],
    ["removing a time that is not chosen", picking, { type: "timeRemoved", startsAt: ELEVEN.startsAt }],
    ["removing a time after sending", sent, { type: "timeRemoved", startsAt: NINE.startsAt }],
    ["continue with nothing chosen", base, { type: "continued" }],
    ["continue with nothing chosen and a student", at({ studentId: "s1" }), { type: "continued" }],
    ["continue from the review", review, { type: "continued" }],
    ["continue after sending", sent, { type: "continued" }],
    ["opening Select Student from the times", picking, { type: "studentDialogOpened" }],
    ["opening Select Student twice", reviewChoosing, { type: "studentDialogOpened" }],
    ["opening Select Student after sending", sent, { type: "studentDialogOpened" }],
    ["closing Select Student when it is not open", review, { type: "studentDialogClosed" }],
    ["a student chosen while Select Student is closed", review, { type: "studentChosen", studentId: "s2" }],
    ["a student chosen after sending", { ...sent, choosingStudent: true }, { type: "studentChosen", studentId: "s2" }],
    ["Back from the times", picking, { type: "backToTimes" }],
    ["Back after sending", sent, { type: "backToTimes" }],
    ["Back from the confirmation", confirmed, { type: "backToTimes" }],
    ["a second answer while Request Sent shows", sent, { type: "requestSent" }],
    ["an answer on the confirmation", confirmed, { type: "requestSent" }],
    ["a taken time after sending", sent, { type: "timeTaken", message: TAKEN }],
    ["a taken time on the confirmation", confirmed, { type: "timeTaken", message: TAKEN }],
    ["a refusal after sending", sent, { type: "requestRefused", refusal: said(BUSY) }],
    ["a new attempt with no refusal showing", review, { type: "requestStarted" }],
    ["skipping with no refusal", review, { type: "unavailableSkipped" }],
    ["skipping when the refusal named no time", { ...review, refusal: said(BUSY) }, { type: "unavailableSkipped" }],
    ["the timer before sending", review, { type: "sentShown" }],
    ["the timer on the times", picking, { type: "sentShown" }],
    ["the timer again on the confirmation", confirmed, { type: "sentShown" }],
    ["a format chosen on the times", picking, { type: "formatChosen", format: "online" }],
    ["a format chosen after sending", sent, { type: "formatChosen", format: "online" }],
    ["the same format again", { ...review, format: "online" }, { type: "formatChosen", format: "online" }],
  ])("%s", (_name, state, action) => {
    expect(bookingFlowReducer(state, action)).toBe(state);
  });
});

describe("bookingFlowReducer: a refused request", () => {
  const TWO_REFUSED = "1 of the 2 chosen times cannot be booked. Skip it or choose another time.";
  const refusedTen: Refusal = { message: TWO_REFUSED, unavailable: [{ startsAt: TEN.startsAt, reason: "buffer" }], series: false, leadHours: 0 };

  it("names the refused time and keeps every chosen time on the review", () => {
    const next = bookingFlowReducer(review, { type: "requestRefused", refusal: refusedTen });
    expect(next).toEqual({ ...review, refusal: refusedTen });
    expect(canSkipRefused(next)).toBe(true);
  });

  it("Skip these and send: the refused times are unchosen, the others sent, the refusal gone", () => {
    const refused = bookingFlowReducer(review, { type: "requestRefused", refusal: refusedTen });
    const skipped = bookingFlowReducer(refused, { type: "unavailableSkipped" });
    expect(skipped).toEqual({ ...review, selected: [NINE], refusal: null });
    expect(requestedTimes(skipped, "intro")).toEqual({ startTimes: [NINE.startsAt] });
  });

  it("compares instants, not spellings: an offset time from the server matches the chosen one", () => {
    const refusal = { ...refusedTen, unavailable: [{ startsAt: "2030-01-14T13:00:00-05:00", reason: "taken" as const }] };
    const skipped = bookingFlowReducer(bookingFlowReducer(review, { type: "requestRefused", refusal }), { type: "unavailableSkipped" });
    expect(skipped.selected).toEqual([NINE]);
  });

  it("every chosen time refused: back to the calendar with them unchosen, the refusal naming them", () => {
    const refusal: Refusal = {
      message: "2 of the 2 chosen times cannot be booked. Skip them or choose another time.",
      unavailable: [
        { startsAt: NINE.startsAt, reason: "too_soon" },
        { startsAt: TEN.startsAt, reason: "taken" },
      ],
      series: false,
      leadHours: 12,
    };
    const next = bookingFlowReducer(review, { type: "requestRefused", refusal });
    expect(next).toEqual({ ...review, step: "selecting", selected: [], refusal });
    expect(canSkipRefused(next)).toBe(false);
  });

  it("a series skips the refused weeks (even the first) and keeps its chosen time", () => {
    const series = { ...reviewOne, repeat: { mode: "weeks" as const, weeks: 4 } };
    const refusal: Refusal = { message: "1 of the 4 chosen times cannot be booked.", unavailable: [{ startsAt: NINE.startsAt, reason: "time_off" }], series: true, leadHours: 0 };
    const refused = bookingFlowReducer(series, { type: "requestRefused", refusal });
    expect(refused.step).toBe("review");
    const skipped = bookingFlowReducer(refused, { type: "unavailableSkipped" });
    expect(skipped).toEqual({ ...series, skip: [NINE.startsAt], refusal: null });
    expect(requestedTimes(skipped, "full")).toEqual({ startTimes: [NINE.startsAt], repeat: { weeks: 4 }, skip: [NINE.startsAt] });
  });

  it("a refusal that names no time stays on the step with its message", () => {
    expect(bookingFlowReducer(review, { type: "requestRefused", refusal: said(BUSY) })).toEqual({ ...review, refusal: said(BUSY) });
  });

  it.each<[string, BookingFlowAction, Partial<BookingFlowState>]>([
    ["a new attempt", { type: "requestStarted" }, {}],
    ["Back to the times", { type: "backToTimes" }, { step: "selecting" }],
    ["removing a time", { type: "timeRemoved", startsAt: NINE.startsAt }, { selected: [TEN] }],
    ["another repeat", { type: "repeatChanged", repeat: { mode: "weeks", weeks: 3 } }, { repeat: { mode: "weeks", weeks: 3 } }],
    ["the request sent", { type: "requestSent" }, { step: "sent" }],
  ])("a stale refusal is cleared by %s", (_name, action, changes) => {
    const refused = { ...review, refusal: refusedTen };
    expect(bookingFlowReducer(refused, action)).toEqual({ ...review, ...changes, refusal: null });
  });

  it("a stale refusal does not follow a new choice of times onto the review", () => {
    const onTimes = bookingFlowReducer(review, { type: "requestRefused", refusal: { ...refusedTen, unavailable: [{ startsAt: NINE.startsAt, reason: "taken" }, { startsAt: TEN.startsAt, reason: "taken" }] } });
    expect(onTimes.step).toBe("selecting");
    const picked = bookingFlowReducer(onTimes, { type: "timeToggled", slot: ELEVEN });
    expect(picked.refusal).toBeNull();
    expect(bookingFlowReducer(picked, { type: "continued" })).toEqual({ ...picked, step: "review" });
  });
});

describe("flowFormat: the format step's choices and answer (issue 26)", () => {
  const times = (...formats: string[]) => formats.map((format, i) => ({ ...slot(`2030-01-1${i + 4}T17:00:00.000Z`), format }));
  it.each<[string, BookingType, SlotDTO[], ChosenFormat | null, string | null, ChosenFormat[], ChosenFormat | null]>([
    ["a time open to both: the parent chooses", "full", times("both"), null, null, ["in_person", "online"], null],
    ["the search's lesson type preselects", "full", times("both"), null, "online", ["in_person", "online"], "online"],
    ["the parent's pick wins over the search", "full", times("both"), "in_person", "online", ["in_person", "online"], "in_person"],
    ["a single offered format is preselected", "full", times("online"), null, null, ["online"], "online"],
    ["a pick no longer offered falls back to the only one", "full", times("online"), "in_person", null, ["online"], "online"],
    ["several times offer what they share", "full", times("both", "in_person"), null, "online", ["in_person"], "in_person"],
    ["times that share nothing", "full", times("in_person", "online"), null, null, [], null],
    ["an intro call: online or by phone", "intro", times("in_person"), null, null, ["online", "phone"], null],
    ["an intro call found searching online", "intro", times("both"), null, "online", ["online", "phone"], "online"],
    ["an intro call found searching in person: the parent chooses", "intro", times("both"), null, "in_person", ["online", "phone"], null],
  ])("%s", (_name, type, selected, picked, searched, offered, format) => {
    expect(flowFormat({ selected, format: picked }, type, searched)).toEqual({ offered, format });
  });
});
