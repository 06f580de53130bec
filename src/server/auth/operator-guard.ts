import { createMiddleware } from "hono/factory";
import { AppError } from "../../shared/errors";
import { deleteSession, isOperator, twoFactorEnabled } from "./auth.repo";
import { readSession } from "./guards";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { operatorSessionExpired } from "./operator-session";

/**
 * Every /api/operator/* route: the signed-in account must be an operator. Anyone else (anonymous,
 * parents, teachers) gets the same 404 as an unknown path, so the desk gives no hint that it exists.
 * An operator's session ends OPERATOR_SESSION_HOURS after sign-in (401), and with
 * NODE_ENV=production nothing opens until the operator has turned two-factor on (403
 * `two_factor_setup_required`: the page shows the setup).
 */
export function requireOperator(deps: Pick<Deps, "auth" | "db" | "env">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const session = await readSession(deps, c.req.raw.headers);
    if (!session || !(await isOperator(deps.db, session.user.id))) {
      throw new AppError("not_found", `No API route for ${c.req.method} ${c.req.path}`);
    }
    if (operatorSessionExpired(session.sessionCreatedAt)) {
      await deleteSession(deps.db, session.sessionId);
      throw new AppError("unauthenticated", "Your operator session has ended (they last 12 hours). Please sign in again.", {
        reason: "operator_session_expired",
      });
    }
    if (deps.env.NODE_ENV === "production" && !(await twoFactorEnabled(deps.db, session.user.id))) {
      throw new AppError("forbidden", "Please set up two-step sign-in before using the operator desk.", {
        reason: "two_factor_setup_required",
      });
    }
    c.set("user", session.user);
    c.set("sessionId", session.sessionId);
    c.set("operator", { userId: session.user.id, email: session.user.email });
    await next();
  });
}
