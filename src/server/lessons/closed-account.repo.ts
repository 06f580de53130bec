import { and, asc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { bookings, bookingSlots, calendarEvents, makeUpCredits, parentProfiles, studentProfiles, teacherProfiles, user } from "../db/schema";

/**
 * SQL of account deletion's lessons side (issue 26): the requests and lessons still ahead of a
 * parent or a teacher who closes their account, with both sides' names, addresses and zones for
 * the emails; and the steps that cancel them. Everything runs in the deletion's transaction,
 * before the profiles go.
 */

/** What the family's zone is made of (parentClock in src/shared/time-zone.rules.ts). */
const familyZoneColumns = {
  parentTimeZone: parentProfiles.timeZone,
  parentReportedTimeZone: parentProfiles.reportedTimeZone,
};

const liveColumns = {
  id: bookings.id,
  status: bookings.status,
  slotId: bookings.slotId,
  bookingType: bookings.bookingType,
  startsAt: bookingSlots.startsAt,
  teacherId: teacherProfiles.id,
  teacherFirstName: teacherProfiles.firstName,
  teacherLastName: teacherProfiles.lastName,
  teacherEmail: teacherProfiles.email,
  teacherTimeZone: teacherProfiles.timeZone,
  parentId: parentProfiles.id,
  parentFirstName: parentProfiles.firstName,
  parentLastName: parentProfiles.lastName,
  parentEmail: user.email,
  ...familyZoneColumns,
  studentFirstName: studentProfiles.firstName,
};

/**
 * The side's requests still pending and accepted lessons not started by `now`, first lesson first.
 * Every one has both sides: a side that deleted their account earlier had theirs cancelled then.
 */
export async function liveBookingsOf(db: Executor, side: { parentId: string } | { teacherId: string }, now: Date) {
  return db
    .select(liveColumns)
    .from(bookings)
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, bookings.teacherId))
    .innerJoin(parentProfiles, eq(parentProfiles.id, bookings.parentId))
    .innerJoin(user, eq(user.id, parentProfiles.userId))
    .innerJoin(studentProfiles, eq(studentProfiles.id, bookings.studentId))
    .where(
      and(
        "parentId" in side ? eq(bookings.parentId, side.parentId) : eq(bookings.teacherId, side.teacherId),
        or(eq(bookings.status, "pending"), and(eq(bookings.status, "accepted"), gt(bookingSlots.startsAt, now))),
      ),
    )
    .orderBy(asc(bookingSlots.startsAt), asc(bookings.id));
}
export type LiveBooking = Awaited<ReturnType<typeof liveBookingsOf>>[number];

/** Locks the bookings (in id order) and returns those still pending or accepted. */
export async function lockLive(tx: Executor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: bookings.id, status: bookings.status })
    .from(bookings)
    .where(inArray(bookings.id, [...ids].sort()))
    .orderBy(asc(bookings.id))
    .for("update");
  return rows.filter((row) => row.status === "pending" || row.status === "accepted").map((row) => row.id);
}

/**
 * Cancelled because a side can no longer take part (closed their account, or a suspended teacher,
 * issue 41): never a late cancel, never charged, no new credit, marked for it
 * (`cancelled_for_closed_account`, which the lesson lists read).
 */
export async function markCancelledForClosedAccount(tx: Executor, ids: string[], by: "parent" | "teacher", now: Date) {
  if (ids.length === 0) return;
  const at = sql`${now.toISOString()}::timestamptz`;
  await tx
    .update(bookings)
    .set({
      status: "cancelled",
      cancelledAt: now,
      cancelledBy: by,
      lateCancel: false,
      cancelledForClosedAccount: true,
      decidedAt: sql`coalesce(${bookings.decidedAt}, ${at})`,
    })
    .where(inArray(bookings.id, ids));
}

/** The lesson events of the family's bookings (the teacher's calendar), with each booking's type. */
export async function lessonEventsOfParent(db: Executor, parentId: string) {
  return db
    .select({ id: calendarEvents.id, bookingType: bookings.bookingType })
    .from(calendarEvents)
    .innerJoin(bookings, eq(bookings.id, calendarEvents.bookingId))
    .where(and(eq(bookings.parentId, parentId), eq(calendarEvents.eventType, "lesson")));
}

export async function retitleEvents(tx: Executor, ids: string[], title: string) {
  if (ids.length === 0) return;
  await tx.update(calendarEvents).set({ title }).where(inArray(calendarEvents.id, ids));
}

/**
 * The families who hold credits with the teacher that are about to be voided (neither void nor
 * paying for a lesson), with each family's address, name, zone and student.
 */
export async function familiesWithUnspentCredits(db: Executor, teacherId: string) {
  return db
    .select({
      parentId: parentProfiles.id,
      parentFirstName: parentProfiles.firstName,
      parentEmail: user.email,
      ...familyZoneColumns,
      studentFirstName: studentProfiles.firstName,
      issuedAt: makeUpCredits.issuedAt,
    })
    .from(makeUpCredits)
    .innerJoin(studentProfiles, eq(studentProfiles.id, makeUpCredits.studentId))
    .innerJoin(parentProfiles, eq(parentProfiles.id, studentProfiles.parentId))
    .innerJoin(user, eq(user.id, parentProfiles.userId))
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, makeUpCredits.teacherId))
    .where(and(eq(makeUpCredits.teacherId, teacherId), isNull(makeUpCredits.voidedAt), isNull(makeUpCredits.usedByBookingId)));
}

/** Families by id, with what a notice needs (address, first name, zone); deleted accounts left out. */
export async function familiesForNotice(db: Executor, parentIds: string[]) {
  if (parentIds.length === 0) return [];
  return db
    .select({ parentId: parentProfiles.id, parentFirstName: parentProfiles.firstName, parentEmail: user.email, ...familyZoneColumns })
    .from(parentProfiles)
    .innerJoin(user, eq(user.id, parentProfiles.userId))
    .where(and(inArray(parentProfiles.id, parentIds), eq(user.deleted, false)));
}

/** The teacher's name as families know it, and their first name. */
export async function teacherName(db: Executor, teacherId: string): Promise<{ name: string; firstName: string }> {
  const [row] = await db
    .select({ firstName: teacherProfiles.firstName, lastName: teacherProfiles.lastName })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.id, teacherId));
  return row ? { name: `${row.firstName} ${row.lastName}`, firstName: row.firstName } : { name: "Your teacher", firstName: "Your teacher" };
}
