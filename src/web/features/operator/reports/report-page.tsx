import { Link, useParams } from "react-router";
import { REPORT_REASON_LABELS } from "../../../../shared/operator/operator.constants";
import { type ReportDetail } from "../../../../shared/reports/reports.schemas";
import { PageShell } from "../../../app/page-shell";
import { Alert } from "../../../components/ui/alert";
import { errorMessage } from "../../../lib/api";
import { OPERATOR_ACTION_LABELS } from "../../../../shared/operator/audit-labels";
import { ReportActions, ReportActionsTaken } from "./report-actions";
import { evidenceInstant, formatWhen, personLabel, STATUS_LABELS, TARGET_LABELS } from "./report-labels";
import { useOperatorReport } from "./use-operator-reports";

/** /operator/reports/:reportId: the evidence as reported and as it is now, the account's history, the actions. */
export function Component() {
  const { reportId = "" } = useParams();
  const report = useOperatorReport(reportId);
  return (
    <PageShell title="Report">
      <p className="mt-2 text-sm">
        <Link to="/operator/reports" className="text-brand-700 hover:underline">
          Back to all reports
        </Link>
      </p>
      {report.isPending ? (
        <p role="status" className="mt-6 text-sm text-slate-600">
          Loading the report...
        </p>
      ) : report.isError ? (
        <Alert className="mt-6">{errorMessage(report.error, "Failed to load the report.")}</Alert>
      ) : (
        <ReportView report={report.data} />
      )}
    </PageShell>
  );
}

const card = "rounded-2xl border border-slate-200 bg-white p-4 sm:p-5";

function ReportView({ report }: { report: ReportDetail }) {
  return (
    <div className="mt-6 space-y-6">
      <section aria-labelledby="report-summary" className={card}>
        <h2 id="report-summary" className="text-lg font-semibold text-slate-900">
          {TARGET_LABELS[report.targetKind]}: {REPORT_REASON_LABELS[report.reason]}
        </h2>
        <dl className="mt-3 grid gap-2 text-sm break-words text-slate-700">
          <Row label="Status">
            {STATUS_LABELS[report.status]}
            {report.resolution ? ` — ${report.resolution}` : ""}
            {report.resolvedBy && report.resolvedAt ? ` (${report.resolvedBy}, ${formatWhen(report.resolvedAt)})` : ""}
          </Row>
          <Row label="Reported on">{formatWhen(report.createdAt)}</Row>
          <Row label="Reported by">
            <PersonLink person={report.reporter} />
          </Row>
          <Row label="Reported account">
            <PersonLink person={report.reported} />
          </Row>
          {report.targetKind === "message" && report.reporter && report.reported ? (
            <Row label="Sent in">
              the conversation between {report.reported.name} and {report.reporter.name}
            </Row>
          ) : null}
          {report.details ? <Row label="Reporter's details">{report.details}</Row> : null}
        </dl>
        <p className="mt-3 text-xs break-all text-slate-500" data-testid="report-ids">
          Ids: report {report.id} · {report.targetKind} {report.targetId}
          {typeof report.snapshot.conversationId === "string" ? ` · conversation ${report.snapshot.conversationId}` : ""}
          {report.reporter ? ` · reporter ${report.reporter.userId}` : ""}
          {report.reported ? ` · reported account ${report.reported.userId}` : ""}
        </p>
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="as-reported" className={card}>
          <h2 id="as-reported" className="text-lg font-semibold text-slate-900">
            As reported
          </h2>
          <p className="text-sm text-slate-600">Kept as it was when reported, whatever happened to it since.</p>
          <Values values={report.snapshot} />
        </section>
        <section aria-labelledby="now" className={card}>
          <h2 id="now" className="text-lg font-semibold text-slate-900">
            Now
          </h2>
          <p className="text-sm font-medium text-slate-800">
            {!report.target.exists
              ? "It no longer exists (deleted)."
              : report.target.hidden
                ? "Hidden by an operator."
                : report.target.edited
                  ? "It was edited since the report."
                  : "Unchanged since the report."}
          </p>
          {report.target.exists && report.target.edited && report.target.current ? <Values values={report.target.current} /> : null}
        </section>
      </div>
      <ReportActionsTaken report={report} />
      {report.status === "open" ? <ReportActions report={report} /> : null}
      <History report={report} />
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="sm:flex sm:gap-2">
      <dt className="shrink-0 text-slate-500 sm:w-40">{label}</dt>
      <dd className="whitespace-pre-line">{children}</dd>
    </div>
  );
}

/** Field names as people read them. */
const VALUE_LABELS: Record<string, string> = {
  name: "Name",
  bio: "Bio",
  teachingStyle: "Teaching style",
  city: "City",
  state: "State",
  instruments: "Instruments",
  introVideoUrl: "Intro video",
  rating: "Rating",
  body: "Text",
  authorName: "Written by",
  teacherName: "About teacher",
  writtenAt: "Written on",
  senderName: "Sent by",
  sentAt: "Sent on",
};
// Ids are for the details line, not the evidence a person reads (issue 41).
const HIDDEN_KEYS = new Set(["teacherId", "reviewId", "messageId", "conversationId"]);

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  const instant = evidenceInstant(value);
  if (instant) return instant;
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return typeof value === "string" ? value : JSON.stringify(value);
}

function Values({ values }: { values: Record<string, unknown> }) {
  return (
    <dl className="mt-3 grid gap-2 text-sm break-words text-slate-700">
      {Object.entries(values)
        .filter(([key]) => !HIDDEN_KEYS.has(key))
        .map(([key, value]) => (
          <Row key={key} label={VALUE_LABELS[key] ?? key}>
            {show(value)}
          </Row>
        ))}
    </dl>
  );
}

/** A person on the report, linked to their account page (history, suspend, reinstate). */
function PersonLink({ person }: { person: ReportDetail["reporter"] }) {
  if (!person) return <>{personLabel(person)}</>;
  return (
    <Link to={`/operator/accounts/${encodeURIComponent(person.userId)}`} className="text-brand-700 underline-offset-4 hover:underline">
      {personLabel(person)}
    </Link>
  );
}

function History({ report }: { report: ReportDetail }) {
  const { reports, actions } = report.history;
  return (
    <section aria-labelledby="history" className={card}>
      <h2 id="history" className="text-lg font-semibold text-slate-900">
        History of the reported account
      </h2>
      <h3 className="mt-3 text-sm font-semibold text-slate-800">Other reports about them</h3>
      {reports.length === 0 ? (
        <p className="text-sm text-slate-600">None.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm text-slate-700">
          {reports.map((r) => (
            <li key={r.id}>
              <Link to={`/operator/reports/${r.id}`} className="text-brand-700 hover:underline">
                {TARGET_LABELS[r.targetKind]}: {REPORT_REASON_LABELS[r.reason]}
              </Link>{" "}
              · {STATUS_LABELS[r.status]} · {formatWhen(r.createdAt)}
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-4 text-sm font-semibold text-slate-800">Operator actions about them</h3>
      {actions.length === 0 ? (
        <p className="text-sm text-slate-600">None.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm break-words text-slate-700">
          {actions.map((a) => (
            <li key={a.id}>
              {OPERATOR_ACTION_LABELS[a.action]} · {a.reason} · {a.operatorEmail} · {formatWhen(a.createdAt)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
