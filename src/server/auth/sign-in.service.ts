import { WRONG_CREDENTIALS_MESSAGE, type SignInResult } from "../../shared/auth/auth.schemas";
import { AppError } from "../../shared/errors";
import type { Role } from "../../shared/accounts/accounts.constants";
import type { Deps } from "../deps";
import { CLIENT_IP_HEADER } from "./auth";
import { throwIfSuspendedRefusal } from "./suspended-sign-in";
import { completeRoleSignIn } from "./roles.service";

export interface ClientInfo {
  clientIp: string;
  userAgent: string | undefined;
  /** The browser's cookies, needed to finish a two-factor sign-in. */
  cookie?: string | undefined;
}

export type SignInDeps = Pick<Deps, "auth" | "db" | "env">;

/**
 * Calls one of better-auth's endpoints through its own HTTP handler (not `auth.api`), so its
 * rate limiter, session cookies and two-factor cookie apply exactly as for any auth request.
 */
export async function callAuth(deps: SignInDeps, path: string, body: unknown, client: ClientInfo) {
  const headers = new Headers({
    "content-type": "application/json",
    origin: deps.env.PUBLIC_URL,
    [CLIENT_IP_HEADER]: client.clientIp,
  });
  if (client.userAgent) headers.set("user-agent", client.userAgent);
  if (client.cookie) headers.set("cookie", client.cookie);
  const response = await deps.auth.handler(
    new Request(`${deps.env.PUBLIC_URL}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
  const json = (await response.json().catch(() => null)) as {
    token?: string;
    user?: { id: string };
    twoFactorRedirect?: boolean;
    code?: string;
    message?: string;
  } | null;
  return { response, json };
}

/** better-auth says when to retry in its own X-Retry-After header (seconds). */
export function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get("x-retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/** A session was created: the role rule of spec section 4 decides whether it survives. */
async function finishWithRole(
  deps: SignInDeps,
  response: Response,
  json: { token?: string; user?: { id: string } } | null,
  role: Role,
) {
  if (!json?.token || !json.user) throw new AppError("validation", "An error occurred while signing in.");
  const result = await completeRoleSignIn(deps, json.user.id, json.token, role);
  return { result: result as SignInResult, setCookies: response.headers.getSetCookie() };
}

/** Password sign-in as a role. Returns the Set-Cookie headers to pass on. */
export async function signInWithRole(
  deps: SignInDeps,
  input: { role: Role; email: string; password: string } & ClientInfo,
): Promise<{ result: SignInResult; setCookies: string[] }> {
  const { response, json } = await callAuth(deps, "/sign-in/email", { email: input.email, password: input.password }, input);
  if (response.status === 429) {
    throw new AppError("rate_limited", "Too many sign-in attempts. Please wait a minute and try again.", {
      retryAfterSeconds: retryAfterOf(response),
    });
  }
  if (response.status === 401 || json?.code === "INVALID_EMAIL_OR_PASSWORD") {
    throw new AppError("unauthenticated", WRONG_CREDENTIALS_MESSAGE, { reason: "invalid_credentials" });
  }
  throwIfSuspendedRefusal(deps.env.SUPPORT_EMAIL, response, json);
  if (response.status === 403 && json?.code === "EMAIL_NOT_VERIFIED") {
    throw new AppError("forbidden", "Please confirm your email address before signing in.", {
      reason: "email_not_verified",
    });
  }
  if (response.ok && json?.twoFactorRedirect) {
    // better-auth set a short-lived two-factor cookie; the session comes after the code.
    return { result: { twoFactorRequired: true }, setCookies: response.headers.getSetCookie() };
  }
  if (!response.ok) throw new AppError("validation", json?.message ?? "An error occurred while signing in.");
  return finishWithRole(deps, response, json, input.role);
}

/**
 * Right after a sign-up (a parent's, or a teacher's application): the new account signed in as a
 * sign-in would sign it in, unless its address must be confirmed first. The Set-Cookie headers to
 * pass on; none when it is not signed in.
 */
export async function signInNewAccount(
  deps: SignInDeps,
  input: { role: Role; email: string; password: string } & ClientInfo,
): Promise<{ signedIn: boolean; setCookies: string[] }> {
  try {
    const { result, setCookies } = await signInWithRole(deps, input);
    if (result.twoFactorRequired) return { signedIn: false, setCookies: [] };
    return { signedIn: true, setCookies };
  } catch (error) {
    if (error instanceof AppError && error.reason === "email_not_verified") return { signedIn: false, setCookies: [] };
    throw error;
  }
}

/**
 * The TOTP code of a two-factor sign-in, with better-auth's two-factor cookie from the password
 * step: every refusal (too many tries, a suspended account, an expired sign-in, a wrong code) is
 * thrown; what comes back is better-auth's answer with the new session. Shared by the marketplace
 * sign-in and the operator desk's.
 */
export async function verifyTwoFactorCode(
  deps: SignInDeps,
  input: { code: string; trustDevice?: boolean | undefined } & ClientInfo,
): Promise<Awaited<ReturnType<typeof callAuth>>> {
  const { response, json } = await callAuth(
    deps,
    "/two-factor/verify-totp",
    { code: input.code, trustDevice: input.trustDevice ?? false },
    input,
  );
  if (response.status === 429) {
    throw new AppError("rate_limited", "Too many attempts. Please wait a minute and try again.", {
      retryAfterSeconds: retryAfterOf(response),
    });
  }
  throwIfSuspendedRefusal(deps.env.SUPPORT_EMAIL, response, json);
  if (!response.ok) {
    const expired = json?.code === "INVALID_TWO_FACTOR_COOKIE" || (response.status === 401 && !input.cookie);
    throw new AppError(
      "unauthenticated",
      expired ? "Your sign-in expired. Please sign in again." : "That code is not correct. Please try again.",
      { reason: expired ? "two_factor_expired" : "invalid_code" },
    );
  }
  return { response, json };
}

/** Second step of a two-factor sign-in as a role. */
export async function completeTwoFactorSignIn(
  deps: SignInDeps,
  input: { role: Role; code: string; trustDevice?: boolean | undefined } & ClientInfo,
): Promise<{ result: SignInResult; setCookies: string[] }> {
  const { response, json } = await verifyTwoFactorCode(deps, input);
  return finishWithRole(deps, response, json, input.role);
}
