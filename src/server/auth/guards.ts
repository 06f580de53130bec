import { createMiddleware } from "hono/factory";
import { AppError } from "../../shared/errors";
import { findProfileIds } from "../accounts/accounts.repo";
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

/**
 * After requireUser: the signed-in account must hold a parent profile; its id becomes
 * `c.var.parentId`. Authorization is decided from the session, never from the request body.
 */
export function requireParent(deps: Pick<Deps, "db">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { parentId } = await findProfileIds(deps.db, c.get("user").id);
    if (!parentId) throw new AppError("forbidden", "This is only available to parent accounts.");
    c.set("parentId", parentId);
    await next();
  });
}

/** After requireUser: the account must hold a teacher profile; its id becomes `c.var.teacherId`. */
export function requireTeacher(deps: Pick<Deps, "db">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { teacherId } = await findProfileIds(deps.db, c.get("user").id);
    if (!teacherId) throw new AppError("forbidden", "This is only available to teacher accounts.");
    c.set("teacherId", teacherId);
    await next();
  });
}
