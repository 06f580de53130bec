import { closedLessonLines, teacherGoneEmail, type ClosedAccountNotice } from "../lessons";
import type { MailMessage } from "../mail";

/**
 * The other side of a closed account (issue 26): a teacher learns that a family left, a family
 * that their teacher can no longer teach (issue 41, the same email as for a suspended teacher);
 * either reads which of their times were cancelled, in their own zone, and that the past stays.
 */
export function accountClosedEmail(publicUrl: string, notice: ClosedAccountNotice): MailMessage {
  if (notice.closedBy === "teacher") return teacherGoneEmail(publicUrl, notice, "deleted");
  const count = notice.lessons.length;
  const cancelled =
    count === 0
      ? ""
      : `${count === 1 ? "This lesson or request is" : `These ${count} lessons and requests are`} cancelled, and ${count === 1 ? "its time is" : "their times are"} free again:\n\n${closedLessonLines(notice)}\n\n`;
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
