/**
 * Pure rules of student profiles. The edit form shows list fields (learning goals, achievements,
 * strengths, areas for improvement) as text, one item per line (spec section 5).
 */

/** Text → list: one item per line, each trimmed, blank lines dropped. Accepts \n, \r\n and \r. */
export function linesToList(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** List → text for a textarea, one item per line (the inverse of `linesToList` for clean lists). */
export function listToLines(list: readonly string[]): string {
  return list.join("\n");
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The first year a completion date may have; older dates are typing mistakes (and year 0 breaks SQL). */
export const EARLIEST_COMPLETION_YEAR = 1900;

/** `yyyy-MM-dd` that names a day of the calendar (no 2025-02-30), from 1900 on. */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < EARLIEST_COMPLETION_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The most easterly time zone (UTC+14) is the first to start a new day. */
const EARLIEST_ZONE_OFFSET_MS = 14 * 60 * 60 * 1000;

/**
 * The latest completion date that is not in the future for somebody: the calendar date in UTC+14.
 * The server cannot know the parent's zone, so "today" for a parent in Kiribati is still accepted,
 * while tomorrow is refused everywhere on Earth.
 */
export function latestCompletionDate(now: Date): string {
  return new Date(now.getTime() + EARLIEST_ZONE_OFFSET_MS).toISOString().slice(0, 10);
}

/** `yyyy-MM-dd` strings compare like the dates they name. */
export function isFutureCompletionDate(value: string, now: Date): boolean {
  return value > latestCompletionDate(now);
}

/** True when some item appears more than once. */
export function hasDuplicates(list: readonly string[]): boolean {
  return new Set(list).size !== list.length;
}

/** "Mia Rivera", for cards and headings. */
export function studentFullName(student: { firstName: string; lastName: string }): string {
  return `${student.firstName} ${student.lastName}`.trim();
}
