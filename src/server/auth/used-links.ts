import { createAuthMiddleware } from "better-auth/api";
import type { Database } from "../db/client";
import { forgetToken } from "./used-links.repo";

/**
 * Links in emails are never kept in clear after use (issue 39). better-auth stores its tokens
 * hashed (`verification.storeIdentifier`, auth.ts), so the database holds no usable token; the
 * only clear copy left is the stored email, which the outbox needs until it is delivered. Once a
 * link did its work, its token is replaced in every stored email that carries it, so neither the
 * database nor a backup holds a live link:
 * - a password reset (also an operator's set-password link) that succeeded,
 * - an email verification whose address is now verified.
 */
const RESET_KINDS = ["password-reset", "operator-set-password"];

/** better-auth's after hook: forgets a link once the endpoint that takes it succeeded. */
export function forgetUsedLinks(db: Database) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path === "/reset-password") {
      const returned = ctx.context.returned as { status?: unknown } | undefined;
      const token: unknown = (ctx.body as { token?: unknown } | undefined)?.token;
      if (returned && !(returned instanceof Error) && returned.status === true && typeof token === "string" && token !== "")
        await forgetToken(db, token, RESET_KINDS, false);
    } else if (ctx.path === "/verify-email") {
      const token: unknown = ctx.query?.token;
      if (typeof token === "string" && token !== "") await forgetToken(db, token, ["verification"], true);
    }
  });
}
