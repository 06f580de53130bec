import { WRONG_CREDENTIALS_MESSAGE } from "../../shared/auth/auth.schemas";
import { AppError } from "../../shared/errors";
import type { OperatorSignInResult } from "../../shared/operator/operator.schemas";
import { deleteSessionByToken, isOperator } from "./auth.repo";
import { callAuth, retryAfterOf, verifyTwoFactorCode, type ClientInfo, type SignInDeps } from "./sign-in.service";
import { throwIfSuspendedRefusal } from "./suspended-sign-in";

/**
 * Password sign-in at /operator. Only an operator account gets a session: for any other account
 * the new session is deleted at once and the answer is the same as for a wrong password, so the
 * page does not tell who holds an account.
 */
export async function signInAsOperator(
  deps: SignInDeps,
  input: { email: string; password: string } & ClientInfo,
): Promise<{ result: OperatorSignInResult; setCookies: string[] }> {
  const { response, json } = await callAuth(deps, "/sign-in/email", { email: input.email, password: input.password }, input);
  if (response.status === 429) {
    throw new AppError("rate_limited", "Too many sign-in attempts. Please wait a minute and try again.", {
      retryAfterSeconds: retryAfterOf(response),
    });
  }
  throwIfSuspendedRefusal(deps.env.SUPPORT_EMAIL, response, json);
  if (response.ok && json?.twoFactorRedirect) {
    return { result: { twoFactorRequired: true }, setCookies: response.headers.getSetCookie() };
  }
  if (!response.ok || !json?.token || !json.user) {
    throw new AppError("unauthenticated", WRONG_CREDENTIALS_MESSAGE, { reason: "invalid_credentials" });
  }
  if (!(await isOperator(deps.db, json.user.id))) {
    await deleteSessionByToken(deps.db, json.token);
    throw new AppError("unauthenticated", WRONG_CREDENTIALS_MESSAGE, { reason: "invalid_credentials" });
  }
  return { result: { redirectTo: "/operator" }, setCookies: response.headers.getSetCookie() };
}

/**
 * Second step of an operator's sign-in: the authenticator code, with better-auth's two-factor
 * cookie from the password step. As at the first step, a non-operator gets no session.
 */
export async function completeOperatorTwoFactor(
  deps: SignInDeps,
  input: { code: string; trustDevice?: boolean | undefined } & ClientInfo,
): Promise<{ result: OperatorSignInResult; setCookies: string[] }> {
  const { response, json } = await verifyTwoFactorCode(deps, input);
  if (!json?.token || !json.user || !(await isOperator(deps.db, json.user.id))) {
    if (json?.token) await deleteSessionByToken(deps.db, json.token);
    throw new AppError("unauthenticated", WRONG_CREDENTIALS_MESSAGE, { reason: "invalid_credentials" });
  }
  return { result: { redirectTo: "/operator" }, setCookies: response.headers.getSetCookie() };
}
