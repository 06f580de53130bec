import type { UnavailableTime } from "../../../shared/booking/bookable.rules";
import type { BookingType, ChosenFormat } from "../../../shared/booking/booking.constants";
import { formatsForSlots, preselectedFormat } from "../../../shared/booking/lesson-place.rules";
import type { SlotDTO } from "../../../shared/booking/booking.schemas";

/**
 * The booking flow as one state machine (spec sections 4 and 9):
 *
 *   selecting ──continued──▶ (Select Student when none yet) ──▶ review ──requestSent──▶ sent ──sentShown──▶ confirmed
 *       ▲                                                         │  ▲
 *       │                                      requestRefused ────┘  │ unavailableSkipped (then sent again)
 *       └── backToTimes / timeTaken / last time removed / every chosen time refused
 *
 * A refused request leaves a `refusal` on the step it was sent from: the server's message and,
 * when it named them, the chosen times it cannot book with why. The other chosen times stay
 * chosen; "Skip these and send" drops the refused ones (a series skips those weeks) and sends the
 * rest. The refusal belongs to that one attempt: the next attempt, another choice of times, or a
 * move to another step clears it, so an old error never shows beside a new choice.
 *
 * Pure: the panel's components dispatch, effects (the request, the 2-second timer) live in the
 * panel. An action that makes no sense in the current step returns the same state object, so a
 * stray click (or a late response) cannot jump the flow. A future entry point (a class page
 * booking with a preselected student, a recurring-lesson option) adds its fields and actions here.
 */
export type BookingStep = "selecting" | "review" | "sent" | "confirmed";

/** A full lesson may repeat every week (issue 14): for a number of weeks or until a date. */
export type RepeatChoice = { mode: "once" } | { mode: "weeks"; weeks: number } | { mode: "until"; until: string };

export interface BookingFlowState {
  step: BookingStep;
  /** The calendar's month, "yyyy-MM". */
  month: string;
  /** The last month the calendar may show: lessons are booked up to 12 months ahead (booking-horizon.rules). */
  lastMonth: string;
  /** The day whose open times are shown, "yyyy-MM-dd"; null until one is picked. */
  day: string | null;
  /** The chosen times, sorted by start. */
  selected: readonly SlotDTO[];
  studentId: string | null;
  /** Select Student is open over the current step. */
  choosingStudent: boolean;
  repeat: RepeatChoice;
  /** Lessons of the series left out (start instants), after the server named them unavailable. */
  skip: readonly string[];
  /**
   * The format the parent picked (issue 26); null until they pick one. The panel shows it while
   * the chosen times offer it, else the preselected one (lesson-place.rules.ts preselectedFormat).
   */
  format: ChosenFormat | null;
  /** Why the last attempt failed, until the next attempt or step. */
  refusal: Refusal | null;
}

export interface Refusal {
  message: string;
  /** The chosen times (or weeks of a series) the server cannot book, with why; empty when it did not name any. */
  unavailable: readonly UnavailableTime[];
  /** The request was a weekly series: skipping leaves weeks out instead of chosen times. */
  series: boolean;
  /** The teacher's lead time, when a time was refused as too soon ("less than 12 hours from now"). */
  leadHours: number;
}

export type BookingFlowAction =
  | { type: "monthShown"; month: string }
  | { type: "dayPicked"; day: string | null }
  | { type: "timeToggled"; slot: SlotDTO }
  | { type: "timeRemoved"; startsAt: string }
  | { type: "continued" }
  | { type: "studentDialogOpened" }
  | { type: "studentDialogClosed" }
  | { type: "studentChosen"; studentId: string }
  | { type: "backToTimes" }
  | { type: "requestStarted" }
  | { type: "requestSent" }
  | { type: "requestRefused"; refusal: Refusal }
  | { type: "timeTaken"; message: string }
  | { type: "unavailableSkipped" }
  | { type: "sentShown" }
  | { type: "repeatChanged"; repeat: RepeatChoice }
  | { type: "formatChosen"; format: ChosenFormat };

export function initialBookingFlow({
  month,
  lastMonth,
  studentId,
}: {
  month: string;
  lastMonth: string;
  studentId: string | null;
}): BookingFlowState {
  return {
    step: "selecting",
    month,
    lastMonth,
    day: null,
    selected: [],
    studentId,
    choosingStudent: false,
    repeat: { mode: "once" },
    skip: [],
    refusal: null,
    format: null,
  };
}

const byStart = (a: SlotDTO, b: SlotDTO) => a.startsAt.localeCompare(b.startsAt);
const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/** The chosen times the refusal did not name: what "Skip these and send" sends. */
export function timesLeftAfterRefusal(state: Pick<BookingFlowState, "selected" | "refusal">): readonly SlotDTO[] {
  const refused = state.refusal?.unavailable ?? [];
  return state.selected.filter((s) => !refused.some((u) => sameInstant(u.startsAt, s.startsAt)));
}

/** Whether "Skip these and send" can send anything: refused times named, and something left (a series keeps its other weeks). */
export function canSkipRefused(state: Pick<BookingFlowState, "selected" | "refusal">): boolean {
  if (!state.refusal || state.refusal.unavailable.length === 0) return false;
  return state.refusal.series || timesLeftAfterRefusal(state).length > 0;
}

