import { createMiddleware } from "hono/factory";
import { AppError } from "../../shared/errors";
import { readSession } from "../auth/guards";
import type { AppEnv, Deps } from "../http/app-env";
import { isOperator } from "./operators.repo";

/**
 * Every /api/operator/* route: the signed-in account must be an operator. Anyone else (anonymous,
 * parents, teachers) gets the same 404 as an unknown path, so the desk gives no hint that it exists.
 */
export function requireOperator(deps: Pick<Deps, "auth" | "db">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const session = await readSession(deps, c.req.raw.headers);
    if (!session || !(await isOperator(deps.db, session.user.id))) {
      throw new AppError("not_found", `No API route for ${c.req.method} ${c.req.path}`);
    }
    c.set("user", session.user);
    c.set("sessionId", session.sessionId);
    c.set("operator", { userId: session.user.id, email: session.user.email });
    await next();
  });
}
