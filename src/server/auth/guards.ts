import { createMiddleware } from "hono/factory";
import { AppError } from "../../shared/errors";
import type { Deps } from "../deps";
import type { AppEnv, SessionUser } from "../http/app-env";
import { isOperator } from "./auth.repo";
import { findProfileIds } from "./roles.service";

/**
 * The signed-in user of a request, or null: no cookie, no session, or the account was deleted
 * (its tombstone row must never act again). The one place a session is read.
 */
export async function readSession(
  deps: Pick<Deps, "auth">,
  headers: Headers,
): Promise<{ user: SessionUser; sessionId: string; sessionCreatedAt: Date } | null> {
  // Sessions live in cookies only: without one there is nothing to look up.
  if (!headers.get("cookie")) return null;
  const result = await deps.auth.api.getSession({ headers });
  if (!result || (result.user as { deleted?: boolean }).deleted) return null;
  return { user: { id: result.user.id, email: result.user.email, name: result.user.name }, sessionId: result.session.id, sessionCreatedAt: new Date(result.session.createdAt) };
}

/**
 * Resolves the session for routes that need one (never globally: a session lookup on every
 * request cost two thirds of the throughput). Anonymous → 401, an operator → 403.
 */
export function requireUser(deps: Pick<Deps, "auth" | "db">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const session = await readSession(deps, c.req.raw.headers);
    if (!session) throw new AppError("unauthenticated", "Please sign in to continue.");
    // Operators cannot act as a parent or a teacher (issue 27): every signed-in route of the
    // marketplace is closed to them; the desk's own routes use requireOperator instead.
    if (await isOperator(deps.db, session.user.id)) {
      throw new AppError("forbidden", "Operator accounts can only use the operator desk.", { reason: "operator_account" });
    }
    c.set("user", session.user);
    c.set("sessionId", session.sessionId);
    await next();
  });
}

/**
 * For public routes that answer a signed-in user a little differently: `c.var.viewer` is the
 * user, or null for anyone else (a stale or deleted session reads as anonymous, never as 401).
 */
export function optionalUser(deps: Pick<Deps, "auth">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("viewer", (await readSession(deps, c.req.raw.headers))?.user ?? null);
    await next();
  });
}

/**
 * For public routes that answer a family differently only now and then (a hidden teacher they
 * already have lessons with): `c.var.parentViewer()` reads the session and the parent profile on
 * its first call, and only then, so the usual answer costs no session lookup. A stale or deleted
 * session, or an account without a parent profile, reads as null, never as 401.
 */
export function lazyParentViewer(deps: Pick<Deps, "auth" | "db">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    let parentId: Promise<string | null> | undefined;
    c.set("parentViewer", () => {
      parentId ??= readSession(deps, c.req.raw.headers).then(async (session) =>
        session ? (await findProfileIds(deps.db, session.user.id)).parentId : null,
      );
      return parentId;
    });
    await next();
  });
}

/**
 * After requireUser: the signed-in account must hold a parent profile; its household becomes
 * `c.var.parentId` (what every family-scoped query is keyed by, the same for each guardian) and
 * its own row `c.var.guardianId` (the guardian's settings). Authorization is decided from the session, never from the request body.
 */
export function requireParent(deps: Pick<Deps, "db">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { parentId, guardianId } = await findProfileIds(deps.db, c.get("user").id);
    if (!parentId || !guardianId) throw new AppError("forbidden", "This is only available to parent accounts.");
    c.set("parentId", parentId);
    c.set("guardianId", guardianId);
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
