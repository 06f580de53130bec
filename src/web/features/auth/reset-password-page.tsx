import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import type { z } from "zod";
import { resetPasswordSchema } from "../../../shared/auth/auth.schemas";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClasses } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { errorMessage } from "../../lib/api";
import { useAuthDialogs } from "./auth-dialogs";
import { useResetPassword } from "./use-auth-actions";

type ResetInput = z.input<typeof resetPasswordSchema>;

/** Where the emailed reset link lands (better-auth redirects here with ?token=… or ?error=…). */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get("token");
  // A new operator's "Set your password" link (OPERATOR_EMAILS) lands here too, then goes to the desk.
  const forOperator = params.get("for") === "operator";
  const { openSignIn, openForgotPassword } = useAuthDialogs();
  const form = useForm<ResetInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
    mode: "onChange",
  });
  const reset = useResetPassword(token);

  return (
    <main className="mx-auto w-full max-w-md flex-1 px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">{forOperator ? "Set your password" : "Choose a new password"}</h1>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        {!token || params.get("error") ? (
          <div className="space-y-4">
            <Alert>This reset link is invalid or has expired.</Alert>
            <Button className="w-full" onClick={openForgotPassword}>
              Send a new link
            </Button>
          </div>
        ) : reset.isSuccess ? (
          <div className="space-y-4">
            <Alert tone="success">
              {forOperator ? "Your password is set. Sign in at the operator desk." : "Your password has been changed. Sign in with your new password."}
            </Alert>
            {forOperator ? (
              <Link to="/operator" className={buttonClasses("primary", "md", "w-full")}>
                Go to the operator desk
              </Link>
            ) : (
              <Button className="w-full" onClick={() => openSignIn()}>
                Sign In
              </Button>
            )}
          </div>
        ) : (
          <form noValidate onSubmit={form.handleSubmit((values) => reset.mutate(values))} className="space-y-4">
            <Field id="reset-password" label="New password" hint="At least 8 characters" error={form.formState.errors.newPassword?.message}>
              <Input id="reset-password" type="password" autoComplete="new-password" {...form.register("newPassword")} />
            </Field>
            <Field id="reset-confirm" label="Confirm new password" error={form.formState.errors.confirmPassword?.message}>
              <Input id="reset-confirm" type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
            </Field>
            {reset.isError ? (
              <Alert>{errorMessage(reset.error, "This reset link is invalid or has expired.")}</Alert>
            ) : null}
            <Button type="submit" className="w-full" disabled={reset.isPending}>
              {reset.isPending ? "Saving..." : forOperator ? "Set password" : "Change password"}
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
