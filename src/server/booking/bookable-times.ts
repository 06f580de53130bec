import { checkBookable, type BookableResult, type UnavailableReason, type UnavailableTime } from "../../shared/booking/bookable.rules";
import { BOOKING_HORIZON_MESSAGE } from "../../shared/booking/booking-horizon.rules";
import { BOOKING_TYPES, type BookingType } from "../../shared/booking/booking.constants";
import { tooSoonMessage } from "../../shared/booking/lead-time.rules";
import {
  BUFFER_CONFLICT_MESSAGE,
  PAST_TIME_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  someUnavailableMessage,
  TIME_OFF_MESSAGE,
  type UnavailableDetails,
} from "../../shared/booking/booking.schemas";
import { TEACHER_BUSY_MESSAGE } from "../../shared/calendar/busy-calendars.schemas";
import { AppError } from "../../shared/errors";
import type { Executor } from "../db/client";
import { lockTeacherSchedule, slotSources } from "./booking.repo";

export { lockTeacherSchedule };
export type { BookableResult };

/** The check's answer, with the teacher's lead time (the refusal of a time too soon names it). */
export type BookableTimes = BookableResult & { leadHours: number };

/**
 * Whether a teacher can be booked at every one of `startTimes` (lessons of `bookingType`): inside
 * the weekly hours, off every day off, clear of the busy times of their own calendars (issue 46) and of every booked lesson by the teacher's buffer, after
 * `now` plus the teacher's lead time and within the booking horizon. The one check behind a new request, a weekly series and a
 * reschedule.
 *
 * Run it inside the transaction that then stores the times, AFTER `lockTeacherSchedule(tx,
 * teacherId)`: every change of a teacher's booked times takes that lock first, so nothing can take
 * a time between this check and the insert (the exclusion constraint stays the last word for
 * overlaps; the buffer and time off rely on the lock). `exceptSlotIds` are booked slots to ignore,
 * e.g. the slot a rescheduled lesson is leaving.
 */
export async function checkBookableTimes(
  tx: Executor,
  input: { teacherId: string; bookingType: BookingType; startTimes: readonly Date[]; now: Date; exceptSlotIds?: readonly string[] },
): Promise<BookableTimes> {
  if (input.startTimes.length === 0) return { ok: true, slots: [], leadHours: 0 };
  const times = input.startTimes.map((t) => t.getTime());
  const from = new Date(Math.min(...times));
  const to = new Date(Math.max(...times) + BOOKING_TYPES[input.bookingType].minutes * 60_000);
  const sources = await slotSources(tx, input.teacherId, from, to, input.exceptSlotIds ?? []);
  if (!sources) throw new AppError("not_found", "Teacher not found");
  const result = checkBookable({
    startTimes: input.startTimes,
    bookingType: input.bookingType,
    now: input.now,
    schedule: {
      timeZone: sources.timeZone,
      windows: sources.windows,
      timeOff: sources.timeOff,
      booked: sources.taken,
      busy: sources.busy,
      bufferMinutes: sources.bufferMinutes,
      leadHours: sources.leadHours,
    },
  });
  return { ...result, leadHours: sources.leadHours };
}

/**
 * The refusal of a request whose times cannot all be booked: a 409 naming every such time and why
 * in `details.unavailable` (the panel lists them and offers to skip them). One wanted time keeps
 * the plain message of its reason; a time in the past or past the horizon is the client's mistake (400).
 * A time inside the teacher's lead time (`leadHours`) is a 409 naming the lead time: the calendar
 * offered it only while it was far enough ahead.
 */
export function unavailableTimesError(unavailable: readonly UnavailableTime[], wantedCount: number, leadHours: number): AppError {
  const tooSoon = unavailable.some((u) => u.reason === "too_soon");
  const details: UnavailableDetails = { unavailable: [...unavailable], ...(tooSoon ? { leadHours } : {}) };
  const first = unavailable[0]!;
  if (wantedCount === 1 && first.reason === "past") return new AppError("validation", PAST_TIME_MESSAGE, { details });
  if (wantedCount === 1 && first.reason === "beyond_horizon") return new AppError("validation", BOOKING_HORIZON_MESSAGE, { details });
  const single = first.reason === "too_soon" ? tooSoonMessage(leadHours) : SINGLE_TIME_MESSAGES[first.reason];
  const message = wantedCount === 1 ? single : someUnavailableMessage(unavailable.length, wantedCount);
  return new AppError("conflict", message, { reason: "times_unavailable", details });
}

const SINGLE_TIME_MESSAGES: Record<Exclude<UnavailableReason, "too_soon">, string> = {
  past: PAST_TIME_MESSAGE,
  beyond_horizon: BOOKING_HORIZON_MESSAGE,
  outside_hours: SLOT_TAKEN_MESSAGE,
  taken: SLOT_TAKEN_MESSAGE,
  time_off: TIME_OFF_MESSAGE,
  busy: TEACHER_BUSY_MESSAGE,
  buffer: BUFFER_CONFLICT_MESSAGE,
};
