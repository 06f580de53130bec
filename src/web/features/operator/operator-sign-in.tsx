import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { AppError } from "../../../shared/errors";
import {
  operatorSignInSchema,
  operatorTwoFactorSchema,
  type OperatorSignInInput,
  type OperatorTwoFactorInput,
} from "../../../shared/operator/operator.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { PasswordInput } from "../../components/ui/password-input";
import { errorMessage } from "../../lib/api";
import { AuthenticationCodeStep } from "../auth/authentication-code-step";
import { useOperatorSignIn, useOperatorTwoFactor } from "./use-operator";

/**
 * The desk's own sign-in at /operator (the public Sign In dialog offers only parent and teacher).
 * A second step asks for the authenticator code when the operator has two-factor on.
 */
export function OperatorSignIn({ notice }: { notice?: string | undefined }) {
  const [step, setStep] = useState<"password" | "code">("password");
  return (
    <main id="content" className="mx-auto w-full max-w-md flex-1 px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">Operator sign in</h1>
      <p className="mt-2 text-sm text-slate-700">For the Music Lessons team. Parents and teachers sign in from the home page.</p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        {notice && step === "password" ? <Alert tone="info" className="mb-4">{notice}</Alert> : null}
        {step === "password" ? <PasswordStep onCodeNeeded={() => setStep("code")} /> : <CodeStep onRestart={() => setStep("password")} />}
      </div>
    </main>
  );
}

function PasswordStep({ onCodeNeeded }: { onCodeNeeded: () => void }) {
  const form = useForm<OperatorSignInInput>({ resolver: zodResolver(operatorSignInSchema), defaultValues: { email: "", password: "" } });
  const signIn = useOperatorSignIn();
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((values) =>
        signIn.mutate(values, {
          onSuccess: (result) => {
            if (result.twoFactorRequired) onCodeNeeded();
          },
        }),
      )}
    >
      <Field id="operator-email" label="Email" error={form.formState.errors.email?.message} required>
        <Input id="operator-email" aria-required="true" type="email" autoComplete="username" {...form.register("email")} />
      </Field>
      <Field id="operator-password" label="Password" error={form.formState.errors.password?.message} required>
        <PasswordInput id="operator-password" aria-required="true" autoComplete="current-password" {...form.register("password")} />
      </Field>
      {signIn.isError ? <Alert>{errorMessage(signIn.error, "Signing in failed. Please try again.")}</Alert> : null}
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? "Signing in..." : "Sign in"}
      </Button>
      <p className="text-xs text-slate-600">
        New operator? Use the “Set your password” link we emailed you. Forgot your password? Use “Forgot password” in the home page’s Sign In.
      </p>
    </form>
  );
}

function CodeStep({ onRestart }: { onRestart: () => void }) {
  const form = useForm<OperatorTwoFactorInput>({ resolver: zodResolver(operatorTwoFactorSchema), defaultValues: { code: "", trustDevice: false } });
  const verify = useOperatorTwoFactor();
  const expired = verify.error instanceof AppError && verify.error.reason === "two_factor_expired";
  return (
    <AuthenticationCodeStep
      inputId="operator-code"
      code={form.register("code")}
      codeError={form.formState.errors.code?.message}
      failure={verify.isError ? errorMessage(verify.error, "Signing in failed. Please try again.") : null}
      pending={verify.isPending}
      expired={expired}
      onSubmit={form.handleSubmit((values) => verify.mutate(values))}
      onRestart={onRestart}
    />
  );
}
