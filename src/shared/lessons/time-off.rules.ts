import { z } from "zod";
import { addLocalDays, isLocalDate, startOfLocalDay } from "../calendar/calendar-views.rules";
import { boundedText } from "../text.schemas";

export const MAX_BUFFER_MINUTES = 30;
export const BUFFER_MESSAGE = `Buffer must be a whole number of minutes from 0 to ${MAX_BUFFER_MINUTES}`;
export const TIME_OFF_ORDER_MESSAGE = "The last day off must be on or after the first";
export const TIME_OFF_LENGTH_MESSAGE = "Time off can be at most one year long";

export interface Interval {
  startsAt: Date;
  endsAt: Date;
}

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

/** Sorted, disjoint [start, end) millisecond spans covering all the given spans. */
function merge(spans: [number, number][]): [number, number][] {
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of spans) {
    if (end <= start) continue;
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/**
 * Candidate slots left open by the teacher's time off and lesson buffer. A slot is closed when it
 * overlaps a day off (converted in the teacher's zone, so a slot running into a day off is closed
 * too) or when [start - buffer, end + buffer) overlaps a booked lesson, i.e. the lesson widened by
 * the buffer on both sides. Blocked spans are merged and swept against the sorted slots:
 * O((n + m) log(n + m)) for n slots and m lessons. Keeps the slots' order and objects.
 */
export function filterOpenSlots<T extends Interval>(
  slots: readonly T[],
  blockers: { timeOff: readonly TimeOffRange[]; timeZone: string; lessons: readonly Interval[]; bufferMinutes: number },
): T[] {
  const buffer = blockers.bufferMinutes * 60_000;
  const blocked = merge([
    ...blockers.timeOff.map((range): [number, number] => {
      const interval = timeOffInterval(range, blockers.timeZone);
      return [interval.startsAt.getTime(), interval.endsAt.getTime()];
    }),
    ...blockers.lessons.map((lesson): [number, number] => [lesson.startsAt.getTime() - buffer, lesson.endsAt.getTime() + buffer]),
  ]);
  if (blocked.length === 0) return [...slots];

  const order = slots.map((_, i) => i).sort((a, b) => slots[a]!.startsAt.getTime() - slots[b]!.startsAt.getTime());
  const open = new Array<boolean>(slots.length).fill(true);
  let next = 0;
  for (const i of order) {
    const start = slots[i]!.startsAt.getTime();
    const end = slots[i]!.endsAt.getTime();
    // Spans ending by this start cannot touch it or any later-starting slot.
    while (next < blocked.length && blocked[next]![1] <= start) next++;
    // The spans are disjoint and sorted, so only the first one left can begin before this slot ends.
    if (next < blocked.length && blocked[next]![0] < end) open[i] = false;
  }
  return slots.filter((_, i) => open[i]);
}
