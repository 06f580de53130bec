import type { BookingFormat, BookingType } from "../../shared/booking/booking.constants";
import { BOOKING_HORIZON_MESSAGE, isWithinBookingHorizon } from "../../shared/booking/booking-horizon.rules";
import { formatMovedAwayMessage, movedFormat } from "../../shared/booking/lesson-place.rules";
import { AppError } from "../../shared/errors";
import type { Tx } from "../db/client";
import { checkBookableTimes, unavailableTimesError } from "../booking";

/**
 * The new time of a moved lesson, checked inside the move's transaction (under the teacher's
 * lock, the lesson's own slot left out): weekly hours, days off, buffer, booked lessons, the
 * teacher's lead time and the horizon, as for a new request; in a format that keeps the lesson's own.
 */
export async function assertBookableForMove(
  tx: Tx,
  wanted: { teacherId: string; bookingType: BookingType; format: BookingFormat; startsAt: Date; now: Date; leavingSlotId: string },
): Promise<{ startsAt: Date; endsAt: Date; format: string }> {
  // Before any slot is computed: a time in year 9999 must not make the check span millennia.
  if (!isWithinBookingHorizon(wanted.startsAt, wanted.now)) throw new AppError("validation", BOOKING_HORIZON_MESSAGE);
  const check = await checkBookableTimes(tx, {
    teacherId: wanted.teacherId,
    bookingType: wanted.bookingType,
    startTimes: [wanted.startsAt],
    now: wanted.now,
    exceptSlotIds: [wanted.leavingSlotId],
  });
  if (!check.ok) throw unavailableTimesError(check.unavailable, 1, check.leadHours);
  const slot = check.slots[0]!;
  // A lesson keeps how it takes place (its link or address stays valid); a time without it is refused.
  const format = movedFormat(wanted.bookingType, wanted.format, slot.format);
  if (!format) throw new AppError("conflict", formatMovedAwayMessage(wanted.format), { reason: "format_not_offered" });
  return { startsAt: slot.startsAt, endsAt: slot.endsAt, format };
}
