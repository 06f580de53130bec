import { zodResolver } from "@hookform/resolvers/zod";
import { OPERATOR_REASON_MAX, operatorReasonSchema, type OperatorReasonInput } from "../../../../shared/operator/operator.schemas";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useParams } from "react-router";
import { REPORT_REASON_LABELS } from "../../../../shared/operator/operator.constants";
import { type ReportActionPath, type ReportDetail } from "../../../../shared/reports/reports.schemas";
import { PageShell } from "../../../app/page-shell";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { invalidProps, setServerErrors } from "../../../components/ui/form";
import { Textarea } from "../../../components/ui/textarea";
import { errorMessage } from "../../../lib/api";
import { suspendEffect } from "../accounts/account-action-dialog";
import { OPERATOR_ACTION_LABELS } from "../../../../shared/operator/audit-labels";
import { evidenceInstant, formatWhen, personLabel, STATUS_LABELS, TARGET_LABELS } from "./report-labels";
import { useOperatorReport, useReportAction } from "./use-operator-reports";

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
          {report.details ? <Row label="Reporter's details">{report.details}</Row> : null}
        </dl>
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
      {report.status === "open" ? <Actions report={report} /> : null}
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

function Actions({ report }: { report: ReportDetail }) {
  const act = useReportAction(report.id);
  const form = useForm<OperatorReasonInput>({ resolver: zodResolver(operatorReasonSchema), defaultValues: { reason: "" } });
  const { errors } = form.formState;
  const run = (action: ReportActionPath) =>
    form.handleSubmit((values) => act.mutate({ action, reason: values.reason }, { onError: (error) => setServerErrors(error, form.setError, ["reason"]) }));
  const accountGone = !report.reported || report.reported.deleted;
  // Suspending signs the account out everywhere: like on the account page, it is confirmed first.
  const [confirmingSuspend, setConfirmingSuspend] = useState(false);
  const askSuspend = form.handleSubmit(() => setConfirmingSuspend(true));
  return (
    <section aria-labelledby="actions" className={card}>
      <h2 id="actions" className="text-lg font-semibold text-slate-900">
        Decide
      </h2>
      <form noValidate onSubmit={(event) => void run("dismiss")(event)} className="mt-3 space-y-4">
        <Field
          id="action-reason"
          label="Reason"
          hint={`Kept in the audit trail; a warning sends it to the reported account. Up to ${OPERATOR_REASON_MAX} characters.`}
          error={errors.reason?.message}
        >
          <Textarea id="action-reason" rows={3} maxLength={OPERATOR_REASON_MAX} {...invalidProps("action-reason", errors.reason?.message)} {...form.register("reason")} />
        </Field>
        {act.isError && !errors.reason ? <Alert>{errorMessage(act.error, "The action failed. Please try again.")}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="secondary" disabled={act.isPending}>
            Dismiss
          </Button>
          {report.targetKind === "review" ? (
            <Button variant="secondaryDanger" disabled={act.isPending} onClick={(event) => void run("hide-review")(event)}>
              Hide review
            </Button>
          ) : null}
          {report.targetKind === "message" ? (
            <Button variant="secondaryDanger" disabled={act.isPending} onClick={(event) => void run("hide-message")(event)}>
              Remove message
            </Button>
          ) : null}
          <Button variant="secondaryDanger" disabled={act.isPending || accountGone} onClick={(event) => void run("warn")(event)}>
            Warn account
          </Button>
          <Button variant="danger" disabled={act.isPending || accountGone || report.reported?.suspended} onClick={(event) => void askSuspend(event)}>
            Suspend account
          </Button>
        </div>
      </form>
      {report.reported ? (
        <Dialog open={confirmingSuspend} onOpenChange={setConfirmingSuspend}>
          {confirmingSuspend ? (
            <DialogContent title="Suspend account" description={suspendEffect(report.reported.name, report.reported.role === "teacher")}>
              <p className="text-sm break-words text-slate-700">Reason: {form.getValues("reason")}</p>
              <div className="mt-4 flex justify-end gap-2">
                <DialogClose asChild>
                  <Button variant="secondary">Cancel</Button>
                </DialogClose>
                <Button
                  variant="danger"
                  disabled={act.isPending}
                  onClick={(event) => {
                    setConfirmingSuspend(false);
                    void run("suspend")(event);
                  }}
                >
                  Suspend
                </Button>
              </div>
            </DialogContent>
          ) : null}
        </Dialog>
      ) : null}
    </section>
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
