import { BOOKING_TYPES, type BookingType } from "../../shared/booking/booking.constants";
import { formatLessonTime } from "../../shared/booking/booking.rules";
import type { CancelledBy } from "../../shared/lessons/cancellation.rules";
import type { MailMessage } from "../mail/mailer";
import type { LessonRow } from "./lessons.repo";

/** The side that did not act: the one to tell. */
function recipient(row: LessonRow, actor: CancelledBy) {
  return actor === "parent"
    ? { to: row.teacherEmail, greeting: row.teacherFirstName, path: "/teacher/calendar" }
    : { to: row.parentEmail, greeting: row.parentFirstName, path: "/parent/calendar" };
}

function who(row: LessonRow, actor: CancelledBy) {
  return actor === "parent" ? `${row.studentFirstName} ${row.studentLastName}'s family` : `${row.teacherFirstName} ${row.teacherLastName}`;
}

const label = (row: LessonRow) => BOOKING_TYPES[row.bookingType as BookingType].label.toLowerCase();

export function lessonsCancelledEmail(publicUrl: string, rows: LessonRow[], actor: CancelledBy, creditsIssued: number): MailMessage {
  const first = rows[0]!;
  const to = recipient(first, actor);
  const times = rows.map((r) => `  - ${formatLessonTime(r.startsAt, first.teacherTimeZone)}`).join("\n");
  const credit =
    creditsIssued > 0
      ? `\n${first.studentFirstName} received ${creditsIssued === 1 ? "a make-up credit" : `${creditsIssued} make-up credits`} for a lesson with ${first.teacherFirstName} ${first.teacherLastName}.\n`
      : "";
  return {
    to: to.to,
    kind: "lesson-cancelled",
    subject: `${rows.length === 1 ? "Lesson" : `${rows.length} lessons`} with ${first.studentFirstName} cancelled`,
    text: `Hi ${to.greeting},\n\n${who(first, actor)} cancelled the ${label(first)}${rows.length === 1 ? "" : "s"} with ${first.studentFirstName}:\n\n${times}\n${credit}\nYour calendar shows the change:\n${publicUrl}${to.path}\n`,
  };
}

export function lessonRescheduledEmail(publicUrl: string, row: LessonRow, previousStart: Date, actor: CancelledBy): MailMessage {
  const to = recipient(row, actor);
  return {
    to: to.to,
    kind: "lesson-rescheduled",
    subject: `Lesson with ${row.studentFirstName} moved to ${formatLessonTime(row.startsAt, row.teacherTimeZone)}`,
    text: `Hi ${to.greeting},\n\n${who(row, actor)} moved the ${label(row)} with ${row.studentFirstName}\nfrom ${formatLessonTime(previousStart, row.teacherTimeZone)}\nto   ${formatLessonTime(row.startsAt, row.teacherTimeZone)}.\n\nYour calendar shows the new time:\n${publicUrl}${to.path}\n`,
  };
}

/** The day-before reminder, to one side of an accepted lesson. */
export function lessonReminderEmail(publicUrl: string, row: LessonRow, role: CancelledBy, timeZone: string): MailMessage {
  const when = formatLessonTime(row.startsAt, timeZone);
  const lessonName = BOOKING_TYPES[row.bookingType as BookingType].label.toLowerCase();
  return role === "parent"
    ? {
        to: row.parentEmail,
        kind: "lesson-reminder",
        subject: `Reminder: ${row.studentFirstName}'s ${lessonName} with ${row.teacherFirstName} ${row.teacherLastName} is tomorrow`,
        text: `Hi ${row.parentFirstName},\n\n${row.studentFirstName} has a ${lessonName} with ${row.teacherFirstName} ${row.teacherLastName} on ${when}.\n\nNeed to change it? Cancel or reschedule from your dashboard:\n${publicUrl}/dashboard\n`,
      }
    : {
        to: row.teacherEmail,
        kind: "lesson-reminder",
        subject: `Reminder: ${lessonName} with ${row.studentFirstName} ${row.studentLastName} is tomorrow`,
        text: `Hi ${row.teacherFirstName},\n\nYou teach ${row.studentFirstName} ${row.studentLastName} on ${when}.\n\nYour calendar:\n${publicUrl}/teacher/calendar\n`,
      };
}
