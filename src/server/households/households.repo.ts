import { and, asc, count, eq, gt, gte, isNull, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../db/client";
import { householdInvitations, parentProfiles, studentProfiles, user } from "../db/schema";

/** Issue 45: households (a founder's parent profile and the guardians pointing at it) and invitations. */

const inviter = alias(parentProfiles, "inviter");

export interface GuardianRow {
  guardianId: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  joinedAt: Date | null;
  invitedBy: string | null;
  invitedByFirstName: string | null;
  invitedByLastName: string | null;
}

/** The household's guardians, founder first, then by when they joined. */
export async function guardiansOf(db: Executor, householdId: string): Promise<GuardianRow[]> {
  return db
    .select({
      guardianId: parentProfiles.id,
      userId: parentProfiles.userId,
      firstName: parentProfiles.firstName,
      lastName: parentProfiles.lastName,
      email: user.email,
      joinedAt: parentProfiles.householdJoinedAt,
      invitedBy: parentProfiles.householdInvitedBy,
      invitedByFirstName: inviter.firstName,
      invitedByLastName: inviter.lastName,
    })
    .from(parentProfiles)
    .innerJoin(user, eq(user.id, parentProfiles.userId))
    .leftJoin(inviter, eq(inviter.id, parentProfiles.householdInvitedBy))
    .where(eq(parentProfiles.householdId, householdId))
    .orderBy(sql`${parentProfiles.householdJoinedAt} asc nulls first`, asc(parentProfiles.createdAt));
}

/** Holds the household's row until the transaction ends: joins, removals and invitations queue behind each other. */
export async function lockHousehold(tx: Executor, householdId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: parentProfiles.id })
    .from(parentProfiles)
    .where(eq(parentProfiles.id, householdId))
    .for("update");
  return rows.length > 0;
}

export async function countGuardians(db: Executor, householdId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(parentProfiles).where(eq(parentProfiles.householdId, householdId));
  return row?.n ?? 0;
}

export async function countStudents(db: Executor, householdId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(studentProfiles).where(eq(studentProfiles.parentId, householdId));
  return row?.n ?? 0;
}

export interface OwnProfile {
  guardianId: string;
  householdId: string;
  firstName: string;
  lastName: string;
  email: string;
  timeZone: string | null;
  reportedTimeZone: string | null;
}

/** A guardian's own profile, found by their login or by the profile's id. */
async function ownProfile(db: Executor, where: SQL | undefined): Promise<OwnProfile | undefined> {
  const [row] = await db
    .select({
      guardianId: parentProfiles.id,
      householdId: parentProfiles.householdId,
      firstName: parentProfiles.firstName,
      lastName: parentProfiles.lastName,
      email: user.email,
      timeZone: parentProfiles.timeZone,
      reportedTimeZone: parentProfiles.reportedTimeZone,
    })
    .from(parentProfiles)
    .innerJoin(user, eq(user.id, parentProfiles.userId))
    .where(where);
  return row;
}

export const profileOfUser = (db: Executor, userId: string) => ownProfile(db, eq(parentProfiles.userId, userId));

export const profileOf = (db: Executor, guardianId: string) => ownProfile(db, eq(parentProfiles.id, guardianId));

export async function joinHousehold(tx: Executor, guardianId: string, householdId: string, invitedBy: string | null, now: Date): Promise<void> {
  await tx
    .update(parentProfiles)
    .set({ householdId, householdInvitedBy: invitedBy, householdJoinedAt: now })
    .where(eq(parentProfiles.id, guardianId));
}

/** Out of a household: the guardian's own profile is a household of its own again (with no students). */
export async function leaveHousehold(tx: Executor, guardianId: string): Promise<void> {
  await tx
    .update(parentProfiles)
    .set({ householdId: sql`${parentProfiles.id}`, householdInvitedBy: null, householdJoinedAt: null })
    .where(eq(parentProfiles.id, guardianId));
}

export interface InvitationRow {
  id: string;
  householdId: string;
  invitedBy: string | null;
  email: string;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  refusedAt: Date | null;
  revokedAt: Date | null;
  inviterFirstName: string | null;
  inviterLastName: string | null;
}

