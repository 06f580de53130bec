import { and, eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { accountKindColumns, joinAccountKinds } from "./account-kinds.repo";
import { accountSuspensions, session, teacherProfiles, user } from "../db/schema";

/**
 * SQL of suspension and reinstatement (issue 27): the account as the desk sees it, the suspension
 * row, the teacher's listing, and the account's sessions.
 */

/** The account, what it holds, and whether it is an operator; null for none or a deleted account's tombstone. */
export async function findAccount(db: Executor, userId: string) {
  const query = db
    .select({
      userId: user.id,
      name: user.name,
      email: user.email,
      createdAt: user.createdAt,
      deleted: user.deleted,
      ...accountKindColumns,
      teacherListed: teacherProfiles.isDiscoverable,
    })
    .from(user)
    .$dynamic();
  const [row] = await joinAccountKinds(query).where(eq(user.id, userId)).limit(1);
  if (!row || row.deleted) return null;
  return { ...row, isOperator: row.operator !== null, teacherListed: row.teacherListed === true };
}
export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

/**
 * Locks the account's user row until commit. A session being created meanwhile waits on it (its
 * foreign key check), so it lands after the commit, where the session hook's second look
 * (suspended-sign-in.ts) finds the suspension and removes it: no sign-in slips between the two.
 */
export async function lockUser(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
}

/** Locks the teacher's row until commit (after their schedule lock, the order accepting a request uses). */
export async function lockTeacherListing(tx: Executor, teacherId: string): Promise<boolean> {
  const [row] = await tx
    .select({ listed: teacherProfiles.isDiscoverable })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.id, teacherId))
    .for("update");
  return row?.listed === true;
}

/** The guarded write of Suspend: false when the account was already suspended (a concurrent Suspend waits, then gets false). */
export async function insertSuspension(
  tx: Executor,
  row: { userId: string; reason: string; operatorUserId: string; teacherWasListed: boolean },
): Promise<boolean> {
  const inserted = await tx.insert(accountSuspensions).values(row).onConflictDoNothing().returning({ userId: accountSuspensions.userId });
  return inserted.length > 0;
}

/** The guarded write of Reinstate: the removed row, or null when the account was not suspended. */
export async function deleteSuspension(tx: Executor, userId: string) {
  const [row] = await tx
    .delete(accountSuspensions)
    .where(eq(accountSuspensions.userId, userId))
    .returning({ teacherWasListed: accountSuspensions.teacherWasListed });
  return row ?? null;
}

export async function findSuspension(db: Executor, userId: string) {
  const [row] = await db
    .select({
      reason: accountSuspensions.reason,
      suspendedAt: accountSuspensions.suspendedAt,
      by: user.email,
    })
    .from(accountSuspensions)
    .leftJoin(user, eq(user.id, accountSuspensions.operatorUserId))
    .where(eq(accountSuspensions.userId, userId));
  return row ?? null;
}

export async function unlistTeacher(tx: Executor, teacherId: string): Promise<void> {
  await tx.update(teacherProfiles).set({ isDiscoverable: false, discoveryEnabledAt: null }).where(eq(teacherProfiles.id, teacherId));
}

/** Lists the teacher again, only while still approved (the listed-only-when-approved CHECK would refuse otherwise). */
export async function relistTeacher(tx: Executor, teacherId: string, now: Date): Promise<void> {
  await tx
    .update(teacherProfiles)
    .set({ isDiscoverable: true, discoveryEnabledAt: now })
    .where(and(eq(teacherProfiles.id, teacherId), eq(teacherProfiles.reviewStatus, "approved")));
}

/** Signs the account out everywhere: every session row goes (better-auth then knows none of its cookies). */
export async function deleteSessionsOf(tx: Executor, userId: string): Promise<void> {
  await tx.delete(session).where(eq(session.userId, userId));
}
