import { WRONG_CREDENTIALS_MESSAGE, type SignInResult } from "../../shared/auth/auth.schemas";
import { AppError } from "../../shared/errors";
import type { Role } from "../../shared/accounts/accounts.constants";
import { completeRoleSignIn } from "../accounts/accounts.service";
import type { Deps } from "../http/app-env";
import { CLIENT_IP_HEADER } from "./auth";

interface SignInRequest {
  role: Role;
  email: string;
  password: string;
  clientIp: string;
  userAgent: string | undefined;
}

/**
 * Password sign-in through better-auth's own HTTP handler (not `auth.api`), so its rate limiter
 * and session cookies apply exactly as for any other auth request; then the role rule of spec
 * section 4. Returns the Set-Cookie headers to pass on.
 */
export async function signInWithRole(
  deps: Pick<Deps, "auth" | "db" | "env">,
  input: SignInRequest,
): Promise<{ result: SignInResult; setCookies: string[] }> {
  const headers = new Headers({
    "content-type": "application/json",
    origin: deps.env.PUBLIC_URL,
    [CLIENT_IP_HEADER]: input.clientIp,
  });
  if (input.userAgent) headers.set("user-agent", input.userAgent);
  const response = await deps.auth.handler(
    new Request(`${deps.env.PUBLIC_URL}/api/auth/sign-in/email`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email: input.email, password: input.password }),
    }),
  );

  if (response.status === 429) {
    throw new AppError("rate_limited", "Too many sign-in attempts. Please wait a minute and try again.");
  }
  const body = (await response.json().catch(() => null)) as {
    token?: string;
    user?: { id: string };
    code?: string;
    message?: string;
  } | null;
  if (response.status === 401 || body?.code === "INVALID_EMAIL_OR_PASSWORD") {
    throw new AppError("unauthenticated", WRONG_CREDENTIALS_MESSAGE, { reason: "invalid_credentials" });
  }
  if (response.status === 403 && body?.code === "EMAIL_NOT_VERIFIED") {
    throw new AppError("forbidden", "Please confirm your email address before signing in.", {
      reason: "email_not_verified",
    });
  }
  if (!response.ok || !body?.token || !body.user) {
    throw new AppError("validation", body?.message ?? "An error occurred while signing in.");
  }
  const result = await completeRoleSignIn(deps, body.user.id, body.token, input.role);
  return { result, setCookies: response.headers.getSetCookie() };
}
