import { BOOKING_TYPES } from "../../shared/booking/booking.constants";
import type { BookingRequestDTO } from "../../shared/booking/booking.schemas";
import { formatLessonTime } from "../../shared/booking/booking.rules";
import { countedLessons, lessonNoun } from "../../shared/booking/lesson-mail.rules";
import { formatMoney } from "../../shared/invoices/money.rules";
import type { MailMessage } from "../mail";
import type { LessonMailContext } from "../db/lesson-mail-contexts";
import { formatLabel, quotedReason, studentFirstName, teacherName, timeFor, typeOf, whereAndHowBlock } from "./lesson-mail";

/** A new request, to the teacher, on the teacher's clock. */
export function bookingRequestedEmail(
  publicUrl: string,
  teacher: { email: string; firstName: string; timeZone: string },
  student: { firstName: string; lastName: string },
  requests: BookingRequestDTO[],
): MailMessage {
  const first = requests[0]!;
  const type = BOOKING_TYPES[first.bookingType].label;
  const times = requests.map((r) => `  - ${formatLessonTime(new Date(r.startsAt), teacher.timeZone)}`).join("\n");
  const what = first.seriesId
    ? `${countedLessons(first.bookingType, requests.length, true)} (one request: you accept or decline them together)`
    : countedLessons(first.bookingType, requests.length);
  return {
    to: teacher.email,
    kind: "booking-requested",
    audience: "teacher",
    subject: `New ${type} request for ${student.firstName} ${student.lastName}`,
    text: `Hi ${teacher.firstName},\n\nA family asked for ${what} with ${student.firstName} ${student.lastName}:\n\n${times}\n\nFormat: ${formatLabel(first.format, "teacher")}\n\nAccept or decline on your dashboard (the time stays reserved until you answer):\n${publicUrl}/teacher-landing\n`,
  };
}

/**
 * The parent's confirmation of a request (issue 41), on the parent's clock: what was asked, by
 * when the teacher answers (72 hours, or the lesson's time if sooner), and where to follow it.
 * Null when the family's account is gone. Each guardian of the family gets it (issue 45); `by` names
 * the guardian who asked, for the others (null: the reader asked).
 */
export function bookingRequestSentEmail(publicUrl: string, lessons: readonly LessonMailContext[], answerBy: Date, by: string | null = null): MailMessage | null {
  const first = lessons[0];
  if (!first?.parent) return null;
  const type = typeOf(first);
  const series = lessons.length > 1;
  const teacher = teacherName(first);
  const what = series ? `the ${countedLessons(type, lessons.length, true)}` : `the ${lessonNoun(type)}`;
  const times = lessons.map((lesson) => `  - ${timeFor(lesson, "parent")}`).join("\n");
  return {
    to: first.parent.email,
    kind: "booking-request-sent",
    audience: "parent",
    subject: `Request sent to ${teacher}: ${series ? countedLessons(type, lessons.length, true) : BOOKING_TYPES[type].label} for ${studentFirstName(first)}`,
    text:
      `Hi ${first.parent.firstName},\n\n${by ? `${by} asked ${teacher} for ${what} for ${studentFirstName(first)}` : `Your request for ${what} with ${teacher} for ${studentFirstName(first)} is sent`}:\n\n${times}\n\n` +
      `${first.teacher?.firstName ?? teacher} answers by ${timeFor(first, "parent", answerBy)} (within 72 hours, or before the lesson if that is sooner). ` +
      `Until then the time is held for you, and we will email you the answer. If there is no answer by then, the request expires and the time is free again.\n\n` +
      `Follow it under Requests on your dashboard:\n${publicUrl}/dashboard\n`,
  };
}

/**
 * The teacher's answer, to the parent, on the parent's clock: one email for a request (a weekly
 * series' lessons, first lesson first, are one request). Accepted says where and how and how to
 * reach the teacher; declined says the teacher's reason when one was given. Null when the family's
 * account is gone (nobody to tell).
 */
export function bookingDecidedEmail(publicUrl: string, lessons: readonly LessonMailContext[], decision: "accepted" | "declined"): MailMessage | null {
  const first = lessons[0];
  if (!first?.parent) return null;
  const type = typeOf(first);
  const series = lessons.length > 1;
  const teacher = teacherName(first);
  const the = series ? `the ${countedLessons(type, lessons.length, true)}` : `the ${lessonNoun(type)}`;
  const when = series
    ? `:\n\n${lessons.map((lesson) => `  - ${timeFor(lesson, "parent")}`).join("\n")}\n`
    : ` on ${timeFor(first, "parent")}.\n`;
  const subjectWhat = series ? countedLessons(type, lessons.length, true) : BOOKING_TYPES[type].label;
  const greeting = `Hi ${first.parent.firstName},\n\n`;
  if (decision === "accepted") {
    // A full lesson states the price agreed for each lesson (issue 28); an intro call is free.
    const price = type === "full" && first.priceCents !== null ? `Price: ${formatMoney(first.priceCents)} per lesson (paid directly to your teacher).\n\n` : "";
    return {
      to: first.parent.email,
      kind: "booking-accepted",
      audience: "parent",
      subject: `${subjectWhat} with ${teacher} accepted`,
      text: `${greeting}Good news: ${teacher} accepted ${the} for ${studentFirstName(first)}${when}${whereAndHowBlock(first, "parent")}\n${price}${series ? "They are" : "It is"} in your calendar:\n${publicUrl}/dashboard\n`,
    };
  }
  return {
    to: first.parent.email,
    kind: "booking-declined",
    audience: "parent",
    subject: `${subjectWhat} with ${teacher} declined`,
    text: `${greeting}${teacher} could not take ${the} for ${studentFirstName(first)}${when}${quotedReason(teacher, first.declineReason)}\n${series ? "The times are" : "The time is"} free again; you can pick another time on their profile:\n${publicUrl}/teacher/profile/${first.teacher?.id ?? ""}\n`,
  };
}
