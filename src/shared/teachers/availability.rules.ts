import { DAY_NAMES, type DayOfWeek } from "./weekly-availability.rules";

/**
 * The application wizard's week. Day numbering (decisions.md section 1): one convention
 * everywhere, 0 = Sunday … 6 = Saturday, as `Date.getDay()`. The wizard lists Monday first and
 * converts through `dayOfWeekAt` only; the other weekly rules live in weekly-availability.rules.ts.
 */

/**
 * The stored day of week (0 = Sunday) of the day shown at `position` in a Monday-first week
 * (position 0 = Monday … 6 = Sunday). The one conversion between display order and storage.
 */
export function dayOfWeekAt(position: number): DayOfWeek {
  if (!Number.isInteger(position) || position < 0 || position > 6) {
    throw new RangeError(`A week has positions 0 to 6, not ${position}`);
  }
  return ((position + 1) % 7) as DayOfWeek;
}

/** The seven days as a Monday-first week shows them, each with its stored number. */
export const MONDAY_FIRST_WEEK: readonly { dayOfWeek: DayOfWeek; name: string }[] = [0, 1, 2, 3, 4, 5, 6].map(
  (position) => {
    const dayOfWeek = dayOfWeekAt(position);
    return { dayOfWeek, name: DAY_NAMES[dayOfWeek] };
  },
);

/** The spec's quick fill: 09:00 to 17:00 on all seven days (spec sections 2 and 9). */
export const QUICK_FILL_WINDOW = { startTime: "09:00", endTime: "17:00" } as const;

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** "HH:mm" (what <input type="time"> gives) or "HH:mm:ss" (the stored form), 24-hour clock. */
export function isTimeOfDay(value: string): boolean {
  return TIME_OF_DAY.test(value);
}

/** The storage form "HH:mm:ss" of a valid time of day (spec section 3). */
export function toStoredTime(value: string): string {
  const match = TIME_OF_DAY.exec(value);
  if (!match) throw new RangeError(`Not a time of day: ${value}`);
  return `${match[1]}:${match[2]}:${match[3] ?? "00"}`;
}
