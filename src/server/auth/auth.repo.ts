import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Role } from "../../shared/accounts/accounts.constants";
import type { Executor } from "../db/client";
import { account, accountSuspensions, operators, parentProfiles, session, teacherProfiles, user, userRoles } from "../db/schema";

/**
 * The tables of sign-in: users, credentials, sessions and the active role. Role resolution only
 * needs to know whether a user holds a parent or a teacher profile, so it reads their ids here
 * rather than calling those features (which depend on auth's guards).
 */

/**
 * `parentId` is the household (issue 45): the parent_profiles row the family's students, requests,
 * lessons, invoices and practice hang off, the same for every guardian of it; `guardianId` is the
 * user's own row (their name, contact, zone). For a one-guardian household the two are equal.
 */
export async function findProfileIds(db: Executor, userId: string) {
  const [parent] = await db
    .select({ id: parentProfiles.householdId, guardianId: parentProfiles.id })
    .from(parentProfiles)
    .where(eq(parentProfiles.userId, userId));
  const [teacher] = await db
    .select({ id: teacherProfiles.id })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.userId, userId));
  return { parentId: parent?.id ?? null, guardianId: parent?.guardianId ?? null, teacherId: teacher?.id ?? null };
}

export async function findActiveRole(db: Executor, userId: string): Promise<Role | null> {
  const [row] = await db.select({ role: userRoles.activeRole }).from(userRoles).where(eq(userRoles.userId, userId));
  return (row?.role as Role | undefined) ?? null;
}

export async function upsertActiveRole(db: Executor, userId: string, role: Role): Promise<void> {
  await db
    .insert(userRoles)
    .values({ userId, activeRole: role, lastSwitched: new Date() })
    .onConflictDoUpdate({ target: userRoles.userId, set: { activeRole: role, lastSwitched: new Date() } });
}

export async function deleteSessionByToken(db: Executor, token: string): Promise<void> {
  await db.delete(session).where(eq(session.token, token));
}

export async function emailInUse(db: Executor, email: string): Promise<boolean> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row !== undefined;
}

/**
 * Inserts an email + password account in the caller's transaction, so a sign-up creates the
 * account and its profile together or not at all. `email` must already be normalised.
 */
export async function insertCredentialUser(
  tx: Executor,
  input: { email: string; name: string; passwordHash: string; emailVerified?: boolean },
): Promise<{ id: string }> {
  const id = randomUUID();
  await tx.insert(user).values({
    id,
    email: input.email,
    name: input.name,
    emailVerified: input.emailVerified ?? false,
  });
  await tx.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: input.passwordHash,
  });
  return { id };
}

/** Whether the user signs in with a second factor (then a code, not the password, confirms what is irreversible). */
export async function twoFactorEnabled(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId));
  return row?.on === true;
}

/** Whether the account may use the operator desk (kept in step with OPERATOR_EMAILS at start). */
export async function isOperator(db: Executor, userId: string): Promise<boolean> {
  const rows = await db.select({ userId: operators.userId }).from(operators).where(eq(operators.userId, userId)).limit(1);
  return rows.length > 0;
}

/** Whether an operator suspended the account (it may not sign in or act). */
export async function isSuspended(db: Executor, userId: string): Promise<boolean> {
  return (await suspensionOf(db, userId)) !== null;
}

/** The account's suspension with the desk's reason (told to the account's owner, issue 41); null when not suspended. */
export async function suspensionOf(db: Executor, userId: string): Promise<{ reason: string } | null> {
  const [row] = await db.select({ reason: accountSuspensions.reason }).from(accountSuspensions).where(eq(accountSuspensions.userId, userId)).limit(1);
  return row ?? null;
}

/** Removes one session (a sign-in that raced a suspension, an operator's that outlived OPERATOR_SESSION_HOURS). */
export async function deleteSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(session).where(eq(session.id, sessionId));
}
