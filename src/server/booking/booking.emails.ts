import { BOOKING_TYPES } from "../../shared/booking/booking.constants";
import type { BookingRequestDTO } from "../../shared/booking/booking.schemas";
import { formatLessonTime } from "../../shared/booking/booking.rules";
import type { MailMessage } from "../mail/mailer";
import type { RequestRow } from "./booking.repo";

export function bookingRequestedEmail(
  publicUrl: string,
  teacher: { email: string; firstName: string; timeZone: string },
  student: { firstName: string; lastName: string },
  requests: BookingRequestDTO[],
): MailMessage {
  const type = BOOKING_TYPES[requests[0]!.bookingType].label;
  const times = requests.map((r) => `  - ${formatLessonTime(new Date(r.startsAt), teacher.timeZone)}`).join("\n");
  const what = requests[0]!.seriesId
    ? `${requests.length} weekly ${type.toLowerCase()}s (one request: you accept or decline them together)`
    : `${requests.length === 1 ? "a" : requests.length} ${type.toLowerCase()}${requests.length === 1 ? "" : "s"}`;
  return {
    to: teacher.email,
    kind: "booking-requested",
    subject: `New ${type} request for ${student.firstName} ${student.lastName}`,
    text: `Hi ${teacher.firstName},\n\nA family asked for ${what} with ${student.firstName} ${student.lastName}:\n\n${times}\n\nAccept or decline on your dashboard (the time stays reserved until you answer):\n${publicUrl}/teacher-landing\n`,
  };
}

/** The parent's answer; a weekly series (`lessons` > 1) is answered in one email, from its first lesson. */
export function bookingDecidedEmail(publicUrl: string, row: RequestRow, decision: "accepted" | "declined", when: string, lessons = 1): MailMessage {
  const label = BOOKING_TYPES[row.bookingType as keyof typeof BOOKING_TYPES].label;
  const series = lessons > 1;
  const type = series ? `${lessons} weekly ${label}s` : label;
  const dated = series ? `from ${when}` : `on ${when}`;
  const teacher = `${row.teacherFirstName} ${row.teacherLastName}`;
  return {
    to: row.parentEmail,
    kind: decision === "accepted" ? "booking-accepted" : "booking-declined",
    subject: `${type} with ${teacher} ${decision}`,
    text:
      decision === "accepted"
        ? `Good news: ${teacher} accepted the ${type.toLowerCase()} for ${row.studentFirstName} ${dated}. ${series ? "They are" : "It is"} in your calendar:\n${publicUrl}/dashboard\n`
        : `${teacher} could not take the ${type.toLowerCase()} for ${row.studentFirstName} ${dated}. ${series ? "The times are" : "The time is"} free again; you can pick another time on their profile:\n${publicUrl}/teacher/profile/${row.teacherId}\n`,
  };
}
