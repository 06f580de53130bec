import { guardianName } from "../db/guardian-name";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../db/client";
import type { LateCancelCharge } from "../../shared/invoices/invoices.constants";
import { bookingPartyColumns, joinBookingParties, type WithBothSides } from "../db/booking-parties";
import {
  bookings,
  bookingSlots,
  calendarEvents,
  makeUpCredits,
  parentProfiles,
  studentMeetingLinks,
  teacherProfiles,
} from "../db/schema";

const usedCredit = alias(makeUpCredits, "used_credit");

const lessonColumns = {
  id: bookings.id,
  status: bookings.status,
  bookingType: bookings.bookingType,
  format: bookings.format,
  seriesId: bookings.seriesId,
  classId: bookings.classId,
  parentId: bookings.parentId,
  cancelledAt: bookings.cancelledAt,
  cancelledBy: bookings.cancelledBy,
  requestedBy: guardianName(bookings.requestedByGuardianId),
  cancelledByGuardian: guardianName(bookings.cancelledByGuardianId),
  movedByGuardian: guardianName(bookings.movedByGuardianId),
  cancelReason: bookings.cancelReason,
  lateCancel: bookings.lateCancel,
  cancelledForClosedAccount: bookings.cancelledForClosedAccount,
  attendance: bookings.attendance,
  lessonNote: bookings.lessonNote,
  priceCents: bookings.priceCents,
  priceEstimated: bookings.priceEstimated,
  cancelChargeCents: bookings.cancelChargeCents,
  ...bookingPartyColumns,
  noticeHours: teacherProfiles.noticeHours,
  lateCancelCharge: teacherProfiles.lateCancelCharge,
  parentFirstName: parentProfiles.firstName,
  madeUpCreditId: usedCredit.id,
  // Where and how, and how to reach each side (issue 26): read for every row, told by the DTO
  // (lessons.service.ts) only to the two sides of an accepted lesson.
  parentLastName: parentProfiles.lastName,
  parentPhone: parentProfiles.phone,
  familyAddress: parentProfiles.address,
  teacherPhone: teacherProfiles.phone,
  teacherMeetingUrl: teacherProfiles.meetingUrl,
  studentMeetingUrl: studentMeetingLinks.url,
  inPersonPlace: teacherProfiles.inPersonPlace,
  studioAddress: teacherProfiles.studioAddress,
};

function lessonQuery(db: Executor) {
  return joinBookingParties(db.select(lessonColumns).from(bookings).$dynamic())
    .leftJoin(usedCredit, eq(usedCredit.usedByBookingId, bookings.id))
    .leftJoin(studentMeetingLinks, and(eq(studentMeetingLinks.teacherId, bookings.teacherId), eq(studentMeetingLinks.studentId, bookings.studentId)));
}
/** A lesson as the lists read it: a side that deleted their account reads as nulls. */
export type LessonListRow = Awaited<ReturnType<typeof findLessons>>[number];
/** A lesson both of whose sides still exist (hasBothSides): what emails and reminders are made from. */
export type LessonRow = WithBothSides<LessonListRow>;

export async function findLessons(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return lessonQuery(db).where(inArray(bookings.id, ids)).orderBy(asc(bookingSlots.startsAt));
}

/** Lessons a side sees: asked for or accepted, and the cancelled ones (declined and expired requests are the requests list's). */
const LISTED = ["pending", "accepted", "cancelled"];

export function listForParent(db: Executor, parentId: string) {
  return lessonQuery(db)
    .where(and(eq(bookings.parentId, parentId), inArray(bookings.status, LISTED)))
    .orderBy(asc(bookingSlots.startsAt));
}

export function listForTeacher(db: Executor, teacherId: string) {
  return lessonQuery(db)
    .where(and(eq(bookings.teacherId, teacherId), inArray(bookings.status, LISTED)))
    .orderBy(asc(bookingSlots.startsAt));
}

function lessonForChange(db: Executor, bookingId: string) {
  return db
    .select({
      id: bookings.id,
      teacherId: bookings.teacherId,
      parentId: bookings.parentId,
      studentId: bookings.studentId,
      status: bookings.status,
      slotId: bookings.slotId,
      seriesId: bookings.seriesId,
      bookingType: bookings.bookingType,
      format: bookings.format,
      priceCents: bookings.priceCents,
      startsAt: bookingSlots.startsAt,
      endsAt: bookingSlots.endsAt,
    })
    .from(bookings)
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .where(eq(bookings.id, bookingId));
}

/** Locks one booking row (and reads its time) for the rest of the transaction. */
export async function lockLesson(tx: Executor, bookingId: string) {
  const [row] = await lessonForChange(tx, bookingId).for("update", { of: bookings });
  return row ?? null;
}

/** The same lesson read without a lock (a preview changes nothing). */
export async function readLesson(db: Executor, bookingId: string) {
  const [row] = await lessonForChange(db, bookingId);
  return row ?? null;
}
export type LockedLesson = NonNullable<Awaited<ReturnType<typeof lockLesson>>>;

/** The still-live lessons of a series from `from` on (inclusive), locked. */
export async function lockSeriesFrom(tx: Executor, seriesId: string, from: Date) {
  return tx
    .select({ id: bookings.id, status: bookings.status, slotId: bookings.slotId, priceCents: bookings.priceCents, startsAt: bookingSlots.startsAt })
    .from(bookings)
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .where(and(eq(bookings.seriesId, seriesId), inArray(bookings.status, ["pending", "accepted"]), sql`${bookingSlots.startsAt} >= ${from.toISOString()}::timestamptz`))
    .orderBy(asc(bookingSlots.startsAt))
    .for("update", { of: bookings });
}

