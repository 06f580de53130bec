import { and, asc, eq, inArray } from "drizzle-orm";
import { joinBookingParties } from "./booking-parties";
import type { Executor } from "./client";
import { householdMailGuardians, type MailGuardian } from "./household-guardians";
import { bookings, bookingSlots, parentProfiles, studentMeetingLinks, studentProfiles, teacherProfiles, user } from "./schema";

/**
 * Everything an email about a lesson says (issue 26), for each booking in `ids`, first lesson
 * first: the time, the format, the reasons given, and both sides with what places the lesson and
 * reaches them (zones, meeting links, addresses, phones). Left joins: a side whose account is gone
 * is null, and nobody is written to on its behalf.
 *
 * `parent` is the household's own row (the booking's family: its founder's name, contact and the
 * home address lessons go to, as the teacher knows them); `guardians` are who the family's emails
 * go to (issue 45: every guardian whose account is active, each with their own address, name,
 * phone and clock), read for all the bookings' households in one more query.
 */
export async function lessonMailContexts(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const query = db
    .select({
      id: bookings.id,
      status: bookings.status,
      bookingType: bookings.bookingType,
      format: bookings.format,
      seriesId: bookings.seriesId,
      cancelledBy: bookings.cancelledBy,
      declineReason: bookings.declineReason,
      cancelReason: bookings.cancelReason,
      priceCents: bookings.priceCents,
      cancelChargeCents: bookings.cancelChargeCents,
      startsAt: bookingSlots.startsAt,
      endsAt: bookingSlots.endsAt,
      studentFirstName: studentProfiles.firstName,
      studentLastName: studentProfiles.lastName,
      teacherId: teacherProfiles.id,
      teacherFirstName: teacherProfiles.firstName,
      teacherLastName: teacherProfiles.lastName,
      teacherEmail: teacherProfiles.email,
      teacherPhone: teacherProfiles.phone,
      teacherTimeZone: teacherProfiles.timeZone,
      meetingUrl: teacherProfiles.meetingUrl,
      inPersonPlace: teacherProfiles.inPersonPlace,
      studioAddress: teacherProfiles.studioAddress,
      studentMeetingUrl: studentMeetingLinks.url,
      parentId: parentProfiles.id,
      parentFirstName: parentProfiles.firstName,
      parentLastName: parentProfiles.lastName,
      parentEmail: user.email,
      parentPhone: parentProfiles.phone,
      parentTimeZone: parentProfiles.timeZone,
      parentReportedTimeZone: parentProfiles.reportedTimeZone,
      familyAddress: parentProfiles.address,
    })
    .from(bookings)
    .$dynamic();
  const rows = await joinBookingParties(query)
    .leftJoin(studentMeetingLinks, and(eq(studentMeetingLinks.teacherId, bookings.teacherId), eq(studentMeetingLinks.studentId, bookings.studentId)))
    .where(inArray(bookings.id, [...ids]))
    .orderBy(asc(bookingSlots.startsAt));
  const guardians = await householdMailGuardians(
    db,
    rows.flatMap((row) => (row.parentId !== null ? [row.parentId] : [])),
  );
  const noGuardians: MailGuardian[] = [];
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    bookingType: row.bookingType,
    format: row.format,
    seriesId: row.seriesId,
    cancelledBy: row.cancelledBy,
    declineReason: row.declineReason,
    cancelReason: row.cancelReason,
    priceCents: row.priceCents,
    cancelChargeCents: row.cancelChargeCents,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    student: row.studentFirstName !== null ? { firstName: row.studentFirstName, lastName: row.studentLastName ?? "" } : null,
    teacher:
      row.teacherId !== null
        ? {
            id: row.teacherId,
            firstName: row.teacherFirstName ?? "",
            lastName: row.teacherLastName ?? "",
            email: row.teacherEmail ?? "",
            phone: row.teacherPhone,
            timeZone: row.teacherTimeZone ?? "UTC",
            meetingUrl: row.meetingUrl,
            inPersonPlace: row.inPersonPlace ?? "studio",
            studioAddress: row.studioAddress,
          }
        : null,
    studentMeetingUrl: row.studentMeetingUrl,
    parent:
      row.parentId !== null && row.parentEmail !== null
        ? {
            id: row.parentId,
            firstName: row.parentFirstName ?? "",
            lastName: row.parentLastName ?? "",
            email: row.parentEmail,
            phone: row.parentPhone,
            timeZone: row.parentTimeZone,
            reportedTimeZone: row.parentReportedTimeZone,
            address: row.familyAddress,
          }
        : null,
    guardians: row.parentId !== null && row.parentEmail !== null ? (guardians.get(row.parentId) ?? noGuardians) : noGuardians,
  }));
}
export type LessonMailContext = Awaited<ReturnType<typeof lessonMailContexts>>[number];
