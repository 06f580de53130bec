import { formatTally, OUTCOME_LABELS, type LessonOutcome } from "../../../shared/earnings/earnings.rules";
import { formatMoney } from "../../../shared/invoices/money.rules";
import type { Statement } from "../../../shared/earnings/earnings.schemas";
import { lessonsCount } from "./statement-format";

/**
 * The year's totals, main figures first; the tiles for missed and unmarked lessons show only when
 * there are some. Cancelled lessons are not owed unless a late cancellation was charged; the last
 * tile is the year's total, the sum of all the others.
 */
const MAIN: LessonOutcome[] = ["attended", "upcoming", "cancelled"];
const MORE: LessonOutcome[] = ["unmarked", "missed"];

export function StatementTiles({ statement }: { statement: Statement }) {
  const { totals } = statement;
  const shown = [...MAIN, ...MORE.filter((outcome) => totals[outcome].count > 0)];
  return (
    <ul aria-label={`Totals for ${statement.year}`} className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
      {shown.map((outcome) => (
        <li key={outcome} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4">
          <p className="text-sm font-medium text-slate-600">{OUTCOME_LABELS[outcome]}</p>
          <p className="mt-1 text-xl font-bold break-words text-slate-900 sm:text-2xl" data-testid={`total-${outcome}-value`}>
            {formatTally(outcome, totals[outcome])}
          </p>
          <p className="text-sm text-slate-600" data-testid={`total-${outcome}-count`}>
            {lessonsCount(totals[outcome].count)}
            {outcome === "cancelled" && totals.lateCancels > 0 ? ` (${totals.lateCancels} late)` : ""}
            {outcome === "cancelled" && totals.chargedCancels > 0 ? `, ${totals.chargedCancels} charged` : ""}
          </p>
        </li>
      ))}
      <li className="min-w-0 rounded-2xl border border-slate-300 bg-slate-50 p-4">
        <p className="text-sm font-medium text-slate-600">Total</p>
        <p className="mt-1 text-xl font-bold break-words text-slate-900 sm:text-2xl" data-testid="total-all-value">
          {formatMoney(totals.totalCents)}
        </p>
        <p className="text-sm text-slate-600">all lessons above</p>
      </li>
    </ul>
  );
}
