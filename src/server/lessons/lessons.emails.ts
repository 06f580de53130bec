import { capitalized, countedLessons, lessonDate, lessonNoun, reminderWhen } from "../../shared/booking/lesson-mail.rules";
import type { CancelledBy } from "../../shared/lessons/cancellation.rules";
import type { LessonMailContext } from "../db/lesson-mail-contexts";
import {
  quotedReason,
  readerZone,
  studentFirstName,
  studentName,
  teacherName,
  timeFor,
  typeOf,
  whereAndHowBlock,
  type Reader,
} from "../booking";
import { formatLessonTime } from "../../shared/booking/booking.rules";
import type { MailMessage } from "../mail";

/** The reader's address, first name and calendar; null when that side's account is gone. */
function addressee(ctx: LessonMailContext, reader: Reader) {
  if (reader === "teacher") return ctx.teacher ? { to: ctx.teacher.email, greeting: ctx.teacher.firstName, path: "/teacher/calendar" } : null;
  return ctx.parent ? { to: ctx.parent.email, greeting: ctx.parent.firstName, path: "/parent/calendar" } : null;
}

/** The side that did not act: the one to tell. */
export const otherSide = (actor: CancelledBy): Reader => (actor === "parent" ? "teacher" : "parent");

function who(ctx: LessonMailContext, actor: CancelledBy) {
  return actor === "parent" ? `${studentFirstName(ctx)}'s family` : teacherName(ctx);
}

/**
 * Lessons cancelled by one side, to the other, on the reader's clock, with the reason when one was
 * given and the make-up credits the cancellation gave. Null when the reader's account is gone.
 */
export function lessonsCancelledEmail(publicUrl: string, lessons: readonly LessonMailContext[], actor: CancelledBy, creditsIssued: number): MailMessage | null {
  const first = lessons[0];
  if (!first) return null;
  const reader = otherSide(actor);
  const to = addressee(first, reader);
  if (!to) return null;
  const type = typeOf(first);
  const count = lessons.length;
  const times = lessons.map((lesson) => `  - ${timeFor(lesson, reader)}`).join("\n");
  const credit =
    creditsIssued > 0
      ? `\n${studentFirstName(first)} received ${countedCredits(creditsIssued)} for ${creditsIssued === 1 ? "a lesson" : "lessons"} with ${teacherName(first)}.\n`
      : "";
  return {
    to: to.to,
    kind: "lesson-cancelled",
    audience: reader,
    subject: `${count === 1 ? capitalized(lessonNoun(type)) : `${count} ${lessonNoun(type, count)}`} with ${studentFirstName(first)} cancelled`,
    text: `Hi ${to.greeting},\n\n${who(first, actor)} cancelled the ${lessonNoun(type, count)} with ${studentFirstName(first)}:\n\n${times}\n${quotedReason(who(first, actor), first.cancelReason)}${credit}\nYour calendar shows the change:\n${publicUrl}${to.path}\n`,
  };
}

const countedCredits = (n: number) => (n === 1 ? "a make-up credit" : `${n} make-up credits`);

/** A lesson moved by one side, to the other, on the reader's clock (and where it takes place). */
export function lessonRescheduledEmail(publicUrl: string, lesson: LessonMailContext, previousStart: Date, actor: CancelledBy): MailMessage | null {
  const reader = otherSide(actor);
  const to = addressee(lesson, reader);
  if (!to) return null;
  const now = timeFor(lesson, reader);
  return {
    to: to.to,
    kind: "lesson-rescheduled",
    audience: reader,
    subject: `${capitalized(lessonNoun(typeOf(lesson)))} with ${studentFirstName(lesson)} moved to ${now}`,
    text: `Hi ${to.greeting},\n\n${who(lesson, actor)} moved the ${lessonNoun(typeOf(lesson))} with ${studentFirstName(lesson)}\nfrom ${timeFor(lesson, reader, previousStart)}\nto   ${now}.\n${lesson.status === "accepted" ? whereAndHowBlock(lesson, reader) : ""}\nYour calendar shows the new time:\n${publicUrl}${to.path}\n`,
  };
}

