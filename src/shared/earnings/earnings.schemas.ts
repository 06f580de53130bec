import { z } from "zod";
import type { BookingType } from "../booking/booking.constants";
import { timeZoneSchema } from "../booking/booking.schemas";
import type { CancelledBy } from "../lessons/cancellation.rules";
import type { LessonOutcome, MonthSummary, Summary } from "./earnings.rules";

/** A statement covers one calendar year; lessons exist only in these years (calendar events are dated 2000-2100 too). */
export const STATEMENT_FIRST_YEAR = 2000;
export const STATEMENT_LAST_YEAR = 2100;
export const STATEMENT_YEAR_MESSAGE = `Year must be a year from ${STATEMENT_FIRST_YEAR} to ${STATEMENT_LAST_YEAR}, like 2026`;

const yearSchema = z
  .string({ error: STATEMENT_YEAR_MESSAGE })
  .regex(/^\d{4}$/, STATEMENT_YEAR_MESSAGE)
  .transform(Number)
  .refine((year) => year >= STATEMENT_FIRST_YEAR && year <= STATEMENT_LAST_YEAR, STATEMENT_YEAR_MESSAGE)
  .optional();

/** The teacher's earnings: months are the teacher's own zone (from the profile). Default year: this year. */
export const earningsQuerySchema = z.object({ year: yearSchema });
export type EarningsQuery = z.output<typeof earningsQuerySchema>;

/** A parent's billing: months are the viewer's zone, sent by the browser (a parent profile keeps none). */
export const billingQuerySchema = z.object({ year: yearSchema, timeZone: timeZoneSchema });
export type BillingQuery = z.output<typeof billingQuerySchema>;

/** One lesson of a statement, as listed under its month and written to the CSV. */
export interface StatementLesson {
  bookingId: string;
  startsAt: string;
  /** "2026-03" in the statement's zone. */
  month: string;
  bookingType: BookingType;
  outcome: LessonOutcome;
  cancelledBy: CancelledBy | null;
  lateCancel: boolean;
  studentName: string;
  teacherName: string;
  /** The parent who booked it (shown to the teacher; the parent is the reader of billing). */
  parentName: string;
  /** The price agreed at acceptance (cents; null: unknown), and whether it was estimated at migration (issue 28). */
  priceCents: number | null;
  priceEstimated: boolean;
  /** What the family's late cancellation was charged (cents), null when nothing was. */
  cancelChargeCents: number | null;
  /** What the lesson adds to the figures: its price, its charge when cancelled; null when not owed or unknown. */
  amountCents: number | null;
}

export interface Statement {
  year: number;
  /** Years that hold a lesson, and the current year, newest first: the year picker. */
  years: number[];
  timeZone: string;
  months: MonthSummary[];
  totals: Summary["totals"];
  lessons: StatementLesson[];
}
