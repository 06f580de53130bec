import { format, parseISO } from "date-fns";
import { dateTimeFormat } from "../date-time-format";

/**
 * How invoices write dates and sentences, the same in the app, its emails and its PDFs (issue 40):
 * a calendar date is "Dec 12, 2026" everywhere, never "2026-12-12" in one place and words in another.
 */

/** "2026-11-03" → "Nov 3, 2026"; a calendar date is read as a local date, so it never shifts a day. */
export function formatDay(date: string): string {
  return format(parseISO(date), "MMM d, yyyy");
}

/** The calendar date of an instant in a time zone ("yyyy-MM-dd"; en-CA writes dates that way). */
export function dayIn(timeZone: string, instant = new Date()): string {
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

/** A reason someone typed, as a sentence: a full stop added only when it has no closing mark of its own. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]["')\]]?$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** A lesson's time as an invoice line cites it: "Sun, Nov 29, 2026 · 12:00 PM EST", on a given clock. */
export function lessonWhen(instant: Date, timeZone: string): string {
  const date = dateTimeFormat("en-US", { timeZone, weekday: "short", month: "short", day: "numeric", year: "numeric" }).format(instant);
  const time = dateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(instant);
  return `${date} · ${time}`;
}

/**
 * A lesson line on the reader's clock (issue 40): the line was written on the teacher's clock when
 * the invoice was made; a family elsewhere reads the lesson's time on theirs. Only the time the
 * line cites changes; a line that no longer cites it (shortened) stays as written.
 */
export function lineOnReadersClock(description: string, startsAt: Date | null, writtenIn: string, readerZone: string): string {
  if (!startsAt || writtenIn === readerZone) return description;
  try {
    const written = lessonWhen(startsAt, writtenIn);
    return description.includes(written) ? description.replace(written, lessonWhen(startsAt, readerZone)) : description;
  } catch {
    // A zone Intl does not know (a stored value from an older browser): the line as written.
    return description;
  }
}
