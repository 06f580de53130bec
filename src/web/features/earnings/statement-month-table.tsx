import {
  formatTally,
  LESSON_OUTCOMES,
  monthLabel,
  OUTCOME_LABELS,
  type LessonOutcome,
  type MonthSummary,
  type Tallies,
  type Tally,
} from "../../../shared/earnings/earnings.rules";
import { formatMoney } from "../../../shared/invoices/money.rules";
import { cn } from "../../lib/cn";
import type { Statement } from "../../../shared/earnings/earnings.schemas";

/** A count of lessons with the sum of their amounts below it; cancelled lessons none of which was charged say "Not owed". */
function TallyCell({ outcome, tally, late }: { outcome: LessonOutcome; tally: Tally; late?: number }) {
  if (tally.count === 0) return <span className="text-slate-400">0</span>;
  return (
    <>
      <span className="font-medium text-slate-900">{tally.count}</span>
      {late ? <span className="text-slate-600"> ({late} late)</span> : null}
      <span className="block text-xs text-slate-600">{formatTally(outcome, tally)}</span>
    </>
  );
}

/** On a phone, one card per month (six columns do not fit 390 px): each outcome with its count and value. */
function MonthCard({ label, tallies, lateCancels, totalCents, total }: { label: string; tallies: Tallies; lateCancels: number; totalCents: number; total?: boolean }) {
  const id = `month-${label.replace(/\W+/g, "-")}`;
  return (
    <article aria-labelledby={id} className={cn("rounded-2xl border border-slate-200 p-4", total ? "bg-slate-50" : "bg-white")}>
      <h3 id={id} className="font-semibold text-slate-900">
        {label}
      </h3>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        {LESSON_OUTCOMES.map((outcome) => (
          <div key={outcome}>
            <dt className="text-slate-600">{OUTCOME_LABELS[outcome]}</dt>
            <dd>
              <TallyCell outcome={outcome} tally={tallies[outcome]} {...(outcome === "cancelled" ? { late: lateCancels } : {})} />
            </dd>
          </div>
        ))}
        <div>
          <dt className="text-slate-600">Total</dt>
          <dd className="font-semibold text-slate-900">{formatMoney(totalCents)}</dd>
        </div>
      </dl>
    </article>
  );
}

/** One row per month that holds a lesson, and the year's totals: count of lessons, value below it. */
export function StatementMonthTable({ statement }: { statement: Statement }) {
  const rows: (MonthSummary & { label: string })[] = statement.months.map((month) => ({ ...month, label: monthLabel(month.month) }));
  return (
    <>
    <ul className="space-y-3 sm:hidden">
      {rows.map((row) => (
        <li key={row.month}>
          <MonthCard label={row.label} tallies={row} lateCancels={row.lateCancels} totalCents={row.totalCents} />
        </li>
      ))}
      <li>
        <MonthCard label={`Total ${statement.year}`} tallies={statement.totals} lateCancels={statement.totals.lateCancels} totalCents={statement.totals.totalCents} total />
      </li>
    </ul>
    <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white sm:block">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Lessons per month in {statement.year}: number of lessons and the sum of their agreed prices</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Month
            </th>
            {LESSON_OUTCOMES.map((outcome) => (
              <th key={outcome} scope="col" className="px-4 py-3 font-semibold">
                {OUTCOME_LABELS[outcome]}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 font-semibold">
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.month}>
              <th scope="row" className="px-4 py-3 align-top font-medium whitespace-nowrap text-slate-900">
                {row.label}
              </th>
              {LESSON_OUTCOMES.map((outcome) => (
                <td key={outcome} className="px-4 py-3 align-top">
                  <TallyCell outcome={outcome} tally={row[outcome]} {...(outcome === "cancelled" ? { late: row.lateCancels } : {})} />
                </td>
              ))}
              <td className="px-4 py-3 align-top font-medium text-slate-900">{formatMoney(row.totalCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-200 bg-slate-50">
          <tr>
            <th scope="row" className="px-4 py-3 align-top font-semibold text-slate-900">
              Total {statement.year}
            </th>
            {LESSON_OUTCOMES.map((outcome) => (
              <td key={outcome} className="px-4 py-3 align-top">
                <TallyCell outcome={outcome} tally={statement.totals[outcome]} {...(outcome === "cancelled" ? { late: statement.totals.lateCancels } : {})} />
              </td>
            ))}
            <td className="px-4 py-3 align-top font-semibold text-slate-900" data-testid="year-total">
              {formatMoney(statement.totals.totalCents)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
    </>
  );
}
