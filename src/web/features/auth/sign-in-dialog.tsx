import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import type { Role } from "../../../shared/accounts/accounts.constants";
import {
  safeNextPath,
  signInSchema,
  type SignInInput,
  type SignInResult,
} from "../../../shared/auth/auth.schemas";
import { TwoFactorCodeForm } from "./two-factor-code-form";
import { AppError } from "../../../shared/errors";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { DialogWhenOpen } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { PasswordInput } from "../../components/ui/password-input";
import { mayOpen } from "../../app/route-access";
import { useSignIn } from "./use-auth-actions";
import { useRefreshMe } from "./use-me";
import { RolePicker } from "./role-picker";

/** What Sign In starts with, e.g. right after a teacher applied: their role and address. */
export interface SignInPrefill {
  role?: Role;
  email?: string;
}

interface SignInHandoffs {
  onCreateAccount: () => void;
  onForgotPassword: () => void;
  onUnconfirmedEmail: (email: string) => void;
}

export function SignInDialog({
  open,
  next,
  prefill,
  onOpenChange,
  ...handoffs
}: {
  open: boolean;
  next: string | null;
  prefill?: SignInPrefill | undefined;
  onOpenChange: (open: boolean) => void;
} & SignInHandoffs) {
  return (
    <DialogWhenOpen open={open} onOpenChange={onOpenChange} title="Sign In" description="Welcome back! Choose how you use Music Lessons.">
      <SignInForm next={next} prefill={prefill} onDone={() => onOpenChange(false)} {...handoffs} />
    </DialogWhenOpen>
  );
}

function SignInForm({
  next,
  prefill,
  onDone,
  onCreateAccount,
  onForgotPassword,
  onUnconfirmedEmail,
}: { next: string | null; prefill?: SignInPrefill | undefined; onDone: () => void } & SignInHandoffs) {
  const navigate = useNavigate();
  const refreshMe = useRefreshMe();
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: prefill?.email ?? "", password: "", ...(prefill?.role ? { role: prefill.role } : {}) },
  });
  const role = useWatch({ control: form.control, name: "role" });

  const finish = async (result: SignInResult) => {
    if (result.twoFactorRequired) return;
    await refreshMe();
    onDone();
    const wanted = safeNextPath(next);
    void navigate(wanted && mayOpen(wanted, result.role) ? wanted : result.redirectTo, { replace: true });
  };

  const signIn = useSignIn({
    onSuccess: finish,
    onError: (error, input) => {
      if (error instanceof AppError && error.reason === "email_not_verified") onUnconfirmedEmail(input.email.trim().toLowerCase());
    },
  });

  const error = signIn.error;
  const wrongCredentials = error instanceof AppError && error.reason === "invalid_credentials";

  if (signIn.data?.twoFactorRequired && role) {
    return <TwoFactorCodeForm role={role} onSignedIn={finish} onRestart={() => signIn.reset()} />;
  }

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => signIn.mutate(values))} className="space-y-4">
      <RolePicker control={form.control} role={role} />

      <Field id="sign-in-email" label="Email" error={form.formState.errors.email?.message}>
        <Input
          id="sign-in-email"
          type="email"
          autoComplete="email"
          aria-invalid={form.formState.errors.email ? true : undefined}
          {...form.register("email")}
        />
      </Field>

      <Field id="sign-in-password" label="Password" error={form.formState.errors.password?.message}>
        <PasswordInput
          id="sign-in-password"
          autoComplete="current-password"
          aria-invalid={form.formState.errors.password ? true : undefined}
          {...form.register("password")}
        />
      </Field>

      <div className="-mt-2 text-right">
        <Button variant="link" className="text-sm" onClick={onForgotPassword}>
          Forgot password?
        </Button>
      </div>

      {error ? (
        wrongCredentials ? (
          <Alert tone="info">
            <p>{error.message}</p>
            <Button
              variant="link"
              className="mt-1"
              onClick={onCreateAccount}
            >
              Create an Account
            </Button>
          </Alert>
        ) : (
          <Alert>{error instanceof AppError ? error.message : "An error occurred while signing in."}</Alert>
        )
      ) : null}

      <Button type="submit" className="w-full" disabled={!role || signIn.isPending}>
        {signIn.isPending ? "Signing In..." : "Sign In"}
      </Button>

      <p className="text-center text-sm text-slate-600">
        New here?{" "}
        <Button
          variant="link"
          onClick={onCreateAccount}
        >
          Create account
        </Button>
      </p>
    </form>
  );
}
