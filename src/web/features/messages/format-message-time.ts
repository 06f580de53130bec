import { format, isSameDay, isSameYear } from "date-fns";

/** "3:05 PM" today, "Nov 21, 3:05 PM" this year, "Nov 21, 2025, 3:05 PM" before: in the viewer's zone. */
export function formatMessageTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (isSameDay(at, now)) return format(at, "h:mm a");
  if (isSameYear(at, now)) return format(at, "MMM d, h:mm a");
  return format(at, "MMM d, yyyy, h:mm a");
}
