import { eq } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { bookings, bookingSlots, parentProfiles, studentProfiles, teacherProfiles, user } from "./schema";

/**
 * A booking's time and the people in it, as requests (booking.repo.ts) and lessons
 * (lessons.repo.ts) both read them; select these with the booking's own columns and join with
 * `joinBookingParties`.
 */
export const bookingPartyColumns = {
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

/** Joins a select `from(bookings)` (made `$dynamic()`) to its slot, student, teacher and parent. */
export function joinBookingParties<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .innerJoin(studentProfiles, eq(studentProfiles.id, bookings.studentId))
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, bookings.teacherId))
    .innerJoin(parentProfiles, eq(parentProfiles.id, bookings.parentId))
    .innerJoin(user, eq(user.id, parentProfiles.userId));
}
