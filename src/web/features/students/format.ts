import { format, parseISO } from "date-fns";

/** "2024-03-01" → "Mar 1, 2024"; a calendar date is read in local time so it never shifts a day. */
export function formatDate(date: string): string {
  return format(parseISO(date), "MMM d, yyyy");
}

/** Today as yyyy-MM-dd in the browser's zone, the latest date a date input should offer. */
export function todayIsoDate(now = new Date()): string {
  return format(now, "yyyy-MM-dd");
}
