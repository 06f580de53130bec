import { and, count, eq, sql } from "drizzle-orm";
import type { CommunicationChannel, Relationship } from "../../shared/accounts/accounts.constants";
import type { ParentSignUp } from "../../shared/accounts/accounts.schemas";
import type { Executor } from "../db/client";
import { parentProfiles, studentProfiles, user } from "../db/schema";

/** Every query is keyed by the parent id that requireParent took from the session. */

export interface ParentProfileRow {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  location: string | null;
  address: string | null;
  relationshipToChild: Relationship;
  preferredCommunication: CommunicationChannel;
  wantsNotifications: boolean;
  allowStudentMessages: boolean;
  timeZone: string | null;
  reportedTimeZone: string | null;
}

export async function findProfile(db: Executor, parentId: string): Promise<ParentProfileRow | undefined> {
  const [row] = await db
    .select({
      firstName: parentProfiles.firstName,
      lastName: parentProfiles.lastName,
      // The sign-in email lives on the auth user, the one place it is kept.
      email: user.email,
      phone: parentProfiles.phone,
      location: parentProfiles.location,
      address: parentProfiles.address,
      relationshipToChild: parentProfiles.relationshipToChild,
      preferredCommunication: parentProfiles.preferredCommunication,
      wantsNotifications: parentProfiles.wantsNotifications,
      allowStudentMessages: parentProfiles.allowStudentMessages,
      timeZone: parentProfiles.timeZone,
      reportedTimeZone: parentProfiles.reportedTimeZone,
    })
    .from(parentProfiles)
    .innerJoin(user, eq(user.id, parentProfiles.userId))
    .where(eq(parentProfiles.id, parentId));
  if (!row) return undefined;
  // CHECK constraints admit only these enumerations.
  return {
    ...row,
    relationshipToChild: row.relationshipToChild as Relationship,
    preferredCommunication: row.preferredCommunication as CommunicationChannel,
  };
}

export type ProfileChanges = Partial<
  Pick<
    typeof parentProfiles.$inferInsert,
    "firstName" | "lastName" | "phone" | "location" | "address" | "preferredCommunication" | "wantsNotifications" | "allowStudentMessages" | "timeZone"
  >
>;

export async function updateProfile(db: Executor, parentId: string, changes: ProfileChanges): Promise<boolean> {
  const rows = await db
    .update(parentProfiles)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(parentProfiles.id, parentId))
    .returning({ id: parentProfiles.id });
  return rows.length > 0;
}

/**
 * Stores the zone the browser reported, only when it changed (most app starts change nothing, and
 * then nothing is written). Not an edit by the parent: updated_at stays.
 */
export async function setReportedTimeZone(db: Executor, parentId: string, timeZone: string): Promise<void> {
  await db
    .update(parentProfiles)
    .set({ reportedTimeZone: timeZone })
    .where(and(eq(parentProfiles.id, parentId), sql`${parentProfiles.reportedTimeZone} is distinct from ${timeZone}`));
}

export async function countStudents(db: Executor, parentId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(studentProfiles).where(eq(studentProfiles.parentId, parentId));
  return row?.n ?? 0;
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

export async function deleteParentProfile(tx: Executor, userId: string): Promise<void> {
  await tx.delete(parentProfiles).where(eq(parentProfiles.userId, userId));
}
