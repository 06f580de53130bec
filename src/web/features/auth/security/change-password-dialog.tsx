import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { changePasswordSchema, CURRENT_PASSWORD_WRONG_MESSAGE } from "../../../../shared/auth/auth.schemas";
import { AppError } from "../../../../shared/errors";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Choice } from "../../../components/ui/choice";
import { DialogWhenOpen } from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { invalidProps } from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api";
import { useChangePassword } from "./use-security";

type Input = z.input<typeof changePasswordSchema>;
type Output = z.output<typeof changePasswordSchema>;

/** better-auth refuses a wrong current password with 400 and this code (its message says only "Invalid password"). */
const WRONG_CURRENT_PASSWORD_CODE = "INVALID_PASSWORD";
const isWrongCurrentPassword = (error: unknown) => error instanceof AppError && error.reason === WRONG_CURRENT_PASSWORD_CODE;

export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <DialogWhenOpen open={open} onOpenChange={onOpenChange} title="Change Password">
      <ChangePasswordForm onDone={() => onOpenChange(false)} />
    </DialogWhenOpen>
  );
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "", revokeOtherSessions: true },
    mode: "onChange",
  });
  const change = useChangePassword();
  const { errors } = form.formState;
  if (change.isSuccess) {
    return (
      <div className="space-y-4">
        <Alert tone="success">Your password has been changed.</Alert>
        <Button className="w-full" onClick={onDone}>
          Done
        </Button>
      </div>
    );
  }
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) =>
        change.mutate(values, {
          onError: (error) => {
            if (isWrongCurrentPassword(error)) form.setError("currentPassword", { message: CURRENT_PASSWORD_WRONG_MESSAGE }, { shouldFocus: true });
          },
        }),
      )}
      className="space-y-4"
    >
      <Field id="cp-current" label="Current password" error={errors.currentPassword?.message}>
        <Input
          id="cp-current"
          type="password"
          autoComplete="current-password"
          {...invalidProps("cp-current", errors.currentPassword?.message)}
          {...form.register("currentPassword")}
        />
      </Field>
      <Field id="cp-new" label="New password" hint="At least 8 characters" error={errors.newPassword?.message}>
        <Input id="cp-new" type="password" autoComplete="new-password" {...form.register("newPassword")} />
      </Field>
      <Field id="cp-confirm" label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input id="cp-confirm" type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
      </Field>
      <Choice label="Sign out of my other devices" {...form.register("revokeOtherSessions")} />
      {change.isError && !isWrongCurrentPassword(change.error) ? <Alert>{errorMessage(change.error, "Failed to change the password. Please try again.")}</Alert> : null}
      <Button type="submit" className="w-full" disabled={change.isPending}>
        {change.isPending ? "Saving..." : "Change Password"}
      </Button>
    </form>
  );
}
