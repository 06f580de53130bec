import { TZDate } from "@date-fns/tz";
import { addDays, format } from "date-fns";
import type { WeeklyWindow } from "../teachers/weekly-availability.rules";
import { BOOKING_TYPES, type BookingType } from "./booking.constants";
import { localDayStart, steadyOffset, timelineOffset, uniqueInstant, zoneTimeline, type ZoneTimeline } from "./slots.rules.zone";

/** A weekly window in the teacher's zone with the lesson format it offers. Times "HH:mm" or "HH:mm:ss". */
export interface SlotWindow extends WeeklyWindow {
  format: string;
}

export interface Interval {
  startsAt: Date;
  endsAt: Date;
}

export interface Slot extends Interval {
  /** The window's format (both, in_person, online): what the lesson may be. */
  format: string;
}

/** Minutes between slot starts: 15 for an intro call, 60 for a full lesson (spec section 5). */
export const SLOT_STEP_MINUTES: Record<BookingType, number> = { intro: 15, full: 60 };

function minutesOf(time: string): number {
  const [h = "0", m = "0"] = time.split(":");
  return Number(h) * 60 + Number(m);
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 3600_000;
/** Farther than any zone's offset (and any change of it) moves a local day from UTC. */
const ZONE_REACH_MS = 27 * 3600_000;

/**
 * One slot the way `TZDate` reads a local time that happens twice or never (a daylight-saving
 * change): the start moved by `TZDate` no longer shows the asked time, or the lesson would not
 * last its length, and the slot is left out. Null when left out.
 */
function slotThroughTZDate(day: number, start: number, length: number, timeZone: string): Interval | null {
  const date = new Date(day);
  const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
  const startsAt = new TZDate(y, m, d, Math.floor(start / 60), start % 60, timeZone);
  const endsAt = new TZDate(y, m, d, Math.floor((start + length) / 60), (start + length) % 60, timeZone);
  if (startsAt.getHours() * 60 + startsAt.getMinutes() !== start) return null;
  if (endsAt.getTime() - startsAt.getTime() !== length * MINUTE_MS) return null;
  return { startsAt: new Date(startsAt.getTime()), endsAt: new Date(endsAt.getTime()) };
}

/** Drops the slots (sorted by start) that overlap a taken interval; keeps the rest in order. */
export function withoutTaken<T extends Interval>(slots: T[], taken: readonly Interval[]): T[] {
  if (taken.length === 0) return slots;
  const spans = mergedSpans(taken);
  let next = 0;
  return slots.filter((slot) => {
    const start = slot.startsAt.getTime();
    // Spans ending by this start cannot touch it or any later-starting slot; the spans are disjoint
    // and sorted, so only the first one left can begin before this slot ends.
    while (next < spans.length && spans[next]![1] <= start) next++;
    return next === spans.length || spans[next]![0] >= slot.endsAt.getTime();
  });
}

/**
 * The taken intervals merged into disjoint spans [start, end) in ms, sorted: one pass over these
 * and the sorted slots then decides each slot, instead of comparing every slot with every booking.
 */
function mergedSpans(taken: readonly Interval[]): [number, number][] {
  const sorted = taken
    .map((t) => [t.startsAt.getTime(), t.endsAt.getTime()] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  const spans: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = spans[spans.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else spans.push([start, end]);
  }
  return spans;
}

/** What a teacher's open slots are made from (openSlots). */
export interface OpenSlotsInput {
  windows: readonly SlotWindow[];
  teacherTimeZone: string;
  bookingType: BookingType;
  from: Date;
  to: Date;
  now: Date;
  /** No slot starts before this (the teacher's lead time, lead-time.rules.ts); slots may start exactly at it. */
  notBefore?: Date;
  taken: readonly Interval[];
}

/**
 * Open slots as plain numbers: each start (ms, ascending, no two alike) and its window's format;
 * every slot lasts `lengthMs`. The month calendar writes its answer from these (slots-json.ts):
 * a month of intro calls is about a thousand slots, and an object and two dates for each were
 * most of what the server's young generation collected under `npm run bench:slots` (issue 46).
 */
export interface SlotTimes {
  starts: number[];
  formats: string[];
  lengthMs: number;
}

/**
 * Open slots of one teacher between two instants: every step inside each weekly window (in the
 * teacher's zone) where the whole lesson fits, starting after `now` (and not before `notBefore`), not overlapping a taken
 * interval. Results are UTC instants; a lesson that a daylight-saving change would stretch or
 * shrink is left out, so every slot lasts exactly its length.
 *
 * The zone's offsets are read once for the whole span (slots.rules.zone.ts): a local time that
 * happens exactly once becomes its instant by subtraction; only the few around a change go
 * through `TZDate`, so the results are the same as building every slot with `TZDate`.
 */
export function openSlots(input: OpenSlotsInput): Slot[] {
  const { starts, formats, lengthMs } = openSlotTimes(input);
  return starts.map((start, i) => ({ startsAt: new Date(start), endsAt: new Date(start + lengthMs), format: formats[i]! }));
}

/** `openSlots` as numbers (SlotTimes): the same slots, in the same order. */
export function openSlotTimes(input: OpenSlotsInput): SlotTimes {
  const length = BOOKING_TYPES[input.bookingType].minutes;
  const step = SLOT_STEP_MINUTES[input.bookingType];
  const from = input.from.getTime();
  const to = input.to.getTime();
  // Slots start after now, not before `notBefore`, and inside [from, to).
  const earliest = Math.max(from, input.now.getTime() + 1, input.notBefore?.getTime() ?? -Infinity);
  const zone = input.teacherTimeZone;
  const timeline = zoneTimeline(zone, from - 3 * DAY_MS, to + 3 * DAY_MS);
  if (!timeline) return openSlotTimesThroughTZDate(input);
  const windowsByDay = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) =>
    input.windows
      .filter((w) => w.dayOfWeek === dayOfWeek)
      .map((w) => ({ start: minutesOf(w.startTime), end: minutesOf(w.endTime), format: w.format })),
  );
  const lengthMs = length * MINUTE_MS;
  const times: SlotTimes = { starts: [], formats: [], lengthMs };
  // The latest wall time of a day any slot reaches (a lesson may end at 24:00).
  const dayReach = Math.max(24 * 60, ...windowsByDay.flat().map((w) => w.end).filter(Number.isFinite)) * MINUTE_MS;
  // The teacher's local calendar days that can touch [from, to), as midnights read as UTC.
  const lastDay = localDayStart(timeline, to + DAY_MS);
  for (let day = localDayStart(timeline, from - DAY_MS); day <= lastDay; day += DAY_MS) {
    // A day whose every slot is surely before `earliest` or after `to` is not built at all.
    if (day + DAY_MS + ZONE_REACH_MS <= earliest || day - ZONE_REACH_MS >= to) continue;
    const windows = windowsByDay[new Date(day).getUTCDay()]!;
    if (windows.length === 0) continue;
    // One offset for the whole day unless a change is near; then each time is looked at alone.
    const dayOffset = steadyOffset(timeline, day, day + dayReach);
    for (const window of windows) {
      for (let start = window.start; start + length <= window.end; start += step) {
        // A start past midnight would be the next day's time, never this window's.
        if (start >= 24 * 60) break;
        const wall = day + start * MINUTE_MS;
        let startsAt: number;
        if (dayOffset !== null) {
          startsAt = wall - dayOffset;
        } else {
          let endsAt: number;
          const uniqueStart = uniqueInstant(timeline, wall);
          const uniqueEnd = uniqueInstant(timeline, wall + lengthMs);
          if (uniqueStart !== null && uniqueEnd !== null) {
            [startsAt, endsAt] = [uniqueStart, uniqueEnd];
          } else {
            const slot = slotThroughTZDate(day, start, length, zone);
            if (!slot) continue;
            [startsAt, endsAt] = [slot.startsAt.getTime(), slot.endsAt.getTime()];
          }
          // A lesson across a change of offset does not last its length.
          if (endsAt - startsAt !== lengthMs) continue;
        }
        if (startsAt < earliest || startsAt >= to) continue;
        times.starts.push(startsAt);
        times.formats.push(window.format);
      }
    }
  }
  return withoutTakenTimes(sortedUniqueTimes(times), input.taken);
}

