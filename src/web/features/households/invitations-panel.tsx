import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { inviteGuardianSchema, type Household } from "../../../shared/households/households.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { setServerErrors, useFlash } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { errorMessage } from "../../lib/api";
import { formatDay } from "./household-dates";
import { useInviteGuardian, useRevokeInvitation } from "./use-household";

type InviteInput = z.input<typeof inviteGuardianSchema>;

/** Invite another adult by email (the same schema as the route), and the invitations still waiting. */
export function InvitationsPanel({ household }: { household: Household }) {
  const invite = useInviteGuardian();
  const revoke = useRevokeInvitation();
  const sent = useFlash(3000);
  const form = useForm<InviteInput>({ resolver: zodResolver(inviteGuardianSchema), defaultValues: { email: "" } });
  const onSubmit = form.handleSubmit((values) => {
    sent.clear();
    invite.mutate(
      { email: values.email },
      {
        onSuccess: (invitation) => {
          form.reset();
          sent.show(`Invitation sent to ${invitation.email}.`);
        },
        onError: (error) => setServerErrors(error, form.setError, ["email"]),
      },
    );
  });
  const emailError = form.formState.errors.email?.message;
  const formError = invite.error && !emailError ? errorMessage(invite.error, "Failed to send the invitation") : null;

  return (
    <div className="space-y-5">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3">
        <Field id="invite-email" label="Email of the adult to invite" hint="They get a link that works once, for 7 days." error={emailError}>
          <Input id="invite-email" type="email" autoComplete="off" inputMode="email" aria-invalid={emailError ? true : undefined} {...form.register("email")} />
        </Field>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? "Sending..." : "Send invitation"}
        </Button>
        {sent.message ? <Alert tone="success">{sent.message}</Alert> : null}
        {formError ? <Alert>{formError}</Alert> : null}
      </form>

      <div>
        <h3 className="text-sm font-semibold text-slate-900">Waiting for an answer</h3>
        {household.invitations.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No invitations are waiting.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200">
            {household.invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="break-all font-medium text-slate-900">{invitation.email}</p>
                  <p className="text-xs text-slate-600">
                    {invitation.invitedByName ? `Sent by ${invitation.invitedByName}` : "Sent"} {formatDay(invitation.createdAt)} · link works until{" "}
                    {formatDay(invitation.expiresAt)}
                  </p>
                </div>
                <Button variant="secondary" size="sm" disabled={revoke.isPending} onClick={() => revoke.mutate(invitation.id)}>
                  Withdraw
                </Button>
              </li>
            ))}
          </ul>
        )}
        {revoke.error ? <Alert className="mt-2">{errorMessage(revoke.error, "Failed to withdraw the invitation")}</Alert> : null}
      </div>
    </div>
  );
}