const invitationColumns = {
  id: householdInvitations.id,
  householdId: householdInvitations.householdId,
  invitedBy: householdInvitations.invitedBy,
  email: householdInvitations.email,
  createdAt: householdInvitations.createdAt,
  expiresAt: householdInvitations.expiresAt,
  acceptedAt: householdInvitations.acceptedAt,
  refusedAt: householdInvitations.refusedAt,
  revokedAt: householdInvitations.revokedAt,
  inviterFirstName: inviter.firstName,
  inviterLastName: inviter.lastName,
};

/** Invitations still waiting for an answer, oldest first. */
export async function pendingInvitations(db: Executor, householdId: string, now: Date): Promise<InvitationRow[]> {
  return db
    .select(invitationColumns)
    .from(householdInvitations)
    .leftJoin(inviter, eq(inviter.id, householdInvitations.invitedBy))
    .where(
      and(
        eq(householdInvitations.householdId, householdId),
        isNull(householdInvitations.acceptedAt),
        isNull(householdInvitations.refusedAt),
        isNull(householdInvitations.revokedAt),
        gt(householdInvitations.expiresAt, now),
      ),
    )
    .orderBy(asc(householdInvitations.createdAt));
}

/** The invitation a link's secret names; `lock` holds it for the transaction (accepted once, whatever races). */
export async function invitationByTokenHash(db: Executor, tokenHash: string, lock = false): Promise<InvitationRow | undefined> {
  const query = db
    .select(invitationColumns)
    .from(householdInvitations)
    .leftJoin(inviter, eq(inviter.id, householdInvitations.invitedBy))
    .where(eq(householdInvitations.tokenHash, tokenHash));
  const [row] = lock ? await query.for("update", { of: householdInvitations }) : await query;
  return row;
}

export async function invitationOfHousehold(db: Executor, householdId: string, invitationId: string): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select(invitationColumns)
    .from(householdInvitations)
    .leftJoin(inviter, eq(inviter.id, householdInvitations.invitedBy))
    .where(and(eq(householdInvitations.id, invitationId), eq(householdInvitations.householdId, householdId)));
  return row;
}

/** Invitations made since `since` (the household's daily allowance). */
export async function countInvitationsSince(db: Executor, householdId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(householdInvitations)
    .where(and(eq(householdInvitations.householdId, householdId), gte(householdInvitations.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertInvitation(
  tx: Executor,
  values: { householdId: string; invitedBy: string; email: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<string> {
  const [row] = await tx.insert(householdInvitations).values(values).returning({ id: householdInvitations.id });
  return row!.id;
}

const open = and(isNull(householdInvitations.acceptedAt), isNull(householdInvitations.refusedAt), isNull(householdInvitations.revokedAt));

/** Withdraws the household's open invitations to an address (a new one replaces them). */
export async function revokeOpenInvitationsTo(tx: Executor, householdId: string, email: string, now: Date): Promise<void> {
  await tx
    .update(householdInvitations)
    .set({ revokedAt: now })
    .where(and(eq(householdInvitations.householdId, householdId), eq(householdInvitations.email, email), open));
}

/** Withdraws the open invitations a guardian sent (they left or were removed: their invitations go with them). */
export async function revokeOpenInvitationsBy(tx: Executor, householdId: string, guardianId: string, now: Date): Promise<void> {
  await tx
    .update(householdInvitations)
    .set({ revokedAt: now })
    .where(and(eq(householdInvitations.householdId, householdId), eq(householdInvitations.invitedBy, guardianId), open));
}

/** Ends an open invitation; false when it had already ended (another answer came first). */
export async function endInvitation(
  tx: Executor,
  invitationId: string,
  end: { acceptedAt: Date; acceptedByUserId: string } | { refusedAt: Date } | { revokedAt: Date },
): Promise<boolean> {
  const rows = await tx
    .update(householdInvitations)
    .set(end)
    .where(and(eq(householdInvitations.id, invitationId), open))
    .returning({ id: householdInvitations.id });
  return rows.length > 0;
}

export async function emailHasAccount(db: Executor, email: string): Promise<boolean> {
  const rows = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return rows.length > 0;
}

/** Whether the household has a guardian other than `guardianId` (the founder's deletion waits for them). */
export async function hasOtherGuardians(db: Executor, householdId: string, guardianId: string): Promise<boolean> {
  const rows = await db
    .select({ id: parentProfiles.id })
    .from(parentProfiles)
    .where(and(eq(parentProfiles.householdId, householdId), ne(parentProfiles.id, guardianId)))
    .limit(1);
  return rows.length > 0;
}
