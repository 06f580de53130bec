import type { Deps } from "../deps";

/**
 * Every new account gets the confirm-your-address email (decisions.md section 5); whether
 * sign-in waits for it is configuration. A failure to send is logged, never fatal to sign-up.
 */
export async function sendConfirmationEmail(deps: Pick<Deps, "auth" | "logger">, email: string, callbackURL: string) {
  try {
    await deps.auth.api.sendVerificationEmail({ body: { email, callbackURL } });
  } catch (error) {
    deps.logger.error({ err: error }, "could not send the confirmation email after sign-up");
  }
}
