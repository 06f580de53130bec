import { BOOKING_TYPES } from "../../shared/booking/booking.constants";
import { formatLessonTime } from "../../shared/booking/booking.rules";
import type { ClosedAccountNotice } from "../lessons";
import type { MailMessage } from "../mail";

const joinNames = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]!}`;

/** One line per cancelled time, in the reader's zone with the zone named. */
function lessonLines(notice: ClosedAccountNotice): string {
  return notice.lessons
    .map((lesson) => {
      const what = `${lesson.studentFirstName}'s ${BOOKING_TYPES[lesson.bookingType].label.toLowerCase()}${lesson.wasRequest ? " (requested)" : ""}`;
      return `  - ${formatLessonTime(lesson.startsAt, notice.timeZone)}: ${what}`;
    })
    .join("\n");
}

/**
 * The other side of a closed account (issue 26): a teacher learns that a family left, a family
 * that their teacher left; either reads which of their times were cancelled, in their own zone,
 * and that the past stays.
 */
export function accountClosedEmail(publicUrl: string, notice: ClosedAccountNotice): MailMessage {
  const count = notice.lessons.length;
  const cancelled =
    count === 0
      ? ""
      : `${count === 1 ? "This lesson or request is" : `These ${count} lessons and requests are`} cancelled, and ${count === 1 ? "its time is" : "their times are"} free again:\n\n${lessonLines(notice)}\n\n`;
  if (notice.closedBy === "parent") {
    return {
      to: notice.to,
      kind: "account-closed",
      subject: `${notice.name} closed their account`,
      text:
        `Hi ${notice.greeting},\n\n${notice.name} closed their account on Music Lessons.\n\n${cancelled}` +
        `Lessons that already took place stay in your lessons and earnings, with their attendance and notes; the family is shown as "Deleted user". ` +
        `A class with their child keeps them as "Deleted user" until you archive it.\n\nYour calendar shows the change:\n${publicUrl}/teacher/calendar\n`,
    };
  }
  const credits =
    notice.voidedCreditsOf.length > 0
      ? `${joinNames(notice.voidedCreditsOf)}'s make-up credits with ${notice.name} can no longer be used.\n\n`
      : "";
  return {
    to: notice.to,
    kind: "account-closed",
    subject: `${notice.name} closed their account`,
    text:
      `Hi ${notice.greeting},\n\n${notice.name} closed their teaching account on Music Lessons.\n\n${cancelled}${credits}` +
      `Lessons that already took place stay in your lessons and billing, with the teacher shown as "Deleted teacher".\n\n` +
      `You can find another teacher here:\n${publicUrl}/find-teachers\n`,
  };
}
