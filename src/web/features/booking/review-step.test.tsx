import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { SlotDTO } from "../../../shared/booking/booking.schemas";
import { formatSlot } from "./format-time";
import { ReviewStep } from "./review-step";

const TIMES: SlotDTO[] = [
  { startsAt: "2030-01-14T14:00:00.000Z", endsAt: "2030-01-14T15:00:00.000Z", format: "online" },
  { startsAt: "2030-01-15T14:00:00.000Z", endsAt: "2030-01-15T15:00:00.000Z", format: "online" },
];
const TAYLOR = { firstName: "Taylor", hourlyRateMin: 60, hourlyRateMax: 90 };

function renderReview(overrides: Partial<Parameters<typeof ReviewStep>[0]> = {}) {
  const dispatch = vi.fn();
  const onSend = vi.fn();
  render(
    <ReviewStep
      bookingType="full"
      teacher={TAYLOR}
      studentName="Mia Rivera"
      selected={TIMES}
      timeZone="America/New_York"
      requestError={null}
      sending={false}
      onSend={onSend}
      repeat={{ mode: "once" }}
      unavailable={null}
      dispatch={dispatch}
      {...overrides}
    />,
  );
  return { dispatch, onSend, user: userEvent.setup() };
}

const detail = (term: string) => screen.getByText(term, { selector: "dt" }).nextElementSibling;

