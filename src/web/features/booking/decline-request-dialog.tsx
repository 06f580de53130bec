import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { BookingRequestDTO } from "../../../shared/booking/booking.schemas";
import { declineRequestSchema, type DeclineRequest, type DeclineRequestInput } from "../../../shared/booking/reason.schemas";
import { Alert } from "../../components/ui/alert";
import { FormActions } from "../../components/ui/form-actions";
import { DialogWhenOpen } from "../../components/ui/dialog";
import { setServerErrors } from "../../components/ui/form";
import { errorMessage } from "../../lib/api";
import { requestSummary } from "./request-summary";
import { ReasonField } from "./reason-field";
import { useDecideRequest } from "./use-booking";

/**
 * The confirmation step of Decline (issue 26): says what declining does, and takes an optional
 * reason that the family reads in their requests list and in the email. `lessons` > 1 is a weekly
 * series, declined as a whole.
 */
export function DeclineRequestDialog({
  request,
  lessons,
  open,
  onOpenChange,
}: {
  request: BookingRequestDTO;
  lessons: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DialogWhenOpen open={open} onOpenChange={onOpenChange} title="Decline Request" description={requestSummary(request, lessons)}>
      <DeclineForm request={request} lessons={lessons} onDone={() => onOpenChange(false)} />
    </DialogWhenOpen>
  );
}

function DeclineForm({ request, lessons, onDone }: { request: BookingRequestDTO; lessons: number; onDone: () => void }) {
  const decide = useDecideRequest();
  const form = useForm<DeclineRequestInput, unknown, DeclineRequest>({ resolver: zodResolver(declineRequestSchema), defaultValues: { reason: "" } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    decide.mutate(
      { bookingId: request.id, decision: "decline", ...(values.reason ? { reason: values.reason } : {}) },
      { onSuccess: onDone, onError: (error) => setServerErrors(error, form.setError, ["reason"]) },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-slate-700">
        {request.student.firstName}&apos;s family is told by email, and {lessons > 1 ? "these times become" : "this time becomes"} free for
        others again.
      </p>
      <ReasonField
        id="decline-reason"
        error={errors.reason?.message}
        placeholder="For example: I am fully booked on Mondays; Tuesday afternoons are open."
        registration={form.register("reason")}
      />
      {decide.isError && !errors.reason ? <Alert>{errorMessage(decide.error, "Failed to decline request")}</Alert> : null}
      <FormActions variant="danger" submit="Decline Request" pending={decide.isPending} pendingLabel="Declining..." cancel="Keep Request" />
    </form>
  );
}
