import { OPERATOR_SESSION_HOURS } from "../../shared/operator/operator.constants";
import type { Database } from "../db/client";
import { isOperator } from "./auth.repo";

export const OPERATOR_SESSION_MS = OPERATOR_SESSION_HOURS * 60 * 60 * 1000;

/**
 * better-auth's `databaseHooks.session.create.before` for operators (issue 27): an operator's
 * session expires OPERATOR_SESSION_HOURS after sign-in, whatever the general session length.
 * better-auth may later push expiresAt on when the session is used, so `requireOperator` also
 * refuses a session older than that (see `operatorSessionExpired`).
 */
export function limitOperatorSession(db: Database) {
  return async (session: { userId: string; expiresAt: Date }) => {
    if (!(await isOperator(db, session.userId))) return;
    const latest = new Date(Date.now() + OPERATOR_SESSION_MS);
    if (session.expiresAt <= latest) return;
    return { data: { ...session, expiresAt: latest } };
  };
}

/** An operator session lasts at most OPERATOR_SESSION_HOURS from its creation, refreshed or not. */
export function operatorSessionExpired(createdAt: Date, now = new Date()): boolean {
  return now.getTime() - createdAt.getTime() >= OPERATOR_SESSION_MS;
}
