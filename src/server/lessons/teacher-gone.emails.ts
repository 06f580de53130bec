import { BOOKING_TYPES } from "../../shared/booking/booking.constants";
import { formatLessonTime } from "../../shared/booking/booking.rules";
import { formatMoney } from "../../shared/invoices/money.rules";
import { teacherCannotTeachText } from "../../shared/lessons/teacher-gone.rules";
import type { MailMessage } from "../mail";
import type { ClosedAccountNotice } from "./closed-account.service";

/** Why the teacher can no longer teach: the desk suspended them, or they closed their account. */
export type TeacherGoneCause = "suspended" | "deleted";

const joinNames = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]!}`;

/** One line per cancelled time, in the reader's zone with the zone named. */
export function closedLessonLines(notice: ClosedAccountNotice): string {
  return notice.lessons
    .map((lesson) => {
      const what = `${lesson.studentFirstName}'s ${BOOKING_TYPES[lesson.bookingType].label.toLowerCase()}${lesson.wasRequest ? " (requested)" : ""}`;
      return `  - ${formatLessonTime(lesson.startsAt, notice.timeZone)}: ${what}`;
    })
    .join("\n");
}

/**
 * A family whose teacher can no longer teach here (issue 41), suspended or gone: never worded as
 * the teacher's own cancellation, nothing counted against the family, each child's credits with
 * the teacher void and why. The desk's reason for a suspension is not quoted (it is the desk's and
 * the teacher's); a deleted teacher is "Deleted teacher" in the family's records from now on.
 */
export function teacherGoneEmail(publicUrl: string, notice: ClosedAccountNotice, cause: TeacherGoneCause): MailMessage {
  const gone = teacherCannotTeachText(notice.name, notice.firstName);
  const count = notice.lessons.length;
  const cancelled =
    count === 0
      ? ""
      : `${count === 1 ? "This lesson or request is" : `These ${count} lessons and requests are`} cancelled, and ${count === 1 ? "its time is" : "their times are"} free again:\n\n${closedLessonLines(notice)}\n\n` +
        `${count === 1 ? "It does" : "They do"} not count as a cancellation by you: nothing is late and nothing is charged.\n\n`;
  const credits =
    notice.voidedCreditsOf.length > 0
      ? `${joinNames(notice.voidedCreditsOf)}'s make-up credits with ${notice.name} are void: ${notice.firstName} can no longer teach on Music Lessons, so they could not be used.\n\n`
      : "";
  const owed =
    notice.owedCents <= 0
      ? ""
      : cause === "deleted" && notice.leftContact
        ? `You still owe ${notice.name} ${formatMoney(notice.owedCents)} on invoices. ${notice.firstName} left these details for it:\n\n${notice.leftContact}\n\n`
        : cause === "deleted"
        ? `The ${formatMoney(notice.owedCents)} you still owed ${notice.name} on invoices is no longer payable in the app; your billing shows it as such.\n\n`
        : `Your billing still shows ${formatMoney(notice.owedCents)} owed to ${notice.name} on invoices for lessons that took place; ${notice.firstName} can no longer be reached through the app.\n\n`;
  const past =
    cause === "deleted"
      ? `Lessons that already took place stay in your lessons and billing, with the teacher shown as "Deleted teacher".\n\n`
      : `Lessons that already took place stay in your lessons and billing.\n\n`;
  return {
    to: notice.to,
    kind: cause === "deleted" ? "account-closed" : "teacher-suspended",
    // A family that only owes the teacher has no lesson cancelled: the subject says what happened.
    subject: count > 0 || notice.voidedCreditsOf.length > 0 ? `Lessons with ${notice.name} are cancelled` : `${notice.name} can no longer teach on Music Lessons`,
    text: `Hi ${notice.greeting},\n\n${gone}\n\n${cancelled}${credits}${owed}${past}You can find another teacher here:\n${publicUrl}/find-teachers\n`,
  };
}
