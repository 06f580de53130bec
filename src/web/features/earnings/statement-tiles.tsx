import { formatAmount, OUTCOME_LABELS, type LessonOutcome } from "../../../shared/earnings/earnings.rules";
import type { Statement } from "../../../shared/earnings/earnings.schemas";
import { lessonsCount } from "./statement-format";

/**
 * The year's totals, main figures first; the tiles for missed and unmarked lessons show only when
 * there are some. Cancelled lessons are counted but not owed: their tile says so instead of a value.
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
            {formatAmount(outcome, totals[outcome])}
          </p>
          <p className="text-sm text-slate-600" data-testid={`total-${outcome}-count`}>
            {lessonsCount(totals[outcome].count)}
            {outcome === "cancelled" && totals.lateCancels > 0 ? ` (${totals.lateCancels} late)` : ""}
          </p>
        </li>
      ))}
    </ul>
  );
}