/**
 * Every live (pending or accepted) lesson of a series with its slot, locked when `lock`: the change
 * of a series from a lesson on (issue 44) picks its lessons from these (affectedLessons).
 */
export async function liveSeriesLessons(db: Executor, seriesId: string, lock: boolean) {
  const query = db
    .select({
      id: bookings.id,
      status: bookings.status,
      slotId: bookings.slotId,
      format: bookings.format,
      startsAt: bookingSlots.startsAt,
      endsAt: bookingSlots.endsAt,
    })
    .from(bookings)
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .where(and(eq(bookings.seriesId, seriesId), inArray(bookings.status, ["pending", "accepted"])))
    .orderBy(asc(bookingSlots.startsAt));
  return lock ? query.for("update", { of: bookings }) : query;
}
export type SeriesLessonRow = Awaited<ReturnType<typeof liveSeriesLessons>>[number];

/** The teacher's notice window and zone: who may still move a lesson, and whose clock a weekday is read on. */
export async function teacherMoveSettings(db: Executor, teacherId: string): Promise<{ noticeHours: number; timeZone: string } | null> {
  const [row] = await db
    .select({ noticeHours: teacherProfiles.noticeHours, timeZone: teacherProfiles.timeZone })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.id, teacherId));
  return row ?? null;
}

export async function teacherNoticeHours(db: Executor, teacherId: string): Promise<number> {
  return (await teacherCancelPolicy(db, teacherId)).noticeHours;
}

/** The teacher's notice window and late-cancellation charge (issue 28) in force now. */
export async function teacherCancelPolicy(db: Executor, teacherId: string): Promise<{ noticeHours: number; lateCancelCharge: LateCancelCharge }> {
  const [row] = await db
    .select({ noticeHours: teacherProfiles.noticeHours, lateCancelCharge: teacherProfiles.lateCancelCharge })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.id, teacherId));
  // The column's CHECK constraint admits only the policies.
  return { noticeHours: row?.noticeHours ?? 24, lateCancelCharge: (row?.lateCancelCharge ?? "none") as LateCancelCharge };
}

export async function markCancelled(
  tx: Executor,
  cancellations: { id: string; late: boolean; chargeCents?: number | null; noticeHours?: number | null }[],
  by: "parent" | "teacher",
  now: Date,
  reason: string | null = null,
  /** The guardian who cancelled, when the family did (issue 45). */
  guardianId: string | null = null,
) {
  for (const c of cancellations) {
    await tx
      .update(bookings)
      // A pending request cancelled by its parent was decided (withdrawn) now. The charge and the
      // notice window in force are kept with it (issue 28): a later policy change never rewrites them.
      .set({
        status: "cancelled",
        cancelledAt: now,
        cancelledBy: by,
        cancelledByGuardianId: by === "parent" ? guardianId : null,
        cancelReason: reason,
        lateCancel: c.late,
        cancelChargeCents: c.chargeCents ?? null,
        cancelNoticeHours: c.noticeHours ?? null,
        decidedAt: sql`coalesce(${bookings.decidedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(bookings.id, c.id));
  }
}

export async function releaseSlots(tx: Executor, slotIds: string[]) {
  if (slotIds.length === 0) return;
  await tx.update(bookingSlots).set({ status: "released" }).where(inArray(bookingSlots.id, slotIds));
}

export async function setLessonEventsStatus(tx: Executor, bookingIds: string[], status: "upcoming" | "completed" | "cancelled") {
  if (bookingIds.length === 0) return;
  await tx
    .update(calendarEvents)
    .set({ status })
    .where(and(inArray(calendarEvents.bookingId, bookingIds), eq(calendarEvents.eventType, "lesson")));
}

/** Books the new time (the exclusion constraint refuses an overlap) and points the booking at it. */
/** `guardianId`: the guardian who moved it (issue 45), null when the teacher did. */
export async function moveToNewSlot(
  tx: Executor,
  lesson: Pick<LockedLesson, "id" | "teacherId">,
  startsAt: Date,
  endsAt: Date,
  format: string,
  guardianId: string | null = null,
) {
  const [slot] = await tx
    .insert(bookingSlots)
    .values({ teacherId: lesson.teacherId, startsAt, endsAt, format })
    .returning({ id: bookingSlots.id });
  await tx.update(bookings).set({ slotId: slot!.id, format, movedByGuardianId: guardianId }).where(eq(bookings.id, lesson.id));
  await tx
    .update(calendarEvents)
    .set({ startsAt, endsAt })
    .where(and(eq(calendarEvents.bookingId, lesson.id), eq(calendarEvents.eventType, "lesson")));
}

export async function recordAttendance(tx: Executor, bookingId: string, attendance: "attended" | "missed" | null, note: string | null, now: Date) {
  await tx.update(bookings).set({ attendance, lessonNote: note, attendanceAt: now }).where(eq(bookings.id, bookingId));
}

/** The reminder sweep's lessons: accepted, starting in [from, to). */
export async function acceptedStartingBetween(db: Executor, from: Date, to: Date) {
  return db
    .select({ id: bookings.id, startsAt: bookingSlots.startsAt })
    .from(bookings)
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .where(
      and(
        eq(bookings.status, "accepted"),
        sql`${bookingSlots.startsAt} >= ${from.toISOString()}::timestamptz`,
        sql`${bookingSlots.startsAt} < ${to.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(bookingSlots.startsAt));
}
