import { BOOKING_TYPES } from "../booking/booking.constants";
import { localDateTime } from "../calendar/calendar-views.rules";
import { CSV_BOM, toCsv, type CsvCell } from "./csv.rules";
import { LATE_CANCEL_CHARGED_TEXT, OUTCOME_LABELS } from "./earnings.rules";
import { centsToDollarsText } from "../invoices/money.rules";
import type { Statement } from "./earnings.schemas";

/** Whose statement: the teacher's earnings name the parent of each lesson, a parent's billing the teacher. */
export type StatementSide = "teacher" | "parent";

/** The file a statement downloads as, e.g. earnings-2026.csv. */
export function statementFileName(side: StatementSide, year: number): string {
  return `${side === "teacher" ? "earnings" : "billing"}-${year}.csv`;
}

/**
 * A statement's lessons as CSV, one line per lesson with the figures the screen adds up (so a
 * spreadsheet's sums match the screen's totals). Dates and times are in the statement's zone,
 * named in a column; amounts are the agreed prices in dollars and cents ("60.00", exact: written
 * from integer cents), the amount left empty for a cancelled lesson not charged (nothing is owed).
 */
export function statementCsv(statement: Statement, side: StatementSide): string {
  const header: CsvCell[] = [
    "Month",
    "Date",
    "Start time",
    "Time zone",
    "Student",
    side === "teacher" ? "Parent" : "Teacher",
    "Lesson",
    "Minutes",
    "Status",
    "Cancelled by",
    "Late cancel",
    "Price (USD)",
    "Price estimated",
    "Amount (USD)",
  ];
  const rows = statement.lessons.map((lesson): CsvCell[] => {
    const local = localDateTime(lesson.startsAt, statement.timeZone);
    const cancelled = lesson.outcome === "cancelled";
    return [
      lesson.month,
      local.date,
      local.time,
      statement.timeZone,
      lesson.studentName,
      side === "teacher" ? lesson.parentName : lesson.teacherName,
      BOOKING_TYPES[lesson.bookingType].label,
      BOOKING_TYPES[lesson.bookingType].minutes,
      cancelled && lesson.cancelChargeCents !== null ? LATE_CANCEL_CHARGED_TEXT : OUTCOME_LABELS[lesson.outcome],
      cancelled ? lesson.cancelledBy : null,
      cancelled ? lesson.lateCancel : null,
      lesson.priceCents === null ? null : centsToDollarsText(lesson.priceCents),
      lesson.priceEstimated,
      // A cancelled lesson not charged is not owed: no amount, so a spreadsheet's sum matches the screen's total.
      lesson.amountCents === null ? null : centsToDollarsText(lesson.amountCents),
    ];
  });
  return CSV_BOM + toCsv([header, ...rows]);
}
