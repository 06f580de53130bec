import { z } from "zod";
import { boundedText, isOneLine, isSafeText, lineBreakMessage, unsafeTextMessage } from "../text.schemas";
import { eventRangeQuerySchema } from "./calendar.schemas";

/**
 * A teacher's own calendars read for busy times (issue 46): the private iCalendar address their
 * calendar app gives ("secret address in iCal format" in Google, a public calendar link in Apple,
 * "Publish a calendar" → ICS in Outlook). One schema for the settings form and the route.
 */
export const MAX_CALENDARS_PER_TEACHER = 5;
export const CALENDAR_URL_MAX = 2000;
export const CALENDAR_LABEL_MAX = 60;

export const CALENDAR_URL_MESSAGE = "Paste the calendar's address, starting with https://, http:// or webcal://";
export const CALENDAR_URL_REQUIRED_MESSAGE = "Calendar address is required";
export const CALENDAR_NOT_FOUND_MESSAGE = "Calendar not found";
export const CALENDAR_DUPLICATE_MESSAGE = "That calendar is already added.";
export const TOO_MANY_CALENDARS_MESSAGE = `You can add up to ${MAX_CALENDARS_PER_TEACHER} calendars.`;
/** What a family reads when a time is refused for an imported busy time: never the event's title. */
export const TEACHER_BUSY_MESSAGE = "The teacher is busy at that time. Please choose another time.";

/**
 * What the teacher reads when accepting a request that overlaps a busy time imported after it was
 * sent (issue 46): the times are refused as a new request would be, and the teacher is told where
 * the busy time comes from and what to do. A series names how many of its lessons are affected.
 */
export function acceptBusyMessage(calendarLabels: readonly string[], overlapping: number, lessons: number): string {
  const names = [...new Set(calendarLabels)].map((label) => `"${label}"`).join(" and ");
  const what = lessons === 1 ? "This time is busy" : `${overlapping} of the ${lessons} lessons are at busy times`;
  return `${what} in your calendar ${names}. Decline the request, or free the time in that calendar and refresh it in Settings before accepting.`;
}

/**
 * The address as it will be fetched: webcal:// (what Apple and Outlook hand out) is https by another
 * name, so it is read as https; any other scheme is refused. Credentials in the address are refused
 * too: they would be sent to whoever the address redirects to.
 */
export function normalizeCalendarUrl(input: string): string | null {
  const text = input.trim().replace(/^webcals?:\/\//i, "https://");
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (!url.hostname || url.username || url.password) return null;
  url.hash = "";
  return url.toString();
}

export const calendarUrlSchema = z
  .string({ error: (issue) => (issue.input === undefined ? CALENDAR_URL_REQUIRED_MESSAGE : CALENDAR_URL_MESSAGE) })
  .trim()
  .min(1, CALENDAR_URL_REQUIRED_MESSAGE)
  .max(CALENDAR_URL_MAX, `The address must be at most ${CALENDAR_URL_MAX} characters`)
  .refine(isSafeText, unsafeTextMessage("Calendar address"))
  .refine((value) => normalizeCalendarUrl(value) !== null, CALENDAR_URL_MESSAGE)
  .transform((value) => normalizeCalendarUrl(value)!);

export const busyCalendarInputSchema = z.object({
  url: calendarUrlSchema,
  /** Optional: "School", "Orchestra"; the address's host stands in when blank. */
  label: boundedText("Name", CALENDAR_LABEL_MAX).refine(isOneLine, lineBreakMessage("Name")).optional(),
});
export type BusyCalendarInput = z.input<typeof busyCalendarInputSchema>;
export type BusyCalendarData = z.output<typeof busyCalendarInputSchema>;

/** The teacher's busy times shown in their calendar: the same range rules as the calendar's events. */
export const busyTimesQuerySchema = eventRangeQuerySchema;

/** A calendar as its teacher sees it; the secret address is shown only in part. */
export interface BusyCalendarDTO {
  id: string;
  label: string;
  /** Scheme and host with the secret path elided: "https://calendar.google.com/…". */
  addressHint: string;
  createdAt: string;
  lastSuccessAt: string | null;
  lastAttemptAt: string | null;
  /** The last failure in plain words; null once a fetch succeeds again. */
  lastError: string | null;
  lastErrorAt: string | null;
  /** Busy times stored from the last good answer (kept through failures). */
  busyCount: number;
  /** Server time of the last read (download, expansion, store), in ms; null before the first. */
  lastReadMs: number | null;
  /** A read is due (never read, "Read now", or 15 minutes passed): the jobs runner's next pass makes it. */
  pending: boolean;
}

export interface BusyTimeDTO {
  startsAt: string;
  endsAt: string;
  calendarId: string;
  calendarLabel: string;
}

/** Scheme and host only: the rest of a private address is the key to the calendar. */
export function addressHint(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}/…`;
  } catch {
    return "…";
  }
}
