import { createMiddleware } from "hono/factory";
import { AppError } from "../../shared/errors";
import type { AppEnv, Deps } from "../http/app-env";

/**
 * Resolves the session for routes that need one (never globally: a session lookup on every
 * request cost two thirds of the throughput). Anonymous → 401.
 */
export function requireUser(deps: Pick<Deps, "auth">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const result = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (!result || (result.user as { deleted?: boolean }).deleted) {
      throw new AppError("unauthenticated", "Please sign in to continue.");
    }
    c.set("user", { id: result.user.id, email: result.user.email, name: result.user.name });
    c.set("sessionId", result.session.id);
    await next();
  });
}
