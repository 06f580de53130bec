import { BOOKING_TYPES, type BookingType } from "../booking/booking.constants";
import { localDateTime } from "../calendar/calendar-views.rules";
import { rateRange } from "../teachers/public-profile.rules";

/**
 * Earnings (teacher) and billing (parent) statements: what is known about lessons, valued at the
 * teacher's listed rate. No payment is taken in the app (decisions.md section 2), so nothing here is
 * money received: a figure is a count of lessons times a listed rate, and nothing else.
 *
 * Valuation: a full lesson is 60 minutes at the hourly rate; the listed rate is a range, so every
 * value is a range too (min at the low end of the rate, max at the high end). An intro call is free.
 * The rate is the teacher's current listed rate: the app keeps no history of past rates.
 *
 * A cancelled lesson is not owed (nor earned): it is listed and counted, but it has no value and
 * never adds to a figure (see lessonAmount).
 */

/** What became of a lesson, as a statement counts it. */
export const LESSON_OUTCOMES = ["attended", "missed", "unmarked", "upcoming", "cancelled"] as const;
export type LessonOutcome = (typeof LESSON_OUTCOMES)[number];

export const OUTCOME_LABELS: Record<LessonOutcome, string> = {
  attended: "Attended",
  missed: "Missed",
  unmarked: "Not marked yet",
  upcoming: "Upcoming",
  cancelled: "Cancelled",
};

/** The booking statuses a statement reads; pending, declined and expired requests never were lessons. */
export const STATEMENT_STATUSES = ["accepted", "cancelled"] as const;

export interface Rate {
  min: number;
  max: number;
}

/** A count of lessons and their value at the listed rate (whole dollars, low and high end). */
export interface Tally {
  count: number;
  min: number;
  max: number;
}

export type Tallies = Record<LessonOutcome, Tally>;

export interface MonthSummary extends Tallies {
  /** "2026-03", in the statement's time zone. */
  month: string;
  /** Of the cancelled lessons, those cancelled inside the teacher's notice window. */
  lateCancels: number;
}

export interface StatementLessonInput {
  status: string;
  attendance: string | null;
  startsAt: Date;
  bookingType: BookingType;
  lateCancel: boolean | null;
  /** Null once the teacher deleted their account: their rate is gone, so the lesson has no known value. */
  rate: Rate | null;
}

/**
 * A booking's outcome at `now`, or null when it is not a lesson a statement counts. Attendance is
 * what the teacher recorded after the start; an accepted lesson whose start has passed with no
 * record is "not marked yet" (counted, never guessed as attended). A lesson starting exactly now
 * has begun: it is no longer upcoming.
 */
export function lessonOutcome(lesson: { status: string; attendance: string | null; startsAt: Date }, now: Date): LessonOutcome | null {
  if (lesson.status === "cancelled") return "cancelled";
  if (lesson.status !== "accepted") return null;
  if (lesson.attendance === "attended") return "attended";
  if (lesson.attendance === "missed") return "missed";
  return lesson.startsAt > now ? "upcoming" : "unmarked";
}

/** Minutes of a full lesson: the hour the hourly rate is for. */
const HOUR_MINUTES = 60;

/** A lesson's value at the listed rate: a full lesson is 60 min at the hourly rate, an intro call is free. */
export function lessonValue(bookingType: BookingType, rate: Rate): Rate {
  if (bookingType === "intro") return { min: 0, max: 0 };
  const hours = BOOKING_TYPES[bookingType].minutes / HOUR_MINUTES;
  return { min: rate.min * hours, max: rate.max * hours };
}

/** What a statement shows in place of a value for a lesson that is not owed (a cancelled one). */
export const NOT_OWED_TEXT = "Not owed";

/** Whether lessons of this outcome carry a value: a cancelled lesson is not owed, whatever its type or rate. */
export function isOwed(outcome: LessonOutcome): boolean {
  return outcome !== "cancelled";
}

/** What a statement shows for a lesson whose teacher deleted their account: no rate is left to value it at. */
export const RATE_UNKNOWN_TEXT = "Rate unknown";

/** A counted lesson's value at the listed rate, or null when nothing is owed for it (cancelled) or the rate is gone (null). */
export function lessonAmount(outcome: LessonOutcome, bookingType: BookingType, rate: Rate | null): Rate | null {
  return isOwed(outcome) && rate ? lessonValue(bookingType, rate) : null;
}

/** "2026-03": the month an instant falls in, in a zone (a lesson at 23:30 on Jan 31 in New York is January). */
export function monthOf(instant: Date, timeZone: string): string {
  return localDateTime(instant, timeZone).date.slice(0, 7);
}

const emptyTally = (): Tally => ({ count: 0, min: 0, max: 0 });

export function emptyTallies(): Tallies {
  return { attended: emptyTally(), missed: emptyTally(), unmarked: emptyTally(), upcoming: emptyTally(), cancelled: emptyTally() };
}

/** One more lesson in a tally; a lesson that is not owed (null) adds to the count only. */
function add(tally: Tally, value: Rate | null): void {
  tally.count++;
  if (!value) return;
  tally.min += value.min;
  tally.max += value.max;
}

export interface Summary {
  /** Months that hold at least one counted lesson, oldest first. */
  months: MonthSummary[];
  totals: Tallies & { lateCancels: number };
}

/**
 * Per-month tallies in `timeZone` and their totals; lessons that are not counted are left out.
 * Cancelled lessons are counted but add nothing to any value (the cancelled tally stays at $0).
 */
export function summarize(lessons: readonly StatementLessonInput[], timeZone: string, now: Date): Summary {
  const byMonth = new Map<string, MonthSummary>();
  const totals = { ...emptyTallies(), lateCancels: 0 };
  for (const lesson of lessons) {
    const outcome = lessonOutcome(lesson, now);
    if (!outcome) continue;
    const month = monthOf(lesson.startsAt, timeZone);
    let row = byMonth.get(month);
    if (!row) {
      row = { month, ...emptyTallies(), lateCancels: 0 };
      byMonth.set(month, row);
    }
    const value = lessonAmount(outcome, lesson.bookingType, lesson.rate);
    add(row[outcome], value);
    add(totals[outcome], value);
    if (outcome === "cancelled" && lesson.lateCancel) {
      row.lateCancels++;
      totals.lateCancels++;
    }
  }
  const months = [...byMonth.values()].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
  return { months, totals };
}

/** "$50-70" for a range, "$50" when both ends agree (the same style as listed rates). */
export function formatValue(value: Rate): string {
  return rateRange(value.min, value.max);
}

/**
 * A lesson's or a tally's value as shown: "Not owed" for cancelled lessons, never a figure as if
 * owed; "Rate unknown" for an owed lesson without a rate (its teacher deleted their account).
 */
export function formatAmount(outcome: LessonOutcome, value: Rate | null): string {
  if (!isOwed(outcome)) return NOT_OWED_TEXT;
  return value ? formatValue(value) : RATE_UNKNOWN_TEXT;
}

/** "March 2026" for "2026-03". */
export function monthLabel(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(Date.UTC(year, monthNumber - 1, 1));
}
