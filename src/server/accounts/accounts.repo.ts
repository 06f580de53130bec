import { eq, sql } from "drizzle-orm";
import type { Role } from "../../shared/accounts/accounts.constants";
import type { ParentSignUp } from "../../shared/accounts/accounts.schemas";
import type { Executor } from "../db/client";
import { account, parentProfiles, session, studentProfiles, teacherProfiles, twoFactor, user, userRoles } from "../db/schema";

export async function findProfileIds(db: Executor, userId: string) {
  const [parent] = await db.select({ id: parentProfiles.id }).from(parentProfiles).where(eq(parentProfiles.userId, userId));
  const [teacher] = await db
    .select({ id: teacherProfiles.id })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.userId, userId));
  return { parentId: parent?.id ?? null, teacherId: teacher?.id ?? null };
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

/**
 * Removes a person's data (spec section 4 order: students, parent profile, teacher profile, role)
 * and keeps a tombstone user row so classes and messages can say "Deleted user". The email is
 * released so the address can sign up again.
 */
export async function deleteAccountData(tx: Executor, userId: string, parentId: string | null): Promise<void> {
  if (parentId) await tx.delete(studentProfiles).where(eq(studentProfiles.parentId, parentId));
  await tx.delete(parentProfiles).where(eq(parentProfiles.userId, userId));
  await tx.delete(teacherProfiles).where(eq(teacherProfiles.userId, userId));
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
  await tx.delete(session).where(eq(session.userId, userId));
  await tx.delete(account).where(eq(account.userId, userId));
  await tx
    .update(user)
    .set({
      deleted: true,
      deletedAt: sql`now()`,
      email: sql`'deleted-' || ${user.id} || '@deleted.invalid'`,
      name: "Deleted user",
      image: null,
      emailVerified: false,
      updatedAt: sql`now()`,
    })
    .where(eq(user.id, userId));
}

export async function emailInUse(db: Executor, email: string): Promise<boolean> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row !== undefined;
}

export async function insertParentProfile(tx: Executor, userId: string, parent: ParentSignUp["parent"]): Promise<string> {
  const goals = parent.otherGoal ? [...parent.enrollmentGoals, parent.otherGoal] : parent.enrollmentGoals;
  const [row] = await tx
    .insert(parentProfiles)
    .values({
      userId,
      firstName: parent.firstName,
      lastName: parent.lastName,
      phone: parent.phone,
      location: parent.location,
      relationshipToChild: parent.relationshipToChild,
      relationshipOther: parent.relationshipToChild === "other" ? parent.relationshipOther : null,
      multipleChildren: parent.multipleChildren,
      enrollmentGoals: [...new Set(goals)],
      priorExperience: parent.priorExperience,
      experienceYears: parent.priorExperience ? (parent.experienceYears ?? null) : null,
      preferredCommunication: parent.preferredCommunication,
      wantsNotifications: parent.wantsNotifications,
    })
    .returning({ id: parentProfiles.id });
  return row!.id;
}

/** The first student is part of the parent sign-up aggregate: created in the same transaction. */
export async function insertFirstStudent(tx: Executor, parentId: string, student: ParentSignUp["student"]): Promise<void> {
  await tx.insert(studentProfiles).values({
    parentId,
    firstName: student.firstName,
    lastName: student.lastName,
    age: student.age,
    interests: [...new Set(student.interests)],
  });
}
