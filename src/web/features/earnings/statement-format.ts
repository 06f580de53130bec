import { countOf } from "../../lib/plural";

export const lessonsCount = (count: number) => countOf(count, "lesson", "lessons");

/** "Tue, Mar 3, 10:00 AM" of an instant in the statement's zone. */
export function lessonTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone }).format(
    new Date(iso),
  );
}
