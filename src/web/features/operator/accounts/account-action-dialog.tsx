import { zodResolver } from "@hookform/resolvers/zod";
import { OPERATOR_REASON_MAX, operatorReasonSchema, type OperatorReasonInput } from "../../../../shared/operator/operator.schemas";
import { useForm } from "react-hook-form";

import { Alert } from "../../../components/ui/alert";
import { FormActions } from "../../../components/ui/form-actions";
import { DialogWhenOpen } from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { invalidProps, setServerErrors } from "../../../components/ui/form";
import { Textarea } from "../../../components/ui/textarea";
import { errorMessage } from "../../../lib/api";
import { useAccountAction } from "./use-operator-account";

/** What a suspension does, said before it is confirmed (here and on a report's page). */
export const suspendEffect = (name: string, teacher: boolean) =>
  `${name} is signed out everywhere at once and cannot sign in until reinstated.${
    teacher ? " Their profile leaves search, their pending requests are declined and their lessons ahead are cancelled; families are emailed as usual." : ""
  }`;

const COPY = {
  suspend: {
    title: "Suspend account",
    effect: suspendEffect,
    submit: "Suspend",
    pending: "Suspending...",
  },
  reinstate: {
    title: "Reinstate account",
    effect: (name: string, teacher: boolean) =>
      `${name} can sign in again.${teacher ? " If their profile was listed before, it is listed again. Cancelled lessons stay cancelled." : ""}`,
    submit: "Reinstate",
    pending: "Reinstating...",
  },
} as const;

/** Suspend or Reinstate, with the reason the audit trail keeps (required). */
export function AccountActionDialog({
  action,
  userId,
  name,
  teacher,
  open,
  onOpenChange,
}: {
  action: "suspend" | "reinstate";
  userId: string;
  name: string;
  teacher: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DialogWhenOpen open={open} onOpenChange={onOpenChange} title={COPY[action].title} description={COPY[action].effect(name, teacher)}>
      <ReasonForm action={action} userId={userId} onDone={() => onOpenChange(false)} />
    </DialogWhenOpen>
  );
}

function ReasonForm({ action, userId, onDone }: { action: "suspend" | "reinstate"; userId: string; onDone: () => void }) {
  const act = useAccountAction(userId, action);
  const form = useForm<OperatorReasonInput, unknown, { reason: string }>({ resolver: zodResolver(operatorReasonSchema), defaultValues: { reason: "" } });
  const error = form.formState.errors.reason?.message;
  const onSubmit = form.handleSubmit((values) =>
    act.mutate(values, { onSuccess: onDone, onError: (failure) => setServerErrors(failure, form.setError, ["reason"]) }),
  );
  const id = `${action}-reason`;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <Field id={id} label="Reason" hint="Kept in the audit trail; not shown to the account holder." error={error} required>
        <Textarea id={id} aria-required="true" rows={3} maxLength={OPERATOR_REASON_MAX} {...invalidProps(id, error)} {...form.register("reason")} />
      </Field>
      {act.isError && !error ? <Alert>{errorMessage(act.error, `Could not ${action} the account. Please try again.`)}</Alert> : null}
      <FormActions variant={action === "suspend" ? "danger" : "primary"} submit={COPY[action].submit} pending={act.isPending} pendingLabel={COPY[action].pending} />
    </form>
  );
}
