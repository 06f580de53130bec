import type { Dispatch, ReactNode } from "react";
import { BOOKING_TYPES, type BookingType } from "../../../shared/booking/booking.constants";
import { lessonPrice } from "../../../shared/booking/booking.rules";
import type { SlotDTO } from "../../../shared/booking/booking.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import type { BookingFlowAction, RepeatChoice } from "./booking-flow.reducer";
import type { UnavailableTime } from "../../../shared/booking/bookable.rules";
import { localDateTime } from "../../../shared/calendar/calendar-views.rules";
import { seriesChoiceProblem } from "../../../shared/lessons/series.rules";
import { RepeatChooser } from "./repeat-chooser";
import { UnavailableTimes } from "./unavailable-times";
import { formatSlot, zoneLabel } from "./format-time";

export interface ReviewTeacher {
  firstName: string;
  hourlyRateMin: number;
  hourlyRateMax: number;
}

/** Step 2: what is being asked for, from whom and at what price; no payment is taken in the app. */
export function ReviewStep({
  bookingType,
  teacher,
  studentName,
  selected,
  timeZone,
  requestError,
  sending,
  onSend,
  repeat,
  unavailable,
  dispatch,
  how,
  formatMissing = false,
  extra,
}: {
  bookingType: BookingType;
  teacher: ReviewTeacher;
  /** Null while the parent's students are loading. */
  studentName: string | null;
  selected: readonly SlotDTO[];
  timeZone: string;
  requestError: string | null;
  sending: boolean;
  onSend: () => void;
  repeat: RepeatChoice;
  /**
   * The chosen times (or weeks of a series) the server refused, each with why, and the way to skip
   * them and send the rest (none when nothing would be left).
   */
  unavailable: { message: string; times: readonly UnavailableTime[]; series: boolean; leadHours: number; onSkip: (() => void) | undefined } | null;
  dispatch: Dispatch<BookingFlowAction>;
  /** The format step (issue 26): how the lesson takes place, below what is asked for. */
  how?: ReactNode;
  /** No format chosen yet: the request cannot be sent. */
  formatMissing?: boolean;
  /** Shown above the note on payment (e.g. the make-up credit choice). */
  extra?: ReactNode;
}) {
  // Only a full lesson at one chosen time can repeat weekly; the first lesson's date bounds "until".
  const canRepeat = bookingType === "full" && selected.length === 1;
  const firstDate = selected[0] ? localDateTime(selected[0].startsAt, timeZone).date : "";
  // The series' length is checked here, by the server's own rules, before anything is sent.
  const repeatProblem =
    canRepeat && repeat.mode !== "once" ? seriesChoiceProblem(firstDate, repeat.mode === "weeks" ? { weeks: repeat.weeks } : { until: repeat.until }) : null;
  const price = bookingType === "intro" ? lessonPrice("intro", teacher) : `${lessonPrice("full", teacher)}/hour (set by ${teacher.firstName})`;
  return (
    <div className="space-y-4">
      <dl className="grid gap-3 rounded-xl border border-slate-200 p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Lesson</dt>
          <dd className="font-medium text-slate-900">
            {BOOKING_TYPES[bookingType].label} · {BOOKING_TYPES[bookingType].minutes} min
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Student</dt>
          <dd className="font-medium text-slate-900">
            {studentName ?? "…"}{" "}
            <Button variant="link" className="ml-1 text-sm" onClick={() => dispatch({ type: "studentDialogOpened" })}>
              Change
            </Button>
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Price</dt>
          <dd className="font-medium text-slate-900">{price}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Times ({zoneLabel(timeZone)})</dt>
          <dd>
            <ul className="font-medium text-slate-900">
              {selected.map((s) => {
                // Refused times stay listed (nothing is dropped without the parent's say) but marked.
                const refused = unavailable?.times.some((u) => Date.parse(u.startsAt) === Date.parse(s.startsAt)) ?? false;
                return (
                  <li key={s.startsAt} className={refused ? "text-slate-500" : undefined}>
                    {formatSlot(s.startsAt)}
                    {refused ? <span className="ml-1 text-xs font-normal">(cannot be booked)</span> : null}
                  </li>
                );
              })}
            </ul>
          </dd>
        </div>
      </dl>
      {how}
      {extra}
      <Alert tone="info">No payment is taken in the app. {bookingType === "full" ? `You pay ${teacher.firstName} directly, at the rate above.` : "Intro calls are free."}</Alert>
      {canRepeat ? <RepeatChooser repeat={repeat} firstDate={firstDate} problem={repeatProblem} dispatch={dispatch} /> : null}
      {unavailable ? (
        <UnavailableTimes
          message={unavailable.message}
          unavailable={unavailable.times}
          timeZone={timeZone}
          leadHours={unavailable.leadHours}
          sending={sending}
          skipLabel={skipLabel(unavailable.times.length, unavailable.series)}
          onSkip={unavailable.onSkip}
        />
      ) : requestError ? (
        <Alert>{requestError}</Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={() => dispatch({ type: "backToTimes" })}>
          ← Back
        </Button>
        <Button onClick={onSend} disabled={sending || repeatProblem !== null || formatMissing}>
          {sending ? "Sending..." : "Send Request"}
        </Button>
      </div>
    </div>
  );
}

/** A series leaves dates out; chosen times are skipped ("Skip these and send"). */
function skipLabel(count: number, series: boolean): string {
  if (series) return count === 1 ? "Skip this date and send" : "Skip these dates and send";
  return count === 1 ? "Skip this time and send" : "Skip these and send";
}
