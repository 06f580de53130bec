import type { BookingType } from "../booking/booking.constants";
import { localDateTime } from "../calendar/calendar-views.rules";
import { formatMoney, sumCents } from "../invoices/money.rules";
import type { CancelledBy } from "../lessons/cancellation.rules";
import { dateTimeFormat } from "../date-time-format";

/**
 * Earnings (teacher) and billing (parent) statements: what is known about lessons, valued at the
 * price agreed for each when the teacher accepted it (issue 28), in integer cents. No payment is
 * taken in the app (decisions.md section 2), so nothing here is money received: a figure is the
 * sum of the agreed prices of the lessons it counts, and nothing else.
 *
 * A price never follows the teacher's listed range: a rate change leaves every past figure as it
 * was. Lessons accepted before prices existed got the low end of the range at migration and are
 * marked "Estimated". An intro call is free (price 0).
 *
 * A cancelled lesson is not owed, unless the family cancelled it late under a policy that charges
 * (cancelChargeCents): then it is "Late cancellation charged" at that amount and adds to the
 * figures like any lesson.
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

/** A count of lessons and the sum of their amounts (cents); `unpriced`: lessons of it with no known price. */
export interface Tally {
  count: number;
  cents: number;
  unpriced: number;
}

export type Tallies = Record<LessonOutcome, Tally>;

export interface MonthSummary extends Tallies {
  /** "2026-03", in the statement's time zone. */
  month: string;
  /** Of the cancelled lessons, those cancelled inside the teacher's notice window, and those of them charged. */
  lateCancels: number;
  chargedCancels: number;
  /** The sum of every lesson's amount in the month: the sum of the outcome tallies. */
  totalCents: number;
}

export interface StatementLessonInput {
  status: string;
  attendance: string | null;
  startsAt: Date;
  bookingType: BookingType;
  lateCancel: boolean | null;
  /** Who cancelled: only the family's late cancellations are counted as late (issue 41). */
  cancelledBy: CancelledBy | null;
  /** The price agreed at acceptance; null only for a deleted teacher's lesson accepted before prices existed. */
  priceCents: number | null;
  /** What the family's late cancel was charged; null when nothing was. */
  cancelChargeCents: number | null;
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

/** What a statement shows in place of an amount for a cancelled lesson that was not charged. */
export const NOT_OWED_TEXT = "Not owed";
/** What a statement shows for a lesson with no stored price (a deleted teacher's, from before prices existed). */
export const PRICE_UNKNOWN_TEXT = "Price unknown";
/** The status of a cancelled lesson the family was charged for. */
export const LATE_CANCEL_CHARGED_TEXT = "Late cancellation charged";

/**
 * A counted lesson's amount in cents: its agreed price; for a cancelled lesson, what its late
 * cancellation was charged (null: not owed). Null also when the price is unknown.
 */
export function lessonAmount(outcome: LessonOutcome, lesson: Pick<StatementLessonInput, "priceCents" | "cancelChargeCents">): number | null {
  return outcome === "cancelled" ? lesson.cancelChargeCents : lesson.priceCents;
}

/** "2026-03": the month an instant falls in, in a zone (a lesson at 23:30 on Jan 31 in New York is January). */
export function monthOf(instant: Date, timeZone: string): string {
  return localDateTime(instant, timeZone).date.slice(0, 7);
}

const emptyTally = (): Tally => ({ count: 0, cents: 0, unpriced: 0 });

export function emptyTallies(): Tallies {
  return { attended: emptyTally(), missed: emptyTally(), unmarked: emptyTally(), upcoming: emptyTally(), cancelled: emptyTally() };
}

/** One more lesson in a tally: its amount adds in; an owed lesson without a price counts as unpriced. */
function add(tally: Tally, outcome: LessonOutcome, amount: number | null): void {
  tally.count++;
  if (amount !== null) tally.cents += amount;
  else if (outcome !== "cancelled") tally.unpriced++;
}

/**
 * "(n late)" on a statement is the family's late cancellations, those the teacher's notice policy is
 * about: a lesson the teacher cancelled, however late, or that ended because the teacher can no
 * longer teach, is not the family's (issue 41).
 */
export function isFamilysLateCancel(lesson: Pick<StatementLessonInput, "lateCancel" | "cancelledBy">): boolean {
  return lesson.lateCancel === true && lesson.cancelledBy === "parent";
}

export interface Summary {
  /** Months that hold at least one counted lesson, oldest first. */
  months: MonthSummary[];
  totals: Tallies & { lateCancels: number; chargedCancels: number; totalCents: number };
}

const emptyMonth = (month: string): MonthSummary => ({ month, ...emptyTallies(), lateCancels: 0, chargedCancels: 0, totalCents: 0 });

/**
 * Per-month tallies in `timeZone` and their totals; lessons that are not counted are left out.
 * Every total is a sum of the lessons' integer amounts, so the months add up to the year and the
 * outcomes to each month's total.
 */
export function summarize(lessons: readonly StatementLessonInput[], timeZone: string, now: Date): Summary {
  const byMonth = new Map<string, MonthSummary>();
  const totals = emptyMonth("");
  for (const lesson of lessons) {
    const outcome = lessonOutcome(lesson, now);
    if (!outcome) continue;
    const month = monthOf(lesson.startsAt, timeZone);
    let row = byMonth.get(month);
    if (!row) {
      row = emptyMonth(month);
      byMonth.set(month, row);
    }
    const amount = lessonAmount(outcome, lesson);
    for (const summary of [row, totals]) {
      add(summary[outcome], outcome, amount);
      if (outcome === "cancelled" && isFamilysLateCancel(lesson)) summary.lateCancels++;
      if (outcome === "cancelled" && amount !== null) summary.chargedCancels++;
    }
  }
  const months = [...byMonth.values()].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
  for (const summary of [...months, totals]) summary.totalCents = sumCents(LESSON_OUTCOMES.map((outcome) => summary[outcome].cents));
  const { month: _none, ...yearTotals } = totals;
  return { months, totals: yearTotals };
}

/** A lesson's amount as shown: "$60.00 USD"; "Not owed" for a cancelled lesson not charged; "Price unknown". */
export function formatAmount(outcome: LessonOutcome, amount: number | null): string {
  if (amount !== null) return formatMoney(amount);
  return outcome === "cancelled" ? NOT_OWED_TEXT : PRICE_UNKNOWN_TEXT;
}

/** A tally's sum as shown; cancelled lessons none of which was charged are "Not owed"; unpriced ones are named. */
export function formatTally(outcome: LessonOutcome, tally: Tally): string {
  if (outcome === "cancelled" && tally.cents === 0) return NOT_OWED_TEXT;
  const unknown = tally.unpriced > 0 ? ` + ${tally.unpriced} ${PRICE_UNKNOWN_TEXT.toLowerCase()}` : "";
  return `${formatMoney(tally.cents)}${unknown}`;
}

/** "March 2026" for "2026-03". */
export function monthLabel(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return dateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(Date.UTC(year, monthNumber - 1, 1));
}
