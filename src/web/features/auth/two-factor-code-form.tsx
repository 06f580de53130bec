import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { Role } from "../../../shared/accounts/accounts.constants";
import { twoFactorSignInSchema, type SignInResult, type TwoFactorSignInInput } from "../../../shared/auth/auth.schemas";
import { AppError } from "../../../shared/errors";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Choice } from "../../components/ui/choice";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { errorMessage } from "../../lib/api";
import { useTwoFactorSignIn } from "./use-auth-actions";

/** Second step of signing in when the account has two-factor authentication on. */
export function TwoFactorCodeForm({
  role,
  onSignedIn,
  onRestart,
}: {
  role: Role;
  onSignedIn: (result: SignInResult) => Promise<void>;
  onRestart: () => void;
}) {
  const form = useForm<TwoFactorSignInInput>({
    resolver: zodResolver(twoFactorSignInSchema),
    defaultValues: { role, code: "", trustDevice: false },
    mode: "onChange",
  });
  const verify = useTwoFactorSignIn({ onSuccess: onSignedIn });
  const expired = verify.error instanceof AppError && verify.error.reason === "two_factor_expired";
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => verify.mutate(values))} className="space-y-4">
      <p className="text-sm text-slate-700">Open your authenticator app and enter the 6-digit code for Music Lessons.</p>
      <Field id="sign-in-code" label="Authentication code" error={form.formState.errors.code?.message}>
        <Input
          id="sign-in-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          textSize="lg"
          className="text-center tracking-[0.4em]"
          {...form.register("code")}
        />
      </Field>
      <Choice label="Trust this device for 30 days" {...form.register("trustDevice")} />
      {verify.isError ? <Alert>{errorMessage(verify.error, "An error occurred while signing in.")}</Alert> : null}
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? "Verifying..." : "Verify"}
      </Button>
      {expired ? (
        <Button variant="secondary" className="w-full" onClick={onRestart}>
          Sign in again
        </Button>
      ) : (
        <Button variant="link" onClick={onRestart}>
          ← Back
        </Button>
      )}
    </form>
  );
}
