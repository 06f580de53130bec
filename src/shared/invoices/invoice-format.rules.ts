import { format, parseISO } from "date-fns";

/**
 * How invoices write dates and sentences, the same in the app, its emails and its PDFs (issue 40):
 * a calendar date is "Dec 12, 2026" everywhere, never "2026-12-12" in one place and words in another.
 */

/** "2026-11-03" → "Nov 3, 2026"; a calendar date is read as a local date, so it never shifts a day. */
export function formatDay(date: string): string {
  return format(parseISO(date), "MMM d, yyyy");
}

/** The calendar date of an instant in a time zone ("yyyy-MM-dd"; en-CA writes dates that way). */
export function dayIn(timeZone: string, instant: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

/** A reason someone typed, as a sentence: a full stop added only when it has no closing mark of its own. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]["')\]]?$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
