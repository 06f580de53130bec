import { Link } from "react-router";
import { REPORT_REASON_LABELS } from "../../../../shared/operator/operator.constants";
import { PageShell } from "../../../app/page-shell";
import { Alert } from "../../../components/ui/alert";
import { errorMessage } from "../../../lib/api";
import { cn } from "../../../lib/cn";
import { formatWhen, personLabel, STATUS_LABELS, TARGET_LABELS } from "./report-labels";
import { useOperatorReports } from "./use-operator-reports";

/** /operator/reports: every report, open ones first, then the newest (issue 27). */
export function Component() {
  const reports = useOperatorReports();
  return (
    <PageShell title="Reports">
      <p className="mt-2 text-sm text-slate-600">Open reports come first. Open one to see what was reported and act on it.</p>
      {reports.isPending ? (
        <p role="status" className="mt-6 text-sm text-slate-600">
          Loading reports...
        </p>
      ) : reports.isError ? (
        <Alert className="mt-6">{errorMessage(reports.error, "Failed to load the reports.")}</Alert>
      ) : reports.data.reports.length === 0 ? (
        <p className="mt-6 text-sm text-slate-600">No reports yet.</p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {reports.data.reports.map((report) => (
            <li key={report.id} className="p-4">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span
                  className={cn(
                    "rounded-full px-2 py-0.5 text-xs font-medium ring-1",
                    report.status === "open" ? "bg-amber-50 text-amber-900 ring-amber-200" : "bg-slate-50 text-slate-700 ring-slate-200",
                  )}
                >
                  {STATUS_LABELS[report.status]}
                  {report.status === "open" && report.actionsTaken > 0 ? ` · ${report.actionsTaken} ${report.actionsTaken === 1 ? "action" : "actions"} taken` : ""}
                </span>
                <Link to={`/operator/reports/${report.id}`} className="font-medium text-brand-700 hover:underline">
                  {TARGET_LABELS[report.targetKind]}: {REPORT_REASON_LABELS[report.reason]}
                </Link>
                <time dateTime={report.createdAt} className="text-sm text-slate-500">
                  {formatWhen(report.createdAt)}
                </time>
              </div>
              <dl className="mt-2 grid gap-1 text-sm break-words text-slate-700 sm:grid-cols-2">
                <div>
                  <dt className="inline text-slate-500">Reported: </dt>
                  <dd className="inline">{personLabel(report.reported)}</dd>
                </div>
                <div>
                  <dt className="inline text-slate-500">By: </dt>
                  <dd className="inline">{personLabel(report.reporter)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </PageShell>
  );
}
