import { timeOffInterval, type TimeOffRange } from "../lessons/time-off.rules";
import { isWithinBookingHorizon } from "./booking-horizon.rules";
import { BOOKING_TYPES, type BookingType } from "./booking.constants";
import { isTooSoon } from "./lead-time.rules";
import { openSlots, type Interval, type Slot, type SlotWindow } from "./slots.rules";

/** Why a wanted time cannot be booked; the panel words each one for the parent. */
export const UNAVAILABLE_REASONS = ["past", "beyond_horizon", "too_soon", "outside_hours", "time_off", "busy", "taken", "buffer"] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

export interface UnavailableTime {
  /** ISO instant of the wanted start. */
  startsAt: string;
  reason: UnavailableReason;
}

export type BookableResult = { ok: true; slots: Slot[] } | { ok: false; unavailable: UnavailableTime[] };

export interface TeacherSchedule {
  timeZone: string;
  windows: readonly SlotWindow[];
  timeOff: readonly TimeOffRange[];
  /** Booked (pending or accepted) lessons near the wanted times. */
  booked: readonly Interval[];
  /** Busy times from the teacher's own calendars (issue 46); absent: none. */
  busy?: readonly Interval[];
  bufferMinutes: number;
  /** The teacher's lead time: starts sooner than now + this many hours are refused ("too_soon"). */
  leadHours: number;
}

const overlaps = (a: Interval, b: Interval) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;
const widened = (lesson: Interval, ms: number): Interval => ({
  startsAt: new Date(lesson.startsAt.getTime() - ms),
  endsAt: new Date(lesson.endsAt.getTime() + ms),
});

/**
 * Whether a time comes within the teacher's buffer of any of `lessons` (without overlapping one:
 * that is "taken"). The server refuses such a time, and the booking panel greys out the times
 * this close to one already chosen, so a parent cannot pick two the server will not take together.
 */
export function isWithinBuffer(slot: Interval, lessons: readonly Interval[], bufferMinutes: number): boolean {
  const bufferMs = bufferMinutes * 60_000;
  return bufferMs > 0 && lessons.some((lesson) => overlaps(widened(lesson, bufferMs), slot));
}

/**
 * Whether every wanted start (of one booking type) is a time the teacher can be booked: after
 * `now` plus the teacher's lead time and within the booking horizon, one of the open slots of the
 * weekly hours (right length and step, same local time rules as the calendar), off every day off, clear of the teacher's imported busy times, not overlapping a booked
 * lesson and not within the teacher's buffer of one, nor of another wanted time. Either all the
 * slots (with their window's format), or every refused start with its reason, so a series request
 * can list all the dates it cannot have at once.
 */
export function checkBookable(input: { startTimes: readonly Date[]; bookingType: BookingType; schedule: TeacherSchedule; now: Date }): BookableResult {
  const { schedule, now } = input;
  const lengthMs = BOOKING_TYPES[input.bookingType].minutes * 60_000;
  const starts = [...new Set(input.startTimes.map((t) => t.getTime()))].sort((a, b) => a - b).map((t) => new Date(t));
  const inRange = starts.filter((s) => s > now && isWithinBookingHorizon(s, now));
  const candidates = new Map<number, Slot>();
  if (inRange.length > 0) {
    const from = inRange[0]!;
    const to = new Date(inRange.at(-1)!.getTime() + lengthMs);
    const slots = openSlots({ windows: schedule.windows, teacherTimeZone: schedule.timeZone, bookingType: input.bookingType, from, to, now, taken: [] });
    for (const slot of slots) candidates.set(slot.startsAt.getTime(), slot);
  }
  const daysOff = schedule.timeOff.map((range) => timeOffInterval(range, schedule.timeZone));

  const slots: Slot[] = [];
  const unavailable: UnavailableTime[] = [];
  for (const startsAt of starts) {
    const reason = refusal(startsAt);
    if (reason) unavailable.push({ startsAt: startsAt.toISOString(), reason });
    else slots.push(candidates.get(startsAt.getTime())!);
  }
  return unavailable.length === 0 ? { ok: true, slots } : { ok: false, unavailable };

  function refusal(startsAt: Date): UnavailableReason | null {
    if (startsAt <= now) return "past";
    if (!isWithinBookingHorizon(startsAt, now)) return "beyond_horizon";
    if (isTooSoon(startsAt, now, schedule.leadHours)) return "too_soon";
    const slot = candidates.get(startsAt.getTime());
    if (!slot) return "outside_hours";
    if (daysOff.some((off) => overlaps(off, slot))) return "time_off";
    // The teacher's own calendar says busy: no buffer around it (the buffer is between lessons).
    if (schedule.busy?.some((busy) => overlaps(busy, slot))) return "busy";
    if (schedule.booked.some((lesson) => overlaps(lesson, slot))) return "taken";
    // Earlier wanted times of this request count as lessons too: two picks 10 minutes apart
    // would break a 15-minute buffer just as a booked lesson would.
    if (isWithinBuffer(slot, [...schedule.booked, ...slots], schedule.bufferMinutes)) return "buffer";
    return null;
  }
}
