import type { BookingFormat, BookingStatus, BookingType, InPersonPlace } from "../../shared/booking/booking.constants";
import { formatLessonTime } from "../../shared/booking/booking.rules";
import { parentClock } from "../../shared/time-zone.rules";
import { FORMAT_LABELS, lessonPlace, meetingLinkFor, placeLine } from "../../shared/booking/lesson-place.rules";
import type { LessonMailContext } from "../db/lesson-mail-contexts";
import type { MailGuardian } from "../db/household-guardians";
import type { MailMessage } from "../mail";

/**
 * The pieces every lesson email is written from (issue 26), for one reader: the reader's clock,
 * where and how the lesson happens as that reader needs to hear it, and how to reach the other
 * side. Only accepted lessons reveal a link, an address or a phone number (lessonPlace).
 */

export type Reader = "parent" | "teacher";

/** A zone when the teacher's account is gone and the family set none: named, so still exact. */
const LAST_RESORT_ZONE = "UTC";

/** The reader's zone: the teacher's own; for the family, the parent's clock (parentClock). */
export function readerZone(ctx: LessonMailContext, reader: Reader): string {
  const teacherZone = ctx.teacher?.timeZone ?? LAST_RESORT_ZONE;
  return reader === "teacher" ? teacherZone : parentClock(ctx.parent);
}

/**
 * A lesson as one guardian of its family reads about it (issue 45): `parent` is that guardian,
 * with their own address, name, phone and clock; the home address lessons go to stays the
 * household's. Every parent-side email is written from such a view, so each guardian's email is
 * in their own zone.
 */
export function asGuardian(ctx: LessonMailContext, guardian: MailGuardian): LessonMailContext {
  if (!ctx.parent) return ctx;
  return {
    ...ctx,
    parent: {
      ...ctx.parent,
      id: guardian.id,
      firstName: guardian.firstName,
      lastName: guardian.lastName,
      email: guardian.email,
      phone: guardian.phone,
      timeZone: guardian.timeZone,
      reportedTimeZone: guardian.reportedTimeZone,
    },
  };
}

/**
 * The family's email about these lessons (one household's), once per guardian: `write` builds it
 * from the lessons as that guardian reads them (asGuardian). Whether a guardian wants that kind is
 * the mailer's to decide, by their own email settings. None when the family's account is gone.
 */
export function toEachGuardian(
  lessons: readonly LessonMailContext[],
  write: (lessons: LessonMailContext[], guardian: MailGuardian) => MailMessage | null,
): { guardian: MailGuardian; message: MailMessage }[] {
  const first = lessons[0];
  if (!first?.parent) return [];
  return first.guardians.flatMap((guardian) => {
    const message = write(
      lessons.map((lesson) => asGuardian(lesson, guardian)),
      guardian,
    );
    return message ? [{ guardian, message }] : [];
  });
}

/** "Monday, January 14, 2030 at 4:00 PM EST" on the reader's clock. */
export function timeFor(ctx: LessonMailContext, reader: Reader, instant: Date = ctx.startsAt): string {
  return formatLessonTime(instant, readerZone(ctx, reader));
}

export const typeOf = (ctx: LessonMailContext) => ctx.bookingType as BookingType;
export const studentName = (ctx: LessonMailContext) => (ctx.student ? `${ctx.student.firstName} ${ctx.student.lastName}`.trim() : "Deleted user");
export const studentFirstName = (ctx: LessonMailContext) => ctx.student?.firstName ?? "Deleted user";
export const teacherName = (ctx: LessonMailContext) => (ctx.teacher ? `${ctx.teacher.firstName} ${ctx.teacher.lastName}` : "Deleted teacher");

/** The format as its reader says it: "agree with the teacher" is the family's line, not the teacher's. */
export function formatLabel(format: string, reader: Reader): string {
  if (format === "flexible" && reader === "teacher") return "In person or online (agree with the family)";
  return FORMAT_LABELS[format as BookingFormat] ?? format;
}

/**
 * Where and how, one line: "Online: https://…", "In person at 12 Elm St", "By phone". Where a
 * piece is missing, the line says who can supply it, so the reader knows what to do.
 */
export function whereLine(ctx: LessonMailContext, reader: Reader): string {
  const place = lessonPlace({
    format: ctx.format as BookingFormat,
    status: ctx.status as BookingStatus,
    meetingUrl: meetingLinkFor(ctx.studentMeetingUrl, ctx.teacher?.meetingUrl),
    inPersonPlace: (ctx.teacher?.inPersonPlace ?? "studio") as InPersonPlace,
    studioAddress: ctx.teacher?.studioAddress ?? null,
    familyAddress: ctx.parent?.address ?? null,
    teacherPhone: ctx.teacher?.phone ?? null,
    parentPhone: ctx.parent?.phone ?? null,
  });
  // Before acceptance only the format is known (lessonPlace reveals nothing yet).
  if (ctx.status !== "accepted") return place.format === "flexible" ? formatLabel("flexible", reader) : placeLine(place);
  switch (place.format) {
    case "online":
      if (place.link || reader === "parent") return placeLine(place);
      return "Online: no meeting link yet (add one in Settings so the family can join)";
    case "in_person":
      if (place.address) return placeLine(place);
      if (place.at === "studio") return reader === "teacher" ? "In person at your studio (add its address in Settings)" : placeLine(place);
      return reader === "parent"
        ? `In person at your home (add your address in Settings so ${ctx.teacher?.firstName ?? "the teacher"} knows where to come)`
        : "In person at the family's home (they have not given an address yet: ask them)";
    case "phone": {
      const theirs = reader === "parent" ? place.teacherPhone : place.parentPhone;
      const yours = reader === "parent" ? place.parentPhone : place.teacherPhone;
      const other = reader === "parent" ? teacherName(ctx) : "the family";
      const parts = [theirs ? `${other}'s number is ${theirs}` : `${other} has not given a phone number`];
      if (reader === "parent") parts.push(yours ? `yours on file is ${yours}` : "add your phone number in Settings");
      return `By phone: ${parts.join("; ")}`;
    }
    default:
      return formatLabel("flexible", reader);
  }
}

/** How to reach the other side once the lesson is accepted: name, email, phone where given. */
export function contactLine(ctx: LessonMailContext, reader: Reader): string | null {
  if (ctx.status !== "accepted") return null;
  if (reader === "parent") {
    if (!ctx.teacher) return null;
    const ways = [ctx.teacher.email, ctx.teacher.phone].filter(Boolean).join(", ");
    return `How to reach ${teacherName(ctx)}: ${ways}`;
  }
  if (!ctx.parent) return null;
  const ways = [ctx.parent.email, ctx.parent.phone].filter(Boolean).join(", ");
  return `How to reach ${studentFirstName(ctx)}'s family (${ctx.parent.firstName} ${ctx.parent.lastName}): ${ways}`;
}

/** A reason as the email quotes it, each line set off, so it reads as the other side's words. */
export function quotedReason(who: string, reason: string | null): string {
  if (!reason) return "";
  return `\n${who} gave this reason:\n${reason
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n")}\n`;
}

/** The "Where: …" and "How to reach …" paragraph of an email, or nothing. */
export function whereAndHowBlock(ctx: LessonMailContext, reader: Reader): string {
  const lines = [`Where and how: ${whereLine(ctx, reader)}`];
  const contact = contactLine(ctx, reader);
  if (contact) lines.push(contact);
  return `\n${lines.join("\n")}\n`;
}