/** Sorted by start; two windows of one day could produce the same start, keep the first. */
function sortedUniqueTimes(times: SlotTimes): SlotTimes {
  const { starts, formats } = times;
  let ordered = true;
  for (let i = 1; i < starts.length && ordered; i++) ordered = starts[i - 1]! < starts[i]!;
  if (ordered) return times;
  // A stable sort of the positions keeps, of two equal starts, the one built first.
  const order = starts.map((_, i) => i).sort((a, b) => starts[a]! - starts[b]!);
  const sorted: SlotTimes = { starts: [], formats: [], lengthMs: times.lengthMs };
  for (const i of order) {
    if (sorted.starts.length > 0 && sorted.starts[sorted.starts.length - 1] === starts[i]) continue;
    sorted.starts.push(starts[i]!);
    sorted.formats.push(formats[i]!);
  }
  return sorted;
}

/** `withoutTaken` for SlotTimes: drops, in place, the slots that overlap a taken interval. */
function withoutTakenTimes(times: SlotTimes, taken: readonly Interval[]): SlotTimes {
  if (taken.length === 0) return times;
  const spans = mergedSpans(taken);
  const { starts, formats, lengthMs } = times;
  let next = 0;
  let kept = 0;
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i]!;
    while (next < spans.length && spans[next]![1] <= start) next++;
    if (next < spans.length && spans[next]![0] < start + lengthMs) continue;
    starts[kept] = start;
    formats[kept] = formats[i]!;
    kept++;
  }
  starts.length = kept;
  formats.length = kept;
  return times;
}

