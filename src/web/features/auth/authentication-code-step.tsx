import type { FormEventHandler, ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";

/**
 * The authenticator-code step of a sign-in, the same for families and teachers (Sign In dialog)
 * and for operators (/operator): the code field, what went wrong, Verify, and the way back. An
 * expired step offers "Sign in again" instead of "← Back".
 */
export function AuthenticationCodeStep({
  inputId,
  code,
  codeError,
  extra,
  failure,
  pending,
  expired,
  onSubmit,
  onRestart,
}: {
  inputId: string;
  code: UseFormRegisterReturn;
  codeError: string | undefined;
  /** Fields between the code and the error (the families' "Trust this device"). */
  extra?: ReactNode;
  failure: string | null;
  pending: boolean;
  expired: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onRestart: () => void;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-slate-700">Open your authenticator app and enter the 6-digit code for Music Lessons.</p>
      <Field id={inputId} label="Authentication code" error={codeError}>
        <Input id={inputId} inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus textSize="lg" className="text-center tracking-[0.4em]" {...code} />
      </Field>
      {extra}
      {failure ? <Alert>{failure}</Alert> : null}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Verifying..." : "Verify"}
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
