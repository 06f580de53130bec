import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { Role } from "../../../shared/accounts/accounts.constants";
import { twoFactorSignInSchema, type SignInResult, type TwoFactorSignInInput } from "../../../shared/auth/auth.schemas";
import { AppError } from "../../../shared/errors";
import { Choice } from "../../components/ui/choice";
import { errorMessage } from "../../lib/api";
import { AuthenticationCodeStep } from "./authentication-code-step";
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
    <AuthenticationCodeStep
      inputId="sign-in-code"
      code={form.register("code")}
      codeError={form.formState.errors.code?.message}
      extra={<Choice label="Trust this device for 30 days" {...form.register("trustDevice")} />}
      failure={verify.isError ? errorMessage(verify.error, "An error occurred while signing in.") : null}
      pending={verify.isPending}
      expired={expired}
      onSubmit={form.handleSubmit((values) => verify.mutate(values))}
      onRestart={onRestart}
    />
  );
}
