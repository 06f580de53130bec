import { APIError } from "better-auth/api";
import { accountSuspendedMessage, ACCOUNT_SUSPENDED_REASON } from "../../shared/operator/accounts.schemas";
import { AppError } from "../../shared/errors";
import type { Executor } from "../db/client";
import { deleteSession, isSuspended, suspensionOf } from "./auth.repo";

/** The code better-auth answers with when it refused a session to a suspended account. */
export const ACCOUNT_SUSPENDED_CODE = "ACCOUNT_SUSPENDED";

/**
 * better-auth's `databaseHooks.session.create.before` (auth.ts): no session is ever created for a
 * suspended account, whichever way it signs in (POST /api/session, its two-factor step, the
 * operator desk, better-auth's own /api/auth endpoints, an email confirmation link). The password
 * was checked before, so a wrong password still reads as one and tells nothing about suspension.
 * The message carries the desk's reason (issue 41): the password proved it is the account's owner.
 * Runs outside any transaction of ours (better-auth creates sessions on its own), so the global
 * database handle is safe here.
 */
export function refuseSuspendedSession(db: Executor, supportEmail: string) {
  return async (session: { userId: string }): Promise<void> => {
    const suspension = await suspensionOf(db, session.userId);
    if (!suspension) return;
    throw APIError.from("FORBIDDEN", { code: ACCOUNT_SUSPENDED_CODE, message: accountSuspendedMessage(supportEmail, suspension.reason) });
  };
}

/**
 * `databaseHooks.session.create.after`: a second look once the session exists. A sign-in that
 * passed the first look while a suspension was committing waited for that commit (suspension.repo
 * lockUser) and is removed here, so a suspension never leaves a session behind.
 */
export function removeRacedSession(db: Executor) {
  return async (session: { id: string; userId: string }): Promise<void> => {
    if (await isSuspended(db, session.userId)) await deleteSession(db, session.id);
  };
}

/** Our sign-in routes turn better-auth's refusal into the 403 every page reads (reason `account_suspended`). */
export function throwIfSuspendedRefusal(supportEmail: string, response: Response, json: { code?: string; message?: unknown } | null): void {
  if (response.status === 403 && json?.code === ACCOUNT_SUSPENDED_CODE) {
    // The hook's message names the reason; the bare one only if better-auth ever dropped it.
    const message = typeof json.message === "string" && json.message ? json.message : accountSuspendedMessage(supportEmail);
    throw new AppError("forbidden", message, { reason: ACCOUNT_SUSPENDED_REASON });
  }
}
