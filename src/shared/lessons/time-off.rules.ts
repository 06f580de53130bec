import { z } from "zod";
import { addLocalDays, isLocalDate, startOfLocalDay } from "../calendar/calendar-views.rules";
import { boundedText } from "../text.schemas";
import { withoutTaken, type Interval } from "../booking/slots.rules";

export const MAX_BUFFER_MINUTES = 30;
export const BUFFER_MESSAGE = `Buffer must be a whole number of minutes from 0 to ${MAX_BUFFER_MINUTES}`;
export const TIME_OFF_ORDER_MESSAGE = "The last day off must be on or after the first";
export const TIME_OFF_LENGTH_MESSAGE = "Time off can be at most one year long";

export type { Interval };

/** Days off in the teacher's zone, both dates inclusive ("yyyy-MM-dd"). */
export interface TimeOffRange {
  startDate: string;
  endDate: string;
}

function dateSchema(label: string) {
  const message = `${label} must be a date like 2026-12-24`;
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : message) })
    .refine(isLocalDate, message);
}

/** The same month and day a year later; 29 February rolls over to 1 March. */
function oneYearLater(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y + 1, m - 1, d)).toISOString().slice(0, 10);
}

/**
 * A time-off range from the teacher's form and route. At most one year: 2026-01-01 to 2026-12-31
 * is fine, to 2027-01-01 is one day too long.
 */
export const timeOffRangeSchema = z
  .object({
    startDate: dateSchema("First day off"),
    endDate: dateSchema("Last day off"),
    note: boundedText("Note", 200).optional(),
  })
  .superRefine((range, ctx) => {
    if (!isLocalDate(range.startDate) || !isLocalDate(range.endDate)) return;
    if (range.endDate < range.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: TIME_OFF_ORDER_MESSAGE });
    else if (range.endDate >= oneYearLater(range.startDate)) ctx.addIssue({ code: "custom", path: ["endDate"], message: TIME_OFF_LENGTH_MESSAGE });
  });
export type TimeOffRangeInput = z.input<typeof timeOffRangeSchema>;

/** Minutes kept free before and after every booked lesson. */
export const bufferMinutesSchema = z
  .number({ error: BUFFER_MESSAGE })
  .int(BUFFER_MESSAGE)
  .min(0, BUFFER_MESSAGE)
  .max(MAX_BUFFER_MINUTES, BUFFER_MESSAGE)
  .default(0);

/** A range of local days off as instants: [first day's start, the day after the last's start). */
export function timeOffInterval(range: TimeOffRange, timeZone: string): Interval {
  return { startsAt: startOfLocalDay(range.startDate, timeZone), endsAt: startOfLocalDay(addLocalDays(range.endDate, 1), timeZone) };
}

/**
 * What closes a teacher's times besides the weekly hours: each range of days off (converted in the
 * teacher's zone, so a slot running into a day off is closed too) and each booked lesson widened
 * by the buffer on both sides (a slot is closed when [start - buffer, end + buffer) overlaps a
 * lesson). The slots code treats these exactly like taken times.
 */
export function blockedIntervals(blockers: {
  timeOff: readonly TimeOffRange[];
  timeZone: string;
  lessons: readonly Interval[];
  bufferMinutes: number;
}): Interval[] {
  const buffer = blockers.bufferMinutes * 60_000;
  return [
    ...blockers.timeOff.map((range) => timeOffInterval(range, blockers.timeZone)),
    ...(buffer === 0
      ? blockers.lessons
      : blockers.lessons.map((lesson) => ({ startsAt: new Date(lesson.startsAt.getTime() - buffer), endsAt: new Date(lesson.endsAt.getTime() + buffer) }))),
  ];
}

/**
 * Candidate slots left open by the teacher's time off and lesson buffer (see blockedIntervals):
 * one sweep of the sorted slots against the merged blocked spans, O((n + m) log(n + m)) for n
 * slots and m lessons. Keeps the slots' order and objects.
 */
export function filterOpenSlots<T extends Interval>(slots: readonly T[], blockers: Parameters<typeof blockedIntervals>[0]): T[] {
  const blocked = blockedIntervals(blockers);
  if (blocked.length === 0) return [...slots];
  const sorted = [...slots].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const open = new Set(withoutTaken(sorted, blocked));
  return slots.filter((slot) => open.has(slot));
}
