import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { forgotPasswordSchema } from "../../../shared/auth/auth.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { DialogWhenOpen } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { errorMessage } from "../../lib/api";
import { useRequestPasswordReset } from "./use-auth-actions";

type ForgotInput = z.input<typeof forgotPasswordSchema>;

export function ForgotPasswordDialog({
  open,
  onOpenChange,
  onReturnToSignIn,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReturnToSignIn: () => void;
}) {
  const form = useForm<ForgotInput, unknown, z.output<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
    mode: "onChange",
  });
  const request = useRequestPasswordReset();
  return (
    <DialogWhenOpen open={open} onOpenChange={onOpenChange} title="Reset your password" description="We'll email you a link to choose a new password.">
      {request.isSuccess ? (
        <div className="space-y-4">
          {/* The same answer whether or not the address has an account. */}
          <Alert tone="success">
            If an account exists for {request.variables.email}, we sent a link to reset the password. The link works for one hour.
          </Alert>
          <Button className="w-full" variant="secondary" onClick={onReturnToSignIn}>
            Return to Sign In
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))} className="space-y-4">
          <Field id="forgot-email" label="Email" error={form.formState.errors.email?.message}>
            <Input id="forgot-email" type="email" autoComplete="email" {...form.register("email")} />
          </Field>
          {request.isError ? <Alert>{errorMessage(request.error, "Something went wrong. Please try again.")}</Alert> : null}
          <Button type="submit" className="w-full" disabled={request.isPending}>
            {request.isPending ? "Sending..." : "Send reset link"}
          </Button>
          <p className="text-center">
            <Button variant="link" onClick={onReturnToSignIn}>
              Return to Sign In
            </Button>
          </p>
        </form>
      )}
    </DialogWhenOpen>
  );
}
