import { countOf } from "../../lib/plural";
import { dateTimeFormat } from "../../../shared/date-time-format";

export const lessonsCount = (count: number) => countOf(count, "lesson", "lessons");

/** "Tue, Mar 3, 10:00 AM" of an instant in the statement's zone. */
export function lessonTime(iso: string, timeZone: string): string {
  return dateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone }).format(
    new Date(iso),
  );
}
