/**
 * Pure rules of a teacher's weekly availability. Days are numbered 0 = Sunday … 6 = Saturday
 * everywhere (decisions.md section 1, as `Date.getDay()`); times are "HH:mm" in the teacher's
 * own time zone (decisions.md section 4).
 */

export const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export type DayOfWeek = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export const DAYS_OF_WEEK: readonly DayOfWeek[] = [0, 1, 2, 3, 4, 5, 6];

export const END_AFTER_START_MESSAGE = "End time must be after start time";

export function dayName(day: number): string {
  return DAY_NAMES[day] ?? `Day ${day}`;
}

export function overlapMessage(day: number): string {
  return `This time overlaps another window on ${dayName(day)}.`;
}

/** Minutes since midnight of "HH:mm" or "HH:mm:ss" (PostgreSQL's `time` text form). */
export function minutesOfDay(time: string): number {
  const [hours = "0", minutes = "0"] = time.split(":");
  return Number(hours) * 60 + Number(minutes);
}

/** "HH:mm:ss" (as PostgreSQL returns a `time`) → "HH:mm"; "HH:mm" stays as is. */
export function toHourMinute(time: string): string {
  return time.slice(0, 5);
}

export function endsAfterStart(window: { startTime: string; endTime: string }): boolean {
  return minutesOfDay(window.endTime) > minutesOfDay(window.startTime);
}

/** A weekly window in the teacher's own time zone; day 0 = Sunday (decisions.md). */
export interface WeeklyWindow {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
}

/**
 * Two windows overlap when they are on the same day and share at least one minute. Windows that
 * only touch (09:00-12:00 and 12:00-13:00) do not overlap: a teacher may split a day that way.
 */
export function windowsOverlap(a: WeeklyWindow, b: WeeklyWindow): boolean {
  if (a.dayOfWeek !== b.dayOfWeek) return false;
  return minutesOfDay(a.startTime) < minutesOfDay(b.endTime) && minutesOfDay(b.startTime) < minutesOfDay(a.endTime);
}

/** The first existing window the candidate overlaps, if any. */
export function findOverlap<W extends WeeklyWindow>(candidate: WeeklyWindow, existing: readonly W[]): W | undefined {
  return existing.find((window) => windowsOverlap(candidate, window));
}

/** Windows grouped by day, Sunday first, each day ordered by start time; days without windows left out. */
export function groupByDay<W extends WeeklyWindow>(windows: readonly W[]): { day: DayOfWeek; windows: W[] }[] {
  return DAYS_OF_WEEK.map((day) => ({
    day,
    windows: windows
      .filter((w) => w.dayOfWeek === day)
      .sort((a, b) => minutesOfDay(a.startTime) - minutesOfDay(b.startTime) || minutesOfDay(a.endTime) - minutesOfDay(b.endTime)),
  })).filter((group) => group.windows.length > 0);
}

/** "13:05" → "1:05 PM"; every time on the schedule is shown this one way. */
export function formatTimeOfDay(time: string): string {
  const total = minutesOfDay(time);
  const hours = Math.floor(total / 60) % 24;
  const minutes = total % 60;
  const suffix = hours < 12 ? "AM" : "PM";
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, "0")} ${suffix}`;
}
