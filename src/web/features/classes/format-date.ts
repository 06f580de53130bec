import { format, parseISO } from "date-fns";

/** A grade's yyyy-MM-dd as "Mar 4, 2026" (a calendar day: no time zone shift). */
export function formatDay(day: string): string {
  return format(parseISO(day), "MMM d, yyyy");
}

/** An instant (upload time) in the viewer's zone. */
export function formatInstant(iso: string): string {
  return format(new Date(iso), "MMM d, yyyy");
}
