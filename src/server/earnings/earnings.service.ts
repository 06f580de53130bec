import { instantFromLocal } from "../../shared/calendar/calendar-views.rules";
import { DELETED_USER_NAME } from "../../shared/classes/classes.api";
import { lessonAmount, lessonOutcome, monthOf, summarize, type StatementLessonInput } from "../../shared/earnings/earnings.rules";
import type { BillingQuery, EarningsQuery, Statement, StatementLesson } from "../../shared/earnings/earnings.schemas";
import { statementCsv, statementFileName, type StatementSide } from "../../shared/earnings/statement-csv.rules";
import { DELETED_TEACHER_NAME } from "../../shared/accounts/accounts.constants";
import { AppError } from "../../shared/errors";
import type { Deps } from "../deps";
import * as repo from "./earnings.repo";

const yearOf = (instant: Date, timeZone: string) => Number(monthOf(instant, timeZone).slice(0, 4));

/** Years from the first to the last lesson, with the current year, newest first. */
function statementYears(span: { first: Date | null; last: Date | null }, timeZone: string, now: Date): number[] {
  const current = yearOf(now, timeZone);
  const first = Math.min(current, span.first ? yearOf(span.first, timeZone) : current);
  const last = Math.max(current, span.last ? yearOf(span.last, timeZone) : current);
  const years: number[] = [];
  for (let year = last; year >= first; year--) years.push(year);
  return years;
}

/**
 * One year of the owner's lessons in `timeZone`: each lesson with its outcome and value, the
 * per-month tallies and totals (src/shared/earnings/earnings.rules.ts), all from stored prices.
 */
async function buildStatement(
  deps: Pick<Deps, "db">,
  owner: repo.StatementOwner,
  timeZone: string,
  requestedYear: number | undefined,
  now: Date,
): Promise<Statement> {
  const year = requestedYear ?? yearOf(now, timeZone);
  const from = instantFromLocal(`${year}-01-01`, "00:00", timeZone);
  const to = instantFromLocal(`${year + 1}-01-01`, "00:00", timeZone);
  const [rows, span] = await Promise.all([repo.listStatementLessons(deps.db, owner, from, to), repo.lessonSpan(deps.db, owner)]);

  const inputs: StatementLessonInput[] = rows;
  const { months, totals } = summarize(inputs, timeZone, now);
  const lessons: StatementLesson[] = [];
  for (const row of rows) {
    const outcome = lessonOutcome(row, now);
    if (!outcome) continue;
    lessons.push({
      bookingId: row.bookingId,
      startsAt: row.startsAt.toISOString(),
      month: monthOf(row.startsAt, timeZone),
      bookingType: row.bookingType,
      outcome,
      cancelledBy: row.cancelledBy,
      lateCancel: row.lateCancel ?? false,
      studentName: row.studentName ?? DELETED_USER_NAME,
      teacherName: row.teacherName ?? DELETED_TEACHER_NAME,
      parentName: row.parentName ?? DELETED_USER_NAME,
      priceCents: row.priceCents,
      priceEstimated: row.priceEstimated,
      cancelChargeCents: row.cancelChargeCents,
      amountCents: lessonAmount(outcome, row),
    });
  }
  return {
    year,
    years: statementYears(span, timeZone, now),
    timeZone,
    months,
    totals,
    lessons,
  };
}

/** The teacher's earnings, in months of the teacher's own zone. */
export async function teacherEarnings(deps: Pick<Deps, "db">, teacherId: string, query: EarningsQuery, now = new Date()): Promise<Statement> {
  const terms = await repo.findTeacherTerms(deps.db, teacherId);
  if (!terms) throw new AppError("not_found", "Teacher profile not found");
  return buildStatement(deps, { teacherId }, terms.timeZone, query.year, now);
}

/** A parent's billing across all their students and teachers, in months of the viewer's zone. */
export async function parentBilling(deps: Pick<Deps, "db">, parentId: string, query: BillingQuery, now = new Date()): Promise<Statement> {
  return buildStatement(deps, { parentId }, query.timeZone, query.year, now);
}

export interface CsvFile {
  fileName: string;
  text: string;
}

export function statementFile(statement: Statement, side: StatementSide): CsvFile {
  return { fileName: statementFileName(side, statement.year), text: statementCsv(statement, side) };
}
