import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { REPORT_REASON_LABELS, REPORT_REASONS, type ReportTarget } from "../../../shared/operator/operator.constants";
import { createReportSchema, REPORT_DETAILS_MAX, type CreateReportInput } from "../../../shared/reports/reports.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { FormActions } from "../../components/ui/form-actions";
import { Dialog, DialogClose, DialogContent } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { ChoiceGroup, invalidProps, setServerErrors } from "../../components/ui/form";
import { Textarea } from "../../components/ui/textarea";
import { errorMessage } from "../../lib/api";
import { useSendReport } from "./use-report";

const REASON_OPTIONS = REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }));

const WHAT: Record<ReportTarget, string> = { teacher: "this profile", review: "this review", message: "this message" };

/**
 * The Report dialog (issue 27), loaded only when a Report button is pressed: the form and its
 * schema stay out of the profile's and the conversation's first load.
 */
export default function ReportDialog({ targetKind, targetId, onClose }: { targetKind: ReportTarget; targetId: string; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={`Report ${WHAT[targetKind]}`} description="Tell our team what is wrong. The person you report is not told who reported them.">
        <ReportForm targetKind={targetKind} targetId={targetId} />
      </DialogContent>
    </Dialog>
  );
}

function ReportForm({ targetKind, targetId }: { targetKind: ReportTarget; targetId: string }) {
  const send = useSendReport();
  const form = useForm<CreateReportInput>({
    resolver: zodResolver(createReportSchema),
    defaultValues: { targetKind, targetId, details: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    send.mutate(
      { ...values, ...(values.details?.trim() ? {} : { details: undefined }) },
      { onError: (error) => setServerErrors(error, form.setError, ["reason", "details"]) },
    ),
  );

  if (send.isSuccess) {
    return (
      <div className="space-y-4">
        <p role="status" className="text-base text-slate-800">
          {send.data.message}
        </p>
        <div className="flex justify-end">
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </div>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <ChoiceGroup
        id="report-reason"
        legend="Why are you reporting it?"
        type="radio"
        variant="list"
        columns="space-y-1"
        options={REASON_OPTIONS}
        registration={form.register("reason")}
        error={errors.reason?.message}
      />
      <Field id="report-details" label="Details (optional)" hint={`Anything that helps our team understand. Up to ${REPORT_DETAILS_MAX} characters.`} error={errors.details?.message}>
        <Textarea id="report-details" rows={4} maxLength={REPORT_DETAILS_MAX} {...invalidProps("report-details", errors.details?.message)} {...form.register("details")} />
      </Field>
      {send.isError && !errors.reason && !errors.details ? <Alert>{errorMessage(send.error, "Failed to send the report. Please try again.")}</Alert> : null}
      <FormActions submit="Send" pending={send.isPending} pendingLabel="Sending..." />
    </form>
  );
}

/** Whether the signed-in user may report at all: a parent or a teacher (not the signed-out, not an operator). */
