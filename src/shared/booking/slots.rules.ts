import { TZDate } from "@date-fns/tz";
import { addDays, format } from "date-fns";
import type { WeeklyWindow } from "../teachers/weekly-availability.rules";
import { BOOKING_TYPES, type BookingType } from "./booking.constants";

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

function overlaps(a: Interval, b: Interval): boolean {
  return a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}

/**
 * Open slots of one teacher between two instants: every step inside each weekly window (in the
 * teacher's zone) where the whole lesson fits, starting after `now`, not overlapping a taken
 * interval. Results are UTC instants; a lesson that a daylight-saving change would stretch or
 * shrink is left out, so every slot lasts exactly its length.
 */
export function openSlots(input: {
  windows: readonly SlotWindow[];
  teacherTimeZone: string;
  bookingType: BookingType;
  from: Date;
  to: Date;
  now: Date;
  taken: readonly Interval[];
}): Slot[] {
  const length = BOOKING_TYPES[input.bookingType].minutes;
  const step = SLOT_STEP_MINUTES[input.bookingType];
  const slots: Slot[] = [];
  // Walk the teacher's local calendar days that can touch [from, to).
  const first = new TZDate(input.from.getTime() - 24 * 3600_000, input.teacherTimeZone);
  const last = new TZDate(input.to.getTime() + 24 * 3600_000, input.teacherTimeZone);
  for (let day = new TZDate(first.getFullYear(), first.getMonth(), first.getDate(), input.teacherTimeZone); day <= last; day = addDays(day, 1)) {
    const windows = input.windows.filter((w) => w.dayOfWeek === day.getDay());
    for (const window of windows) {
      const end = minutesOf(window.endTime);
      for (let start = minutesOf(window.startTime); start + length <= end; start += step) {
        const startsAt = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(start / 60), start % 60, input.teacherTimeZone);
        const endsAt = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor((start + length) / 60), (start + length) % 60, input.teacherTimeZone);
        // A local time that does not exist (spring forward) is moved by TZDate; skip what no longer matches.
        if (startsAt.getHours() * 60 + startsAt.getMinutes() !== start) continue;
        if (endsAt.getTime() - startsAt.getTime() !== length * 60_000) continue;
        const slot = { startsAt: new Date(startsAt.getTime()), endsAt: new Date(endsAt.getTime()), format: window.format };
        if (slot.startsAt <= input.now || slot.startsAt < input.from || slot.startsAt >= input.to) continue;
        if (input.taken.some((t) => overlaps(t, slot))) continue;
        slots.push(slot);
      }
    }
  }
  slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  // Two windows of one day could produce the same start; keep one.
  return slots.filter((s, i) => i === 0 || s.startsAt.getTime() !== slots[i - 1]!.startsAt.getTime());
}

/** The instants that bound a calendar month ("2026-11") in a zone: [start, start of next month). */
export function monthRange(month: string, timeZone: string): { from: Date; to: Date } {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const from = new TZDate(y, m - 1, 1, timeZone);
  const to = new TZDate(y, m, 1, timeZone);
  return { from: new Date(from.getTime()), to: new Date(to.getTime()) };
}

/** Slots grouped by the viewer's local date ("yyyy-MM-dd"), as the month calendar shows them. */
export function groupByViewerDay<T extends Interval>(slots: readonly T[], viewerTimeZone: string): Record<string, T[]> {
  const days: Record<string, T[]> = {};
  for (const slot of slots) {
    const key = format(new TZDate(slot.startsAt.getTime(), viewerTimeZone), "yyyy-MM-dd");
    (days[key] ??= []).push(slot);
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