describe("ReviewStep", () => {
  it("shows the lesson, the student, the teacher's own rate and every time in the viewer's zone", () => {
    renderReview();
    expect(detail("Lesson")).toHaveTextContent("Full Lesson · 60 min");
    expect(detail("Student")).toHaveTextContent("Mia Rivera");
    expect(detail("Price")).toHaveTextContent("$60-90/hour (set by Taylor)");
    expect(screen.getByText(/^Times \(Eastern (Standard|Daylight) Time \(America\/New_York\)\)$/)).toBeInTheDocument();
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(TIMES.map((t) => formatSlot(t.startsAt)));
    expect(screen.getByText(/No payment is taken in the app\./)).toHaveTextContent("You pay Taylor directly, at the rate above.");
  });

  it("prices an intro call as free", () => {
    renderReview({ bookingType: "intro" });
    expect(detail("Lesson")).toHaveTextContent("Intro Call · 15 min");
    expect(detail("Price")).toHaveTextContent(/^Free$/);
    expect(screen.getByText(/No payment is taken in the app\./)).toHaveTextContent("Intro calls are free.");
  });

  it("a teacher with one rate shows it once", () => {
    renderReview({ teacher: { firstName: "Sam", hourlyRateMin: 50, hourlyRateMax: 50 } });
    expect(detail("Price")).toHaveTextContent(/^\$50\/hour \(set by Sam\)$/);
  });

  it("Back, Change and Send Request drive the flow", async () => {
    const { dispatch, onSend, user } = renderReview();
    await user.click(screen.getByRole("button", { name: "← Back" }));
    expect(dispatch).toHaveBeenLastCalledWith({ type: "backToTimes" });
    await user.click(screen.getByRole("button", { name: "Change" }));
    expect(dispatch).toHaveBeenLastCalledWith({ type: "studentDialogOpened" });
    await user.click(screen.getByRole("button", { name: "Send Request" }));
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it("while sending, the button says so and cannot be pressed again; a failure is shown", () => {
    renderReview({ sending: true, requestError: "That time was just booked. Please choose another time." });
    expect(screen.getByRole("button", { name: "Sending..." })).toBeDisabled();
    expect(screen.getByText("That time was just booked. Please choose another time.")).toBeInTheDocument();
  });

  it("shows an ellipsis while the student's name is loading", () => {
    renderReview({ studentName: null });
    expect(detail("Student")).toHaveTextContent(/^…\s*Change$/);
  });

  it("offers every week for one full lesson only, and says what a series means", async () => {
    const { dispatch, user } = renderReview({ selected: TIMES.slice(0, 1) });
    await user.click(screen.getByRole("radio", { name: "Every week, for a number of weeks" }));
    expect(dispatch).toHaveBeenCalledWith({ type: "repeatChanged", repeat: { mode: "weeks", weeks: 8 } });
    expect(screen.queryByRole("spinbutton")).toBeNull();
  });

  it("shows the chosen number of weeks and the series rule", () => {
    renderReview({ selected: TIMES.slice(0, 1), repeat: { mode: "weeks", weeks: 8 } });
    expect(screen.getByRole("spinbutton", { name: /Number of lessons/ })).toHaveValue(8);
    expect(screen.getByText(/accepts or declines the series as a whole/)).toBeInTheDocument();
  });

  it.each([
    [{ mode: "weeks" as const, weeks: 40 }, "A weekly series has 2 to 26 lessons"],
    [{ mode: "weeks" as const, weeks: Number.NaN }, "A weekly series has 2 to 26 lessons"],
    [{ mode: "until" as const, until: "2030-01-16" }, "A weekly series needs at least 2 lessons: choose a later end date"],
    [{ mode: "until" as const, until: "2031-06-01" }, "A weekly series can have at most 26 lessons: choose an earlier end date"],
  ])("checks the series' length before sending: %j", (repeat, message) => {
    renderReview({ selected: TIMES.slice(0, 1), repeat });
    expect(screen.getByRole("alert")).toHaveTextContent(message);
    expect(screen.getByRole("button", { name: "Send Request" })).toBeDisabled();
  });

  it("a series of a valid length can be sent", () => {
    renderReview({ selected: TIMES.slice(0, 1), repeat: { mode: "weeks", weeks: 8 } });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("button", { name: "Send Request" })).toBeEnabled();
  });

  it("has no repeat for two chosen times or an intro call", () => {
    renderReview();
    expect(screen.queryByRole("radio", { name: "Just this lesson" })).toBeNull();
  });

  it("lists the dates a series cannot have, with why, and skips them on request", async () => {
    const onSkip = vi.fn();
    const { user } = renderReview({
      selected: TIMES.slice(0, 1),
      repeat: { mode: "weeks", weeks: 4 },
      requestError: "1 of the 4 chosen times cannot be booked.",
      unavailable: { message: "1 of the 4 chosen times cannot be booked.", times: [{ startsAt: TIMES[1]!.startsAt, reason: "time_off" }], series: true, leadHours: 0, onSkip },
    });
    expect(screen.getByText(`${formatSlot(TIMES[1]!.startsAt, "America/New_York")}: the teacher is away`)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Skip this date and send" }));
    expect(onSkip).toHaveBeenCalledOnce();
  });

  it("names each refused chosen time with its reason in the viewer's zone, and offers Skip these and send", async () => {
    const onSkip = vi.fn();
    const three = [...TIMES, { startsAt: "2030-01-16T14:00:00.000Z", endsAt: "2030-01-16T15:00:00.000Z", format: "online" }];
    const { user } = renderReview({
      selected: three,
      timeZone: "America/Chicago",
      unavailable: {
        message: "2 of the 3 chosen times cannot be booked. Skip them or choose another time.",
        times: [
          { startsAt: TIMES[0]!.startsAt, reason: "too_soon" },
          { startsAt: TIMES[1]!.startsAt, reason: "buffer" },
        ],
        series: false,
        leadHours: 12,
        onSkip,
      },
    });
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("2 of the 3 chosen times cannot be booked.");
    // 14:00Z is 8:00 AM in Chicago in January.
    expect(screen.getByText("Mon, Jan 14, 8:00 AM CST: less than 12 hours from now")).toBeInTheDocument();
    expect(screen.getByText("Tue, Jan 15, 8:00 AM CST: too close to another lesson")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Skip these and send" }));
    expect(onSkip).toHaveBeenCalledOnce();
    // Every chosen time is still listed; the refused ones are marked.
    expect(detail("Times (Central Standard Time (America/Chicago))")?.querySelectorAll("li")).toHaveLength(3);
    expect(screen.getAllByText("(cannot be booked)")).toHaveLength(2);
    // The refusal replaces the plain error line: one message, not two.
    expect(screen.getAllByText(/chosen times cannot be booked/)).toHaveLength(1);
  });

  it("one refused chosen time: Skip this time and send; nothing left to send: no button", () => {
    const refused = { message: "1 of the 2 chosen times cannot be booked. Skip it or choose another time.", times: [{ startsAt: TIMES[1]!.startsAt, reason: "taken" as const }], series: false, leadHours: 0 };
    renderReview({ unavailable: { ...refused, onSkip: vi.fn() } });
    expect(screen.getByRole("button", { name: "Skip this time and send" })).toBeEnabled();
    cleanup();
    renderReview({ unavailable: { ...refused, onSkip: undefined } });
    expect(screen.queryByRole("button", { name: /^Skip/ })).toBeNull();
  });
});
