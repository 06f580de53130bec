import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Interval, SlotWindow } from "../../shared/booking/slots.rules";
import { queryRows, type Executor } from "../db/client";
import { discoverableTeacherAs } from "../db/discoverable";
import {
  bookings,
  bookingSlots,
  calendarEvents,
  parentProfiles,
  studentProfiles,
  teacherAvailability,
  teacherProfiles,
  user,
} from "../db/schema";

export async function listWindows(db: Executor, teacherId: string): Promise<SlotWindow[]> {
  return db
    .select({
      dayOfWeek: teacherAvailability.dayOfWeek,
      startTime: teacherAvailability.startTime,
      endTime: teacherAvailability.endTime,
      format: teacherAvailability.format,
    })
    .from(teacherAvailability)
    .where(eq(teacherAvailability.teacherId, teacherId));
}

/**
 * Booked spans (a pending or accepted booking holds its slot) that touch [from, to). Written as
 * the range overlap of the no-overlap exclusion constraint, so its GiST index (teacher, range,
 * booked only) finds them; `starts_at < to` alone would read every earlier slot of the teacher.
 */
export async function takenIntervals(db: Executor, teacherId: string, from: Date, to: Date): Promise<Interval[]> {
  return db
    .select({ startsAt: bookingSlots.startsAt, endsAt: bookingSlots.endsAt })
    .from(bookingSlots)
    .where(and(eq(bookingSlots.teacherId, teacherId), eq(bookingSlots.status, "booked"), bookedOverlap(from, to)));
}

function bookedOverlap(from: Date, to: Date) {
  return sql`tstzrange(${bookingSlots.startsAt}, ${bookingSlots.endsAt}, '[)') && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')`;
}

export interface SlotSources {
  timeZone: string;
  isDiscoverable: boolean;
  windows: SlotWindow[];
  taken: Interval[];
}

/**
 * Everything a teacher's open slots are built from, in one round trip (the month calendar asks
 * for it on every visit): the zone, whether the teacher is bookable, the weekly windows and the
 * booked spans touching [from, to). Null when there is no such teacher.
 */
export async function slotSources(db: Executor, teacherId: string, from: Date, to: Date): Promise<SlotSources | null> {
  const [row] = await queryRows<{
    timeZone: string;
    isDiscoverable: boolean;
    windows: [number, string, string, string][];
    taken: [number, number][];
  }>(
    db,
    sql`
      select tp.time_zone as "timeZone", ${discoverableTeacherAs("tp")} as "isDiscoverable",
        coalesce((select json_agg(json_build_array(a.day_of_week, a.start_time, a.end_time, a.format))
                    from teacher_availability a where a.teacher_id = tp.id), '[]'::json) as windows,
        coalesce((select json_agg(json_build_array((extract(epoch from s.starts_at) * 1000)::float8,
                                                   (extract(epoch from s.ends_at) * 1000)::float8))
                    from booking_slots s
                   where s.teacher_id = tp.id and s.status = 'booked'
                     and tstzrange(s.starts_at, s.ends_at, '[)') && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')),
                 '[]'::json) as taken
        from teacher_profiles tp
       where tp.id = ${teacherId}
    `,
  );
  if (!row) return null;
  return {
    timeZone: row.timeZone,
    isDiscoverable: row.isDiscoverable,
    windows: row.windows.map(([dayOfWeek, startTime, endTime, format]) => ({ dayOfWeek, startTime, endTime, format })),
    taken: row.taken.map(([startsAt, endsAt]) => ({ startsAt: new Date(startsAt), endsAt: new Date(endsAt) })),
  };
}

export async function findStudentOfParent(db: Executor, studentId: string, parentId: string) {
  const [row] = await db
    .select({ id: studentProfiles.id, firstName: studentProfiles.firstName, lastName: studentProfiles.lastName })
    .from(studentProfiles)
    .where(and(eq(studentProfiles.id, studentId), eq(studentProfiles.parentId, parentId)));
  return row ?? null;
}

