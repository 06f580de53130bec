import { Hono } from "hono";
import { signInSchema, twoFactorSignInSchema } from "../../shared/auth/auth.schemas";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { clientIp } from "../http/client-ip";
import { validate } from "../http/validate";
import { CLIENT_IP_HEADER } from "./auth";
import { optionalUser } from "./guards";
import { getMe } from "./roles.service";
import { operatorSignInSchema, operatorTwoFactorSchema } from "../../shared/operator/operator.schemas";
import { completeOperatorTwoFactor, signInAsOperator } from "./operator-sign-in.service";
import { completeTwoFactorSignIn, retryAfterOf, signInWithRole } from "./sign-in.service";

/**
 * better-auth's own endpoints under /api/auth/*, with the socket address for its rate limiter.
 * Its 429 names the wait in X-Retry-After; clients and proxies read the standard Retry-After.
 */
export function createAuthHandlerRoutes(deps: Deps) {
  return new Hono<AppEnv>().on(["GET", "POST"], "/*", async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c));
    const response = await deps.auth.handler(new Request(c.req.raw, { headers }));
    const retryAfter = response.status === 429 ? retryAfterOf(response) : undefined;
    if (retryAfter === undefined) return response;
    const withRetry = new Response(response.body, response);
    withRetry.headers.set("retry-after", String(retryAfter));
    return withRetry;
  });
}

/** Our session endpoints: who am I, and sign in as a role. */
export function createSessionRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", optionalUser(deps), async (c) => c.json(await getMe(deps, c.get("viewer"))))
    .post("/", validate("json", signInSchema), async (c) => {
      const input = c.req.valid("json");
      const { result, setCookies } = await signInWithRole(deps, {
        ...input,
        clientIp: clientIp(c),
        userAgent: c.req.header("user-agent"),
      });
      for (const cookie of setCookies) c.header("set-cookie", cookie, { append: true });
      return c.json(result);
    })
    .post("/operator", validate("json", operatorSignInSchema), async (c) => {
      const { result, setCookies } = await signInAsOperator(deps, {
        ...c.req.valid("json"),
        clientIp: clientIp(c),
        userAgent: c.req.header("user-agent"),
      });
      for (const cookie of setCookies) c.header("set-cookie", cookie, { append: true });
      return c.json(result);
    })
    .post("/operator/two-factor", validate("json", operatorTwoFactorSchema), async (c) => {
      const { result, setCookies } = await completeOperatorTwoFactor(deps, {
        ...c.req.valid("json"),
        clientIp: clientIp(c),
        userAgent: c.req.header("user-agent"),
        cookie: c.req.header("cookie"),
      });
      for (const cookie of setCookies) c.header("set-cookie", cookie, { append: true });
      return c.json(result);
    })
    .post("/two-factor", validate("json", twoFactorSignInSchema), async (c) => {
      const input = c.req.valid("json");
      const { result, setCookies } = await completeTwoFactorSignIn(deps, {
        ...input,
        clientIp: clientIp(c),
        userAgent: c.req.header("user-agent"),
        cookie: c.req.header("cookie"),
      });
      for (const cookie of setCookies) c.header("set-cookie", cookie, { append: true });
      return c.json(result);
    });
}
