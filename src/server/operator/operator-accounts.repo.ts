import { desc, eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { operatorActions, reports, user } from "../db/schema";

/** SQL of the operator's account page (issue 27): find by email, and the account's history. */

/** The account with exactly this (normalised) email; a deleted account's tombstone is no account. */
export async function findUserIdByEmail(db: Executor, email: string): Promise<string | null> {
  const [row] = await db.select({ id: user.id, deleted: user.deleted }).from(user).where(eq(user.email, email)).limit(1);
  return row && !row.deleted ? row.id : null;
}

/** How many of each an account page shows: enough for any real history, bounded for a pathological one. */
const HISTORY_LIMIT = 200;

export function reportsAbout(db: Executor, userId: string) {
  return db
    .select({
      id: reports.id,
      targetKind: reports.targetKind,
      reason: reports.reason,
      details: reports.details,
      status: reports.status,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(eq(reports.reportedUserId, userId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(HISTORY_LIMIT);
}

export function actionsAbout(db: Executor, userId: string) {
  return db
    .select({
      id: operatorActions.id,
      action: operatorActions.action,
      targetKind: operatorActions.targetKind,
      targetId: operatorActions.targetId,
      operatorEmail: operatorActions.operatorEmail,
      reason: operatorActions.reason,
      createdAt: operatorActions.createdAt,
    })
    .from(operatorActions)
    .where(eq(operatorActions.subjectUserId, userId))
    .orderBy(desc(operatorActions.id))
    .limit(HISTORY_LIMIT);
}