export async function insertRequest(
  tx: Executor,
  request: {
    teacherId: string;
    studentId: string;
    parentId: string;
    bookingType: string;
    classId: string | null;
    slots: { startsAt: Date; endsAt: Date; format: string }[];
  },
): Promise<string[]> {
  const ids: string[] = [];
  for (const slot of request.slots) {
    const [created] = await tx
      .insert(bookingSlots)
      .values({ teacherId: request.teacherId, startsAt: slot.startsAt, endsAt: slot.endsAt, format: slot.format })
      .returning({ id: bookingSlots.id });
    const [booking] = await tx
      .insert(bookings)
      .values({
        slotId: created!.id,
        teacherId: request.teacherId,
        studentId: request.studentId,
        parentId: request.parentId,
        bookingType: request.bookingType,
        format: slot.format,
        classId: request.classId,
      })
      .returning({ id: bookings.id });
    ids.push(booking!.id);
  }
  return ids;
}

const requestColumns = {
  id: bookings.id,
  status: bookings.status,
  bookingType: bookings.bookingType,
  format: bookings.format,
  createdAt: bookings.createdAt,
  slotId: bookings.slotId,
  startsAt: bookingSlots.startsAt,
  endsAt: bookingSlots.endsAt,
  studentId: studentProfiles.id,
  studentFirstName: studentProfiles.firstName,
  studentLastName: studentProfiles.lastName,
  teacherId: teacherProfiles.id,
  teacherUserId: teacherProfiles.userId,
  teacherFirstName: teacherProfiles.firstName,
  teacherLastName: teacherProfiles.lastName,
  teacherEmail: teacherProfiles.email,
  teacherTimeZone: teacherProfiles.timeZone,
  parentEmail: user.email,
};

function requestQuery(db: Executor) {
  return db
    .select(requestColumns)
    .from(bookings)
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .innerJoin(studentProfiles, eq(studentProfiles.id, bookings.studentId))
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, bookings.teacherId))
    .innerJoin(parentProfiles, eq(parentProfiles.id, bookings.parentId))
    .innerJoin(user, eq(user.id, parentProfiles.userId));
}
export type RequestRow = Awaited<ReturnType<typeof listPendingForTeacher>>[number];

/** Pending requests of one teacher, newest first (spec section 4). */
export function listPendingForTeacher(db: Executor, teacherId: string) {
  return requestQuery(db)
    .where(and(eq(bookings.teacherId, teacherId), eq(bookings.status, "pending")))
    .orderBy(desc(bookings.createdAt), asc(bookingSlots.startsAt));
}

export function listForParent(db: Executor, parentId: string) {
  return requestQuery(db).where(eq(bookings.parentId, parentId)).orderBy(desc(bookings.createdAt), asc(bookingSlots.startsAt));
}

export async function findRequests(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return requestQuery(db).where(inArray(bookings.id, ids)).orderBy(asc(bookingSlots.startsAt));
}

/** Locks the booking row for the rest of the transaction, so accept and decline cannot interleave. */
export async function lockBooking(tx: Executor, bookingId: string) {
  const [row] = await tx
    .select({ id: bookings.id, teacherId: bookings.teacherId, status: bookings.status, slotId: bookings.slotId })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for("update");
  return row ?? null;
}

export async function setBookingStatus(tx: Executor, bookingId: string, status: "accepted" | "declined") {
  await tx.update(bookings).set({ status, decidedAt: new Date() }).where(eq(bookings.id, bookingId));
}

export async function releaseSlot(tx: Executor, slotId: string) {
  await tx.update(bookingSlots).set({ status: "released" }).where(eq(bookingSlots.id, slotId));
}

export async function insertLessonEvent(
  tx: Executor,
  event: { ownerUserId: string; teacherId: string; studentId: string; bookingId: string; title: string; startsAt: Date; endsAt: Date },
) {
  await tx.insert(calendarEvents).values({ ...event, eventType: "lesson", status: "upcoming" });
}
