import { and, asc, eq, gte, inArray, lt, max, min, sql } from "drizzle-orm";
import type { BookingType } from "../../shared/booking/booking.constants";
import type { CancelledBy } from "../../shared/lessons/cancellation.rules";
import { STATEMENT_STATUSES } from "../../shared/earnings/earnings.rules";
import type { Executor } from "../db/client";
import { heldLesson } from "../db/held-lessons";
import { bookings, bookingSlots, parentProfiles, studentProfiles, teacherProfiles } from "../db/schema";

/** Whose lessons a statement reads: a teacher's (earnings) or a parent's (billing). */
export type StatementOwner = { teacherId: string } | { parentId: string };

function ownedBy(owner: StatementOwner) {
  return and(
    "teacherId" in owner ? eq(bookings.teacherId, owner.teacherId) : eq(bookings.parentId, owner.parentId),
    // STATEMENT_STATUSES, without requests withdrawn before they were ever accepted.
    inArray(bookings.status, [...STATEMENT_STATUSES]),
    heldLesson(),
  );
}

export interface StatementRow {
  bookingId: string;
  status: string;
  attendance: string | null;
  bookingType: BookingType;
  cancelledBy: CancelledBy | null;
  lateCancel: boolean | null;
  startsAt: Date;
  studentName: string;
  parentName: string;
  teacherId: string;
  teacherName: string;
  rateMin: number;
  rateMax: number;
}

/** The owner's accepted and cancelled lessons starting in [from, to), in time order, with the teacher's current rate. */
export async function listStatementLessons(db: Executor, owner: StatementOwner, from: Date, to: Date): Promise<StatementRow[]> {
  const rows = await db
    .select({
      bookingId: bookings.id,
      status: bookings.status,
      attendance: bookings.attendance,
      bookingType: bookings.bookingType,
      cancelledBy: bookings.cancelledBy,
      lateCancel: bookings.lateCancel,
      startsAt: bookingSlots.startsAt,
      studentName: sql<string>`${studentProfiles.firstName} || ' ' || ${studentProfiles.lastName}`,
      parentName: sql<string>`${parentProfiles.firstName} || ' ' || ${parentProfiles.lastName}`,
      teacherId: teacherProfiles.id,
      teacherName: sql<string>`${teacherProfiles.firstName} || ' ' || ${teacherProfiles.lastName}`,
      rateMin: teacherProfiles.hourlyRateMin,
      rateMax: teacherProfiles.hourlyRateMax,
    })
    .from(bookings)
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .innerJoin(studentProfiles, eq(studentProfiles.id, bookings.studentId))
    .innerJoin(parentProfiles, eq(parentProfiles.id, bookings.parentId))
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, bookings.teacherId))
    .where(and(ownedBy(owner), gte(bookingSlots.startsAt, from), lt(bookingSlots.startsAt, to)))
    .orderBy(asc(bookingSlots.startsAt), asc(bookings.id));
  return rows as StatementRow[];
}

/** The first and last start of the owner's counted lessons (for the year picker); nulls when there are none. */
export async function lessonSpan(db: Executor, owner: StatementOwner): Promise<{ first: Date | null; last: Date | null }> {
  const [row] = await db
    .select({ first: min(bookingSlots.startsAt), last: max(bookingSlots.startsAt) })
    .from(bookings)
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .where(ownedBy(owner));
  return { first: row?.first ?? null, last: row?.last ?? null };
}

/** The teacher's zone (earnings months are counted in it) and current listed rate. */
export async function findTeacherTerms(db: Executor, teacherId: string) {
  const [row] = await db
    .select({
      timeZone: teacherProfiles.timeZone,
      teacherName: sql<string>`${teacherProfiles.firstName} || ' ' || ${teacherProfiles.lastName}`,
      rateMin: teacherProfiles.hourlyRateMin,
      rateMax: teacherProfiles.hourlyRateMax,
    })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.id, teacherId));
  return row ?? null;
}
