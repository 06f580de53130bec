import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type UseFormRegisterReturn } from "react-hook-form";
import type { z } from "zod";
import { CONTACT_FOR_FAMILIES_MAX, deleteWithCodeSchema, deleteWithPasswordSchema } from "../../../shared/accounts/accounts.schemas";
import { AppError } from "../../../shared/errors";
import { Alert } from "../../components/ui/alert";
import { FormActions } from "../../components/ui/form-actions";
import { DialogWhenOpen } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { invalidProps, setServerErrors } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { PasswordInput } from "../../components/ui/password-input";
import { Textarea } from "../../components/ui/textarea";
import { errorMessage } from "../../lib/api";
import { useAuthSession } from "../auth/security/use-auth-session";
import { useMe } from "../auth/use-me";
import { useDeleteAccount } from "./use-accounts";

type Profiles = { parent: boolean; teacher: boolean };

/**
 * Exactly what deleting the account does, for the profiles it holds (issue 26, decisions.md
 * section 6): what goes, what is cancelled and who is told, and what stays with the other side.
 */
export function deletionConsequences(profiles: Profiles): string[] {
  const lines: string[] = [];
  if (profiles.parent) {
    lines.push(
      "Your parent profile and your students, with their repertoire, are deleted.",
      "Your future lessons and pending lesson requests are cancelled, and each teacher is emailed that you closed your account.",
      "Past lessons stay with the teacher, with their attendance, notes and earnings, your family shown as “Deleted user”. A class stays with the teacher the same way until they archive it.",
      "Make-up credits your students hold are lost.",
    );
  }
  if (profiles.teacher) {
    lines.push(
      "Your teacher profile, availability, days off and intro video are deleted, and families can no longer find you.",
      "Your future lessons and pending lesson requests are cancelled, and each family is emailed that you can no longer teach on Music Lessons.",
      "Make-up credits families hold with you become void.",
      "Past lessons, invoices, classes and your messages stay with the families, you shown as “Deleted teacher”. What a family still owes you is shown to them with the contact details you leave below, or else as no longer payable in the app.",
    );
  }
  // Issue 41: a teacher's messages read "Deleted teacher" (said above); a family's "Deleted user".
  if (profiles.parent || !profiles.teacher) {
    lines.push("Your messages stay with the people you wrote to, your name shown as “Deleted user”.");
  }
  lines.push("You are signed out and your email address is freed.");
  return lines;
}

export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <DialogWhenOpen open={open} onOpenChange={onOpenChange} title="Delete Account" description="This permanently deletes your account and cannot be undone. Here is exactly what happens:" width="lg">
      <DeleteAccountBody onDeleted={() => onOpenChange(false)} />
    </DialogWhenOpen>
  );
}

function DeleteAccountBody({ onDeleted }: { onDeleted: () => void }) {
  const me = useMe();
  const session = useAuthSession();
  if (me.isPending || session.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Loading your account...
      </p>
    );
  }
  if (me.isError || session.isError) return <Alert>Failed to load your account. Please close this window and try again.</Alert>;
  const profiles = me.data.profiles;
  return (
    <div className="space-y-4">
      <ul className="list-disc space-y-1.5 pl-5 text-sm text-slate-700" aria-label="What deleting your account does">
        {deletionConsequences(profiles).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <ConfirmDeletionForm twoFactor={session.data?.user.twoFactorEnabled === true} teacher={profiles.teacher} onDeleted={onDeleted} />
    </div>
  );
}

/** The password, or with two-factor sign-in on a fresh code: the server checks it before anything is deleted. */
function ConfirmDeletionForm({ twoFactor, teacher, onDeleted }: { twoFactor: boolean; teacher: boolean; onDeleted: () => void }) {
  return twoFactor ? <CodeForm teacher={teacher} onDeleted={onDeleted} /> : <PasswordForm teacher={teacher} onDeleted={onDeleted} />;
}

/**
 * Issue 41: a teacher may leave how families who still owe them can reach and pay them; families
 * read it on those invoices and in the email that tells them the teacher left.
 */
function ContactForFamilies({ register, error }: { register: UseFormRegisterReturn; error: string | undefined }) {
  return (
    <Field
      id="delete-contact"
      label="Contact details for families who still owe you (optional)"
      hint="For example an email address and how to pay you. Families with unpaid invoices see it; leave it empty to share nothing."
      error={error}
    >
      <Textarea id="delete-contact" rows={3} maxLength={CONTACT_FOR_FAMILIES_MAX} {...invalidProps("delete-contact", error)} {...register} />
    </Field>
  );
}

function PasswordForm({ teacher, onDeleted }: { teacher: boolean; onDeleted: () => void }) {
  const form = useForm<z.input<typeof deleteWithPasswordSchema>>({ resolver: zodResolver(deleteWithPasswordSchema), defaultValues: { password: "" } });
  const remove = useDeleteAccount({ onDeleted });
  const error = form.formState.errors.password?.message;
  const onSubmit = form.handleSubmit((values) => remove.mutate(values, { onError: (e) => setServerErrors(e, form.setError, ["password", "contactForFamilies"]) }));
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Confirm account deletion" className="space-y-4">
      {teacher ? <ContactForFamilies register={form.register("contactForFamilies")} error={form.formState.errors.contactForFamilies?.message} /> : null}
      <Field id="delete-password" label="Current password" hint="Enter your password to confirm." error={error}>
        <PasswordInput id="delete-password" autoComplete="current-password" {...invalidProps("delete-password", error)} {...form.register("password")} />
      </Field>
      <FormEnd remove={remove} />
    </form>
  );
}

function CodeForm({ teacher, onDeleted }: { teacher: boolean; onDeleted: () => void }) {
  const form = useForm<z.input<typeof deleteWithCodeSchema>>({ resolver: zodResolver(deleteWithCodeSchema), defaultValues: { code: "" } });
  const remove = useDeleteAccount({ onDeleted });
  const error = form.formState.errors.code?.message;
  const onSubmit = form.handleSubmit((values) => remove.mutate(values, { onError: (e) => setServerErrors(e, form.setError, ["code", "contactForFamilies"]) }));
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Confirm account deletion" className="space-y-4">
      {teacher ? <ContactForFamilies register={form.register("contactForFamilies")} error={form.formState.errors.contactForFamilies?.message} /> : null}
      <Field id="delete-code" label="Authentication code" hint="Two-factor sign-in is on: enter the 6-digit code from your authenticator app." error={error}>
        <Input id="delete-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...invalidProps("delete-code", error)} {...form.register("code")} />
      </Field>
      <FormEnd remove={remove} />
    </form>
  );
}

/** Cancel and the red button; an error that is not about the field (a refusal beside its field needs no second message). */
function FormEnd({ remove }: { remove: ReturnType<typeof useDeleteAccount> }) {
  const onField = remove.error instanceof AppError && remove.error.fields !== undefined;
  return (
    <>
      {remove.isError && !onField ? <Alert>{errorMessage(remove.error, "Failed to delete account. Please try again or contact support.")}</Alert> : null}
      <FormActions variant="danger" submit="Delete my account" pending={remove.isPending} pendingLabel="Deleting..." />
    </>
  );
}