export function bookingFlowReducer(state: BookingFlowState, action: BookingFlowAction): BookingFlowState {
  switch (action.type) {
    case "monthShown":
      // A new month shows no day until one is picked.
      if (state.step !== "selecting" || (state.month === action.month && state.day === null)) return state;
      // Past the booking horizon there is nothing to book; the server would refuse the month.
      if (action.month > state.lastMonth) return state;
      return { ...state, month: action.month, day: null };

    case "dayPicked":
      if (state.step !== "selecting" || state.day === action.day) return state;
      return { ...state, day: action.day };

    case "timeToggled": {
      if (state.step !== "selecting") return state;
      const chosen = state.selected.some((s) => s.startsAt === action.slot.startsAt);
      const selected = chosen ? state.selected.filter((s) => s.startsAt !== action.slot.startsAt) : [...state.selected, action.slot].sort(byStart);
      return { ...state, selected, skip: [], refusal: null };
    }

    case "timeRemoved": {
      if (state.step !== "selecting" && state.step !== "review") return state;
      if (!state.selected.some((s) => s.startsAt === action.startsAt)) return state;
      const selected = state.selected.filter((s) => s.startsAt !== action.startsAt);
      // Removing the last time returns to selecting (spec section 4).
      return { ...state, selected, skip: [], refusal: null, step: selected.length === 0 ? "selecting" : state.step };
    }

    case "continued":
      if (state.step !== "selecting" || state.selected.length === 0) return state;
      // No student yet: Select Student opens first, and choosing one leads on to the review.
      return state.studentId ? { ...state, step: "review", refusal: null } : { ...state, choosingStudent: true };

    case "studentDialogOpened":
      // "Change" on the review; from the times, Continue opens it.
      if (state.step !== "review" || state.choosingStudent) return state;
      return { ...state, choosingStudent: true };

    case "studentDialogClosed":
      if (!state.choosingStudent) return state;
      return { ...state, choosingStudent: false };

    case "studentChosen":
      if (!state.choosingStudent || (state.step !== "selecting" && state.step !== "review")) return state;
      return {
        ...state,
        studentId: action.studentId,
        choosingStudent: false,
        refusal: null,
        step: state.selected.length > 0 ? "review" : state.step,
      };

    case "backToTimes":
      if (state.step !== "review") return state;
      return { ...state, step: "selecting", refusal: null };

    case "requestStarted":
      // A new attempt: the last one's error is no longer the answer.
      if ((state.step !== "review" && state.step !== "selecting") || state.refusal === null) return state;
      return { ...state, refusal: null };

    case "requestSent":
      // Also from selecting: a parent who went back while the request was on its way still sees it sent.
      if (state.step !== "review" && state.step !== "selecting") return state;
      return { ...state, step: "sent", choosingStudent: false, refusal: null };

    case "requestRefused": {
      if (state.step !== "review" && state.step !== "selecting") return state;
      const next = { ...state, refusal: action.refusal };
      // Every chosen time refused and no series to skip weeks of: nothing is left to send, so the
      // calendar comes back with those times unchosen and the refusal naming them.
      if (!action.refusal.series && action.refusal.unavailable.length > 0 && timesLeftAfterRefusal(next).length === 0) {
        return { ...next, step: "selecting", selected: [], skip: [] };
      }
      return next;
    }

    case "timeTaken":
      // Someone else took a time the server did not name: back to the calendar (refreshed by the
      // mutation) with nothing chosen, saying so.
      if (state.step !== "review" && state.step !== "selecting") return state;
      return { ...state, step: "selecting", selected: [], skip: [], refusal: { message: action.message, unavailable: [], series: false, leadHours: 0 } };

    case "unavailableSkipped": {
      if (state.step !== "review" || !canSkipRefused(state)) return state;
      const refused = state.refusal!.unavailable.map((u) => u.startsAt);
      // A series leaves those weeks out; otherwise the refused chosen times are unchosen.
      return state.refusal!.series
        ? { ...state, skip: [...new Set([...state.skip, ...refused])], refusal: null }
        : { ...state, selected: timesLeftAfterRefusal(state), refusal: null };
    }

    case "repeatChanged":
      // A new repeat is a new series: any skipped dates (and the refusal that named them) belonged to the old one.
      if (state.step !== "review") return state;
      return { ...state, repeat: action.repeat, skip: [], refusal: null };

    case "formatChosen":
      if (state.step !== "review" || state.format === action.format) return state;
      return { ...state, format: action.format };

    case "sentShown":
      if (state.step !== "sent") return state;
      return { ...state, step: "confirmed" };
  }
}

/** Whether the flow asks for a weekly series: a full lesson, one time chosen, a repeat picked. */
export function isSeries(state: Pick<BookingFlowState, "repeat" | "selected">, bookingType: string): boolean {
  return bookingType === "full" && state.selected.length === 1 && state.repeat.mode !== "once";
}

/** The times part of the request the flow sends: the chosen times, or one time with its repeat and skipped dates. */
export function requestedTimes(state: BookingFlowState, bookingType: string): { startTimes: string[]; repeat?: { weeks: number } | { until: string }; skip?: string[] } {
  const startTimes = state.selected.map((s) => s.startsAt);
  if (!isSeries(state, bookingType)) return { startTimes };
  const repeat = state.repeat.mode === "weeks" ? { weeks: state.repeat.weeks } : { until: state.repeat.mode === "until" ? state.repeat.until : "" };
  return { startTimes, repeat, ...(state.skip.length > 0 ? { skip: [...state.skip] } : {}) };
}

/**
 * The format step's choices and its answer: the formats every chosen time offers, and the
 * parent's pick while it is one of them, else the preselected one (the only format, or the
 * search's lesson type `searched`), else none yet.
 */
export function flowFormat(
  state: Pick<BookingFlowState, "selected" | "format">,
  bookingType: BookingType,
  searched: string | null,
): { offered: ChosenFormat[]; format: ChosenFormat | null } {
  const offered = formatsForSlots(bookingType, state.selected.map((slot) => slot.format));
  const format = state.format && offered.includes(state.format) ? state.format : preselectedFormat(offered, searched);
  return { offered, format };
}