/** Every slot through `TZDate`: for a zone the timeline cannot hold (unknown, or offsets in seconds). */
function openSlotTimesThroughTZDate(input: OpenSlotsInput): SlotTimes {
  const length = BOOKING_TYPES[input.bookingType].minutes;
  const step = SLOT_STEP_MINUTES[input.bookingType];
  const times: SlotTimes = { starts: [], formats: [], lengthMs: length * MINUTE_MS };
  const first = new TZDate(input.from.getTime() - DAY_MS, input.teacherTimeZone);
  const last = new TZDate(input.to.getTime() + DAY_MS, input.teacherTimeZone);
  for (let day = new TZDate(first.getFullYear(), first.getMonth(), first.getDate(), input.teacherTimeZone); day <= last; day = addDays(day, 1)) {
    const midnight = Date.UTC(day.getFullYear(), day.getMonth(), day.getDate());
    for (const window of input.windows.filter((w) => w.dayOfWeek === day.getDay())) {
      const end = minutesOf(window.endTime);
      for (let start = minutesOf(window.startTime); start + length <= end; start += step) {
        const slot = slotThroughTZDate(midnight, start, length, input.teacherTimeZone);
        if (!slot || slot.startsAt <= input.now || slot.startsAt < input.from || slot.startsAt >= input.to) continue;
        if (input.notBefore && slot.startsAt < input.notBefore) continue;
        times.starts.push(slot.startsAt.getTime());
        times.formats.push(window.format);
      }
    }
  }
  return withoutTakenTimes(sortedUniqueTimes(times), input.taken);
}

/** The instant a local wall time (ms read as UTC) shows in a zone, through `TZDate` when it is not unique. */
function wallToInstant(timeline: ZoneTimeline | null, wall: number, timeZone: string): number {
  const unique = timeline ? uniqueInstant(timeline, wall) : null;
  if (unique !== null) return unique;
  const date = new Date(wall);
  return new TZDate(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), timeZone).getTime();
}

/** The instants that bound a calendar month ("2026-11") in a zone: [start, start of next month). */
export function monthRange(month: string, timeZone: string): { from: Date; to: Date } {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const start = Date.UTC(y, m - 1, 1);
  const end = Date.UTC(y, m, 1);
  const timeline = zoneTimeline(timeZone, start - DAY_MS, end + DAY_MS);
  return { from: new Date(wallToInstant(timeline, start, timeZone)), to: new Date(wallToInstant(timeline, end, timeZone)) };
}

/** Days (since 1970) of the years "yyyy" writes with four digits, as date-fns does. */
const FIRST_KEY_DAY = Date.UTC(1000, 0, 1) / DAY_MS;
const LAST_KEY_DAY = Date.UTC(10000, 0, 1) / DAY_MS - 1;

/** Slots grouped by the viewer's local date ("yyyy-MM-dd"), as the month calendar shows them. */
export function groupByViewerDay<T extends Interval>(slots: readonly T[], viewerTimeZone: string): Record<string, T[]> {
  const days: Record<string, T[]> = {};
  for (const [key, positions] of viewerDayPositions(
    slots.map((slot) => slot.startsAt.getTime()),
    viewerTimeZone,
  )) {
    days[key] = positions.map((i) => slots[i]!);
  }
  return days;
}

/**
 * `groupByViewerDay` for plain starts (ms): each of the viewer's local dates ("yyyy-MM-dd"), in
 * the order first met, with the positions of the starts that fall on it.
 */
export function viewerDayPositions(starts: readonly number[], viewerTimeZone: string): Map<string, number[]> {
  const days = new Map<string, number[]>();
  if (starts.length === 0) return days;
  let first = Infinity;
  let last = -Infinity;
  for (const start of starts) {
    first = Math.min(first, start);
    last = Math.max(last, start);
  }
  const timeline = zoneTimeline(viewerTimeZone, first, last);
  // One key per local day, not one date formatting per slot.
  let keyDay = NaN;
  let positions: number[] = [];
  for (let i = 0; i < starts.length; i++) {
    const time = starts[i]!;
    const day = timeline ? Math.floor((time + timelineOffset(timeline, time)) / DAY_MS) : NaN;
    if (day !== keyDay || Number.isNaN(day)) {
      keyDay = day;
      const key =
        day >= FIRST_KEY_DAY && day <= LAST_KEY_DAY
          ? new Date(day * DAY_MS).toISOString().slice(0, 10)
          : format(new TZDate(time, viewerTimeZone), "yyyy-MM-dd");
      positions = days.get(key) ?? [];
      days.set(key, positions);
    }
    positions.push(i);
  }
  return days;
}

/** Whether a requested start is one of the open slots (same instant). */
export function isOpenSlot(slots: readonly Interval[], startsAt: Date): boolean {
  return slots.some((s) => s.startsAt.getTime() === startsAt.getTime());
}

/** True when any two of the requested intervals overlap each other. */
export function anyOverlap(intervals: readonly Interval[]): boolean {
  const sorted = [...intervals].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return sorted.some((s, i) => i > 0 && sorted[i - 1]!.endsAt > s.startsAt);
}
