import { BOOKING_TYPES, type BookingType } from "./booking.constants";
import { dateTimeFormat } from "../date-time-format";

/** "Monday, January 14, 2030 at 9:00 AM EST" in a given zone, for emails and lists. */
export function formatLessonTime(instant: Date, timeZone: string): string {
  const date = dateTimeFormat("en-US", { timeZone, weekday: "long", month: "long", day: "numeric", year: "numeric" }).format(instant);
  const time = dateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(instant);
  return `${date} at ${time}`;
}

/** The calendar event a booking becomes once accepted (spec section 7, accept_booking_request). */
export function lessonEventTitle(type: BookingType, studentFirstName: string): string {
  return type === "intro" ? `Intro Call with ${studentFirstName}` : `Lesson with ${studentFirstName}`;
}

/**
 * The same lesson as the family sees it (their calendar, its next 7 days, their .ics): named by
 * the teacher, the child after it, "Lesson with Casey Keys (Mia)". The stored title names the
 * child, which is what the teacher needs and nothing a parent learns from.
 */
export function familyLessonEventTitle(type: BookingType, teacherName: string, studentFirstName: string | null): string {
  const base = type === "intro" ? `Intro Call with ${teacherName}` : `Lesson with ${teacherName}`;
  return studentFirstName ? `${base} (${studentFirstName})` : base;
}

export function bookingLabel(type: BookingType): string {
  return `${BOOKING_TYPES[type].label} (${BOOKING_TYPES[type].minutes} min)`;
}

export { lessonPrice } from "./lesson-price.rules";
