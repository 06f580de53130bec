import { eq } from "drizzle-orm";
import { DELETED_USER_NAME } from "../../shared/classes/classes.api";
import { DELETED_TEACHER_NAME } from "../../shared/accounts/accounts.constants";
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

/**
 * Joins a select `from(bookings)` (made `$dynamic()`) to its slot, student, teacher and parent.
 * The people are left joins: once one side deleted their account its columns are null and the
 * other side keeps the booking (issue 26, decisions.md section 6), shown with "Deleted user" or
 * "Deleted teacher". Whatever mails or reminds a side must first check `hasBothSides`.
 */
export function joinBookingParties<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .leftJoin(studentProfiles, eq(studentProfiles.id, bookings.studentId))
    .leftJoin(teacherProfiles, eq(teacherProfiles.id, bookings.teacherId))
    .leftJoin(parentProfiles, eq(parentProfiles.id, bookings.parentId))
    .leftJoin(user, eq(user.id, parentProfiles.userId));
}

/**
 * Columns of a booking row read from the student, teacher or parent (and the parent's user): null
 * exactly when that side's profile is gone. Those of `bookingPartyColumns`, and the teacher's and
 * parent's other columns the lessons list reads.
 */
export type PartyColumn =
  | "studentId"
  | "studentFirstName"
  | "studentLastName"
  | "teacherId"
  | "teacherUserId"
  | "teacherFirstName"
  | "teacherLastName"
  | "teacherEmail"
  | "teacherTimeZone"
  | "parentEmail"
  | "parentFirstName"
  | "noticeHours";

/** A booking row whose student, teacher and parent all still exist. */
export type WithBothSides<Row> = { [K in keyof Row]: K extends PartyColumn ? NonNullable<Row[K]> : Row[K] };

/**
 * Both sides of the booking still have their accounts: the only rows an email or reminder may be
 * made from (a deleted side has nobody to write to).
 */
export function hasBothSides<Row extends { studentId: string | null; teacherId: string | null; parentEmail: string | null }>(
  row: Row,
): row is Row & WithBothSides<Row> {
  return row.studentId !== null && row.teacherId !== null && row.parentEmail !== null;
}

/**
 * The student and teacher of a booking as lists show them: a side whose account was deleted has
 * a null id and reads "Deleted user" (the family) or "Deleted teacher". A deleted teacher's zone
 * is unknown; UTC stands in (every reader of such a lesson is the family, who read their own zone).
 */
export function bookingSides(row: {
  studentId: string | null;
  studentFirstName: string | null;
  studentLastName: string | null;
  teacherId: string | null;
  teacherFirstName: string | null;
  teacherLastName: string | null;
  teacherTimeZone: string | null;
}) {
  return {
    student:
      row.studentId !== null
        ? { id: row.studentId, firstName: row.studentFirstName ?? "", lastName: row.studentLastName ?? "" }
        : { id: null, firstName: DELETED_USER_NAME, lastName: "" },
    teacher:
      row.teacherId !== null
        ? { id: row.teacherId, firstName: row.teacherFirstName ?? "", lastName: row.teacherLastName ?? "", timeZone: row.teacherTimeZone ?? "UTC" }
        : { id: null, firstName: DELETED_TEACHER_NAME, lastName: "", timeZone: "UTC" },
  };
}
