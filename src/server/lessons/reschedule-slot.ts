import { BOOKING_TYPES, type BookingType } from "../../shared/booking/booking.constants";
import { BOOKING_HORIZON_MESSAGE, isWithinBookingHorizon } from "../../shared/booking/booking-horizon.rules";
import { lessonFormat } from "../../shared/booking/booking.rules";
import { SLOT_TAKEN_MESSAGE } from "../../shared/booking/booking.schemas";
import { openSlots, type Slot } from "../../shared/booking/slots.rules";
import { AppError } from "../../shared/errors";
import type { Tx } from "../db/client";
import { listWindows, takenIntervals } from "../booking/booking.repo";
import { teacherTimeZoneOf } from "./lessons.repo";

/**
 * The new time of a moved lesson, checked inside the move's transaction (after the lesson's own
 * slot was released): one of the teacher's open slots of the lesson's length, in a format that
 * keeps the lesson's own. Refused with the booking flow's messages otherwise.
 */
export async function assertBookableForMove(
  tx: Tx,
  wanted: { teacherId: string; bookingType: BookingType; format: string; startsAt: Date; now: Date },
): Promise<Slot> {
  if (!isWithinBookingHorizon(wanted.startsAt, wanted.now)) throw new AppError("validation", BOOKING_HORIZON_MESSAGE);
  const endsAt = new Date(wanted.startsAt.getTime() + BOOKING_TYPES[wanted.bookingType].minutes * 60_000);
  // One after the other: a transaction is one connection.
  const windows = await listWindows(tx, wanted.teacherId);
  const taken = await takenIntervals(tx, wanted.teacherId, wanted.startsAt, endsAt);
  const timeZone = await teacherTimeZoneOf(tx, wanted.teacherId);
  const open = openSlots({ windows, teacherTimeZone: timeZone, bookingType: wanted.bookingType, from: wanted.startsAt, to: endsAt, now: wanted.now, taken });
  const match = open.find((s) => s.startsAt.getTime() === wanted.startsAt.getTime());
  if (!match) throw new AppError("conflict", SLOT_TAKEN_MESSAGE, { reason: "slot_unavailable" });
  const keep = wanted.format === "in_person" || wanted.format === "online" ? wanted.format : undefined;
  const format = lessonFormat(match.format, keep);
  if (!format) throw new AppError("conflict", "The teacher does not offer this lesson's format at that time. Please choose another time.");
  return { ...match, format };
}
