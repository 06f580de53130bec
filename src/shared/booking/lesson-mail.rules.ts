import type { BookingType } from "./booking.constants";
import { formatLessonTime } from "./booking.rules";
import { dateTimeFormat } from "../date-time-format";

/**
 * What emails and reminders say about a lesson (issue 26): whose clock they use, how they count
 * lessons, and how a reminder says when the lesson starts.
 */

const NOUNS: Record<BookingType, [one: string, many: string]> = {
  intro: ["intro call", "intro calls"],
  full: ["lesson", "lessons"],
};

/** "lesson", "intro calls": the word for `count` lessons of a type, lower case for running text. */
export function lessonNoun(type: BookingType, count = 1): string {
  return NOUNS[type][count === 1 ? 0 : 1];
}

/** "a lesson", "an intro call", "2 lessons", "8 weekly lessons" (`weekly` for a series). */
export function countedLessons(type: BookingType, count: number, weekly = false): string {
  const noun = `${weekly ? "weekly " : ""}${lessonNoun(type, count)}`;
  if (count !== 1) return `${count} ${noun}`;
  return `${/^[aeiou]/.test(noun) ? "an" : "a"} ${noun}`;
}

/** "Lesson", "Intro calls": a noun to start a subject line with. */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const MINUTE = 60_000;
/** Closer than this, a reminder counts hours and minutes instead of naming the clock time. */
const RELATIVE_UNDER_MINUTES = 4 * 60;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The local calendar day of an instant in a zone, as a UTC midnight (for day arithmetic). */
function localDay(instant: Date, timeZone: string): number {
  const parts = dateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  return Date.UTC(get("year"), get("month") - 1, get("day"));
}

/** "Sunday, November 3, 2030" on the reader's calendar. */
export function lessonDate(instant: Date, timeZone: string): string {
  return dateTimeFormat("en-US", { timeZone, weekday: "long", month: "long", day: "numeric", year: "numeric" }).format(instant);
}

function clockTime(instant: Date, timeZone: string): string {
  return dateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(instant);
}

/**
 * When a lesson starts, said from the real time left at sending (a reminder can go out late, or
 * for a lesson booked at short notice): "in 7 minutes", "in 3 hours", "in 1 hour and 20 minutes"
 * under 4 hours; otherwise "today at 4:00 PM EST", "tomorrow at 9:00 AM EST" or "on Monday,
 * January 14, 2030 at 9:00 AM EST", the day counted on the reader's own calendar (`timeZone`).
 * Fits after "is" and after "starts".
 */
export function reminderWhen(startsAt: Date, now: Date, timeZone: string): string {
  const minutes = Math.max(1, Math.round((startsAt.getTime() - now.getTime()) / MINUTE));
  if (minutes < 60) return `in ${plural(minutes, "minute", "minutes")}`;
  if (minutes < RELATIVE_UNDER_MINUTES) {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    return `in ${plural(hours, "hour", "hours")}${rest ? ` and ${plural(rest, "minute", "minutes")}` : ""}`;
  }
  const days = Math.round((localDay(startsAt, timeZone) - localDay(now, timeZone)) / (24 * 60 * MINUTE));
  if (days === 0) return `today at ${clockTime(startsAt, timeZone)}`;
  if (days === 1) return `tomorrow at ${clockTime(startsAt, timeZone)}`;
  return `on ${formatLessonTime(startsAt, timeZone)}`;
}
