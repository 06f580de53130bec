import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { OPERATOR_ACTION_LABELS } from "../../../../shared/operator/audit-labels";
import { OPERATOR_REASON_MAX } from "../../../../shared/operator/operator.schemas";
import {
  REPORT_PATH_ACTIONS,
  REPORT_STEP_DONE,
  reportStepSchema,
  type ReportActionPath,
  type ReportDetail,
  type ReportStep,
  type ReportStepInput,
} from "../../../../shared/reports/reports.schemas";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Choice } from "../../../components/ui/choice";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { invalidProps, setServerErrors } from "../../../components/ui/form";
import { Textarea } from "../../../components/ui/textarea";
import { errorMessage } from "../../../lib/api";
import { suspendEffect } from "../accounts/account-action-dialog";
import { formatWhen } from "./report-labels";
import { useReportAction } from "./use-operator-reports";

const card = "rounded-2xl border border-slate-200 bg-white p-4 sm:p-5";

/** The actions taken from this report, oldest first: what, why, who and when (in the operator's zone). */
export function ReportActionsTaken({ report }: { report: ReportDetail }) {
  return (
    <section aria-labelledby="taken" className={card}>
      <h2 id="taken" className="text-lg font-semibold text-slate-900">
        Actions on this report
      </h2>
      {report.actions.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{report.status === "open" ? "None yet." : "None recorded with this report."}</p>
      ) : (
        <ol className="mt-2 space-y-2 text-sm text-slate-700">
          {report.actions.map((a, i) => (
            <li key={a.id} className="rounded-lg bg-slate-50 p-3 break-words">
              <p className="font-medium text-slate-900">
                {i + 1}. {OPERATOR_ACTION_LABELS[a.action]}
              </p>
              <p className="whitespace-pre-line">Reason: {a.reason}</p>
              <p className="text-slate-600">
                By <span className="break-all">{a.operatorEmail}</span> · <time dateTime={a.createdAt}>{formatWhen(a.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      {report.actions.length > 0 ? (
        <p className="mt-2 text-sm">
          <Link to={`/operator/audit?target=report:${report.id}`} className="text-brand-700 underline-offset-4 hover:underline">
            See them in the audit trail
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** The steps this report offers, in the order an operator usually takes them. */
function stepsFor(report: ReportDetail): { step: ReportStep; label: string; danger: boolean; unavailable: boolean }[] {
  const accountGone = !report.reported || report.reported.deleted;
  const all = [
    report.targetKind === "review" ? { step: "hide-review" as const, label: "Hide review", danger: false, unavailable: false } : null,
    report.targetKind === "message" ? { step: "hide-message" as const, label: "Remove message", danger: false, unavailable: false } : null,
    { step: "warn" as const, label: "Warn account", danger: false, unavailable: accountGone },
    { step: "suspend" as const, label: "Suspend account", danger: true, unavailable: accountGone || Boolean(report.reported?.suspended) },
  ];
  const taken = new Set(report.actions.map((a) => a.action));
  return all.flatMap((s) => (s && !taken.has(REPORT_PATH_ACTIONS[s.step]) ? [s] : []));
}

/**
 * Decide (issue 41: a desk for a team): steps (remove the message, warn, suspend…) each taken once
 * and kept open for the next, each with its own reason; Close when done (or the last step closes
 * it); Dismiss while nothing was done. The server enforces the same.
 */
export function ReportActions({ report }: { report: ReportDetail }) {
  const act = useReportAction(report.id);
  const form = useForm<ReportStepInput>({ resolver: zodResolver(reportStepSchema), defaultValues: { reason: "", close: false } });
  const { errors } = form.formState;
  const [done, setDone] = useState<string | null>(null);
  const [confirmingSuspend, setConfirmingSuspend] = useState(false);
  const steps = stepsFor(report);
  const anyStepTaken = report.actions.some((a) => a.action !== "close_report" && a.action !== "dismiss");
  const run = (action: ReportActionPath) =>
    form.handleSubmit((values) => {
      const close = action === "close" || action === "dismiss" || Boolean(values.close);
      setDone(null);
      act.mutate(
        { action, reason: values.reason, close: Boolean(values.close) },
        {
          onSuccess: () => {
            form.reset({ reason: "", close: false });
            setDone(
              action === "close" || action === "dismiss"
                ? "The report is closed."
                : `${REPORT_STEP_DONE[action]}.${close ? " The report is closed." : " The report stays open: take another action, or close it."}`,
            );
          },
          onError: (error) => setServerErrors(error, form.setError, ["reason"]),
        },
      );
    });
  // Suspending signs the account out everywhere: like on the account page, it is confirmed first.
  const askSuspend = form.handleSubmit(() => setConfirmingSuspend(true));
  return (
    <section aria-labelledby="actions" className={card}>
      <h2 id="actions" className="text-lg font-semibold text-slate-900">
        Decide
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Take as many actions as the report needs, each with its reason; then close the report. Each action is kept in the audit trail.
      </p>
      {done ? (
        <p role="status" className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {done}
        </p>
      ) : null}
      <form noValidate onSubmit={(event) => void run(anyStepTaken ? "close" : "dismiss")(event)} className="mt-3 space-y-4">
        <Field
          id="action-reason"
          label="Reason"
          required
          hint={`For this action, kept in the audit trail; a warning sends it to the reported account, and closing keeps it as the resolution. Up to ${OPERATOR_REASON_MAX} characters.`}
          error={errors.reason?.message}
        >
          <Textarea
            id="action-reason"
            rows={3}
            maxLength={OPERATOR_REASON_MAX}
            aria-required="true"
            {...invalidProps("action-reason", errors.reason?.message)}
            {...form.register("reason")}
          />
        </Field>
        {act.isError && !errors.reason ? <Alert>{errorMessage(act.error, "The action failed. Please try again.")}</Alert> : null}
        {steps.length > 0 ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">Act on the report</legend>
            <Choice id="action-close" label="Also close the report with this action" {...form.register("close")} />
            <div className="flex flex-wrap gap-2">
              {steps.map(({ step, label, danger, unavailable }) => (
                <Button
                  key={step}
                  variant={danger ? "danger" : "secondaryDanger"}
                  disabled={act.isPending || unavailable}
                  onClick={(event) => void (step === "suspend" ? askSuspend(event) : run(step)(event))}
                >
                  {label}
                </Button>
              ))}
            </div>
          </fieldset>
        ) : null}
        <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-4">
          <Button type="submit" variant={anyStepTaken ? "primary" : "secondary"} disabled={act.isPending}>
            {anyStepTaken ? "Close report" : "Dismiss"}
          </Button>
          <p className="text-xs text-slate-600">
            {anyStepTaken ? "Closes the report as “Action taken” with the actions above." : "Closes the report with nothing done."}
          </p>
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