/**
 * A reminder to one side of an accepted lesson, worded from the real time left (`now`: "in 7
 * minutes", "today at …", "tomorrow at …") on the reader's clock, with where and how and how to
 * reach the other side. Null when the reader's account is gone.
 */
export function lessonReminderEmail(publicUrl: string, lesson: LessonMailContext, reader: Reader, now: Date): MailMessage | null {
  const to = addressee(lesson, reader);
  if (!to) return null;
  const zone = readerZone(lesson, reader);
  const when = reminderWhen(lesson.startsAt, now, zone);
  // What `when` leaves out: the date and time after "in 7 minutes", the date after "tomorrow at 4:00 PM EST".
  const exactly = when.startsWith("in ")
    ? ` (${formatLessonTime(lesson.startsAt, zone)})`
    : when.startsWith("on ")
      ? ""
      : ` (${lessonDate(lesson.startsAt, zone)})`;
  const a = countedLessons(typeOf(lesson), 1);
  const noun = lessonNoun(typeOf(lesson));
  const details = whereAndHowBlock(lesson, reader);
  return reader === "parent"
    ? {
        to: to.to,
        kind: "lesson-reminder",
        audience: reader,
        subject: `Reminder: ${studentFirstName(lesson)}'s ${noun} with ${teacherName(lesson)} is ${when}`,
        text: `Hi ${to.greeting},\n\n${studentFirstName(lesson)} has ${a} with ${teacherName(lesson)} ${when}${exactly}.\n${details}\nNeed to change it? Cancel or reschedule from your dashboard:\n${publicUrl}/dashboard\n`,
      }
    : {
        to: to.to,
        kind: "lesson-reminder",
        audience: reader,
        subject: `Reminder: ${noun} with ${studentName(lesson)} is ${when}`,
        text: `Hi ${to.greeting},\n\nYou have ${a} with ${studentName(lesson)} ${when}${exactly}.\n${details}\nYour calendar:\n${publicUrl}/teacher/calendar\n`,
      };
}

/**
 * A weekly series changed from one lesson on (issue 44): one email to each side, the one who
 * changed it too, listing every new date on the reader's clock with the date it replaces.
 * `lessons` are read after the change; `previous` maps each to its old start; `by` names the
 * guardian who changed it, to the family's other guardians. Null when the reader's account is gone.
 */
export function seriesChangedEmail(
  publicUrl: string,
  lessons: readonly LessonMailContext[],
  previous: ReadonlyMap<string, Date>,
  actor: CancelledBy,
  reader: Reader,
  by: string | null = null,
): MailMessage | null {
  const first = lessons[0];
  if (!first) return null;
  const to = addressee(first, reader);
  if (!to) return null;
  const type = typeOf(first);
  const count = lessons.length;
  const subject = `${count === 1 ? capitalized(lessonNoun(type)) : `${count} ${lessonNoun(type, count)}`} with ${studentFirstName(first)} moved to new times`;
  const lines = lessons.map((lesson) => {
    const was = previous.get(lesson.id);
    return `  - ${timeFor(lesson, reader)}${was ? ` (was ${timeFor(lesson, reader, was)})` : ""}`;
  });
  // The guardian who changed it is "You"; the family's other guardians are told who did (issue 45).
  const changer = actor === reader ? (by ?? "You") : who(first, actor);
  return {
    to: to.to,
    kind: "series-changed",
    audience: reader,
    subject,
    text: `Hi ${to.greeting},\n\n${changer} changed the weekly ${lessonNoun(type, 2)} with ${studentFirstName(first)} from ${timeFor(first, reader, previous.get(first.id) ?? first.startsAt)} on. The new ${count === 1 ? "time" : "times"}:\n\n${lines.join("\n")}\n${first.status === "accepted" ? whereAndHowBlock(first, reader) : ""}\nYour calendar shows the new times:\n${publicUrl}${to.path}\n`,
  };
}
