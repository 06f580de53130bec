import { Download, ReceiptText } from "lucide-react";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import type { Statement } from "../../../shared/earnings/earnings.schemas";
import { earningsQuerySchema } from "../../../shared/earnings/earnings.schemas";
import type { StatementSide } from "../../../shared/earnings/statement-csv.rules";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClasses } from "../../components/ui/button";
import { Select } from "../../components/ui/choice";
import { errorMessage } from "../../lib/api";
import { PageShell } from "../../app/page-shell";
import { StatementLessons } from "./statement-lessons";
import { StatementMonthTable } from "./statement-month-table";
import { StatementTiles } from "./statement-tiles";
import { statementCsvHref } from "./use-statements";

/** The year in the address (?year=2026), so a statement can be bookmarked; undefined for "this year". */
export function useStatementYear(): [number | undefined, (year: number) => void] {
  const [params, setParams] = useSearchParams();
  // The route's own schema: a year it would refuse reads as "this year" instead of an error page.
  const parsed = earningsQuerySchema.safeParse({ year: params.get("year") ?? undefined });
  const year = parsed.success ? parsed.data.year : undefined;
  return [year, (next) => setParams({ year: String(next) }, { replace: true })];
}

/** How the figures are made, said on the page (decisions.md: no invented figure). */
function HowCounted({ statement, side }: { statement: Statement; side: StatementSide }) {
  return (
    <div className="space-y-1 text-sm text-slate-700">
      <p>
        Every lesson counts at the price agreed when {side === "teacher" ? "you" : "the teacher"} accepted it, in US dollars; a change of listed rates
        never changes it. Intro calls are free. Prices marked &quot;Estimated&quot; were set from the listed rate for lessons accepted before prices
        were agreed. A cancelled lesson is not owed, unless a late cancellation was charged under the teacher&apos;s policy: then it counts at that
        charge. Every total is the sum of its lessons.
      </p>
      <p>
        Months are counted in {side === "teacher" ? "your" : "this device's"} time zone, {statement.timeZone}. Pending requests, declined and expired
        requests are not lessons and are not counted.
      </p>
    </div>
  );
}

/**
 * /teacher/earnings and /billing: the year's lessons per month at their agreed prices, with totals,
 * the lessons themselves and a CSV download. `paymentsNote` is the page's plain statement that no
 * payment is taken in the app.
 */
export function StatementPage({
  title,
  intro,
  paymentsNote,
  side,
  query,
  year,
  onYearChange,
  emptyText,
  lead,
}: {
  title: string;
  intro: string;
  paymentsNote: ReactNode;
  /** What comes before the year's lessons (the family's invoices, issue 28: what they owe comes first). */
  lead?: ReactNode;
  side: StatementSide;
  query: { data: Statement | undefined; isPending: boolean; isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };
  year: number | undefined;
  onYearChange: (year: number) => void;
  emptyText: string;
}) {
  const statement = query.data;
  return (
    <PageShell title={title}>
      <p className="mt-2 max-w-prose text-slate-600">{intro}</p>
      <Alert tone="info" className="mt-4 max-w-3xl">
        {paymentsNote}
      </Alert>
      {lead ? <div className="mt-8">{lead}</div> : null}
      {query.isPending ? (
        <p role="status" className="mt-6 text-slate-600">
          Loading lessons...
        </p>
      ) : query.isError || !statement ? (
        <Alert className="mt-6">
          <p>{errorMessage(query.error, "Failed to load lessons")}</p>
          <Button variant="link" className="mt-1" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <div className="mt-6 space-y-6" aria-busy={query.isFetching}>
          <div className="flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor="statement-year" className="block text-sm font-medium text-slate-700">
                Year
              </label>
              <Select id="statement-year" fullWidth={false} className="mt-1 w-32" value={year ?? statement.year} onChange={(e) => onYearChange(Number(e.target.value))}>
                {statement.years.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </Select>
            </div>
            <a href={statementCsvHref(side, statement.year, statement.timeZone)} download className={buttonClasses("secondary")}>
              <Download aria-hidden className="size-4" />
              Download CSV
            </a>
          </div>
          <HowCounted statement={statement} side={side} />
          <section aria-labelledby="totals-heading" className="space-y-3">
            <h2 id="totals-heading" className="text-lg font-semibold text-slate-900">
              Totals for {statement.year}
            </h2>
            <StatementTiles statement={statement} />
          </section>
          {statement.months.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center">
              <ReceiptText aria-hidden className="size-8 text-slate-400" />
              <p className="text-slate-700">
                No lessons in {statement.year}. {emptyText}
              </p>
            </div>
          ) : (
            <>
              <section aria-labelledby="months-heading" className="space-y-3">
                <h2 id="months-heading" className="text-lg font-semibold text-slate-900">
                  By month
                </h2>
                <StatementMonthTable statement={statement} />
              </section>
              <section aria-labelledby="lessons-heading" className="space-y-3">
                <h2 id="lessons-heading" className="text-lg font-semibold text-slate-900">
                  Lessons
                </h2>
                <StatementLessons statement={statement} side={side} />
              </section>
            </>
          )}
        </div>
      )}
    </PageShell>
  );
}
