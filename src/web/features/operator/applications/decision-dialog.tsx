import { zodResolver } from "@hookform/resolvers/zod";
import { OPERATOR_REASON_MAX, operatorReasonSchema } from "../../../../shared/operator/operator.schemas";
import { useForm } from "react-hook-form";
import type { ApplicationDecision } from "../../../../shared/operator/applications.schemas";

import { Alert } from "../../../components/ui/alert";
import { Button, type ButtonVariant } from "../../../components/ui/button";
import { FormActions } from "../../../components/ui/form-actions";
import { Dialog, DialogContent, DialogTrigger } from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { invalidProps, setServerErrors } from "../../../components/ui/form";
import { Textarea } from "../../../components/ui/textarea";
import { errorMessage } from "../../../lib/api";
import { useDecideApplication } from "./use-applications";
import { useState } from "react";
import type { z } from "zod";

/** What each decision says: its button, what it does, and who reads the reason. */
const COPY: Record<ApplicationDecision, { button: string; title: string; effect: string; label: string; hint: string; variant: ButtonVariant }> = {
  approve: {
    button: "Approve",
    title: "Approve this application",
    effect: "The teacher is emailed that they may now turn on discovery, so families can find them.",
    label: "Note for the audit trail",
    hint: "Kept with your name in the audit trail; the teacher does not see it.",
    variant: "primary",
  },
  "ask-for-changes": {
    button: "Ask for changes",
    title: "Ask for changes",
    effect: "The teacher sees your message on their dashboard and by email, makes the changes in Settings, and resubmits.",
    label: "Message to the teacher",
    hint: "Say exactly what to change. The teacher reads it as written.",
    variant: "secondary",
  },
  reject: {
    button: "Reject",
    title: "Reject this application",
    effect: "The teacher is emailed the reason. Their account stays open, and they stay hidden from families.",
    label: "Reason (sent to the teacher)",
    hint: "The teacher reads it on their dashboard and by email.",
    variant: "secondaryDanger",
  },
};

type ReasonInput = z.input<typeof operatorReasonSchema>;
type Reason = z.output<typeof operatorReasonSchema>;

export function DecisionDialog({ teacherId, decision, onDecided }: { teacherId: string; decision: ApplicationDecision; onDecided: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const copy = COPY[decision];
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={copy.variant}>{copy.button}</Button>
      </DialogTrigger>
      {open ? (
        <DialogContent title={copy.title} description={copy.effect}>
          <DecisionForm
            teacherId={teacherId}
            decision={decision}
            onDone={(message) => {
              setOpen(false);
              onDecided(message);
            }}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

const DONE: Record<ApplicationDecision, string> = {
  approve: "Application approved. The teacher has been emailed.",
  "ask-for-changes": "Changes asked for. The teacher has been emailed your message.",
  reject: "Application rejected. The teacher has been emailed the reason.",
};

function DecisionForm({ teacherId, decision, onDone }: { teacherId: string; decision: ApplicationDecision; onDone: (message: string) => void }) {
  const decide = useDecideApplication(teacherId);
  const form = useForm<ReasonInput, unknown, Reason>({ resolver: zodResolver(operatorReasonSchema), defaultValues: { reason: "" } });
  const { errors } = form.formState;
  const copy = COPY[decision];
  const id = `${decision}-reason`;
  const onSubmit = form.handleSubmit((values) =>
    decide.mutate(
      { decision, reason: values.reason },
      { onSuccess: () => onDone(DONE[decision]), onError: (error) => setServerErrors(error, form.setError, ["reason"]) },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <Field id={id} label={copy.label} hint={copy.hint} error={errors.reason?.message} required>
        <Textarea id={id} aria-required="true" rows={4} maxLength={OPERATOR_REASON_MAX} {...invalidProps(id, errors.reason?.message)} {...form.register("reason")} />
      </Field>
      {decide.isError && !errors.reason ? <Alert>{errorMessage(decide.error, "The decision could not be saved. Please try again.")}</Alert> : null}
      <FormActions variant={copy.variant === "secondaryDanger" ? "danger" : "primary"} submit={copy.button} pending={decide.isPending} pendingLabel="Saving..." />
    </form>
  );
}
