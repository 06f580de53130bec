import { formatValue, type Tally } from "../../../shared/earnings/earnings.rules";

export const lessonsCount = (count: number) => `${count} ${count === 1 ? "lesson" : "lessons"}`;

/** "$150-210" for a tally's value at the listed rate. */
export const tallyValue = (tally: Tally) => formatValue(tally);

/** "Tue, Mar 3, 10:00 AM" of an instant in the statement's zone. */
export function lessonTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone }).format(
    new Date(iso),
  );
}
