import type { BookingType } from "../../src/shared/booking/booking.constants";
import { eq } from "drizzle-orm";
import { lessonEventTitle } from "../../src/shared/booking/booking.rules";
import { bookings, bookingSlots, calendarEvents, studentProfiles, teacherProfiles } from "../../src/server/db/schema";
import type { Deps } from "../../src/server/deps";

export type BookingStatus = "pending" | "accepted" | "declined";

// A distinct hour for every booking this module makes, so two bookings of one teacher never
// overlap (booking_slots_no_overlap) unless a test asks for a time on purpose.
let nextHour = 0;
const FIRST_DEFAULT_START = Date.parse("2024-01-01T15:00:00Z");

/**
 * A booking as the booking flow leaves it, written straight to the tables: a slot of the teacher
 * and a booking of the parent's student. A pending or accepted booking holds its slot (`booked`);
 * a declined one has released it. `decided_at` is set exactly when the status is not pending
 * (bookings_decided_check). An accepted booking has its lesson event in the calendar, owned by
 * the teacher, as accepting leaves it.
 */
export async function createBooking(
  deps: Pick<Deps, "db">,
  options: {
    teacherId: string;
    parentId: string;
    studentId: string;
    status?: BookingStatus;
    startsAt?: Date;
    bookingType?: BookingType;
    /**
     * The price agreed at acceptance (issue 28). An accepted booking gets, unless a test says
     * otherwise, what accepting without a price stores: the low end of the teacher's range for a
     * full lesson, 0 for an intro call. `null` leaves it without a price.
     */
    priceCents?: number | null;
    priceEstimated?: boolean;
  },
): Promise<{ bookingId: string; slotId: string }> {
  const status = options.status ?? "accepted";
  const bookingType = options.bookingType ?? "full";
  const startsAt = options.startsAt ?? new Date(FIRST_DEFAULT_START + nextHour++ * 3600_000);
  const endsAt = new Date(startsAt.getTime() + (bookingType === "intro" ? 15 : 60) * 60_000);
  const [slot] = await deps.db
    .insert(bookingSlots)
    .values({
      teacherId: options.teacherId,
      startsAt,
      endsAt,
      format: "online",
      status: status === "declined" ? "released" : "booked",
    })
    .returning({ id: bookingSlots.id });
  const [rates] = await deps.db.select({ hourlyRateMin: teacherProfiles.hourlyRateMin }).from(teacherProfiles).where(eq(teacherProfiles.id, options.teacherId));
  const defaultPrice = status === "accepted" ? (bookingType === "intro" ? 0 : rates!.hourlyRateMin * 100) : null;
  const [booking] = await deps.db
    .insert(bookings)
    .values({
      slotId: slot!.id,
      teacherId: options.teacherId,
      studentId: options.studentId,
      parentId: options.parentId,
      bookingType,
      format: "online",
      status,
      decidedAt: status === "pending" ? null : new Date(startsAt.getTime() - 24 * 3600_000),
      priceCents: options.priceCents === undefined ? defaultPrice : options.priceCents,
      priceEstimated: options.priceEstimated ?? false,
    })
    .returning({ id: bookings.id });
  if (status === "accepted") {
    const [teacher] = await deps.db
      .select({ userId: teacherProfiles.userId })
      .from(teacherProfiles)
      .where(eq(teacherProfiles.id, options.teacherId));
    const [student] = await deps.db
      .select({ firstName: studentProfiles.firstName })
      .from(studentProfiles)
      .where(eq(studentProfiles.id, options.studentId));
    await deps.db.insert(calendarEvents).values({
      ownerUserId: teacher!.userId,
      teacherId: options.teacherId,
      studentId: options.studentId,
      bookingId: booking!.id,
      title: lessonEventTitle(bookingType, student!.firstName),
      eventType: "lesson",
      startsAt,
      endsAt,
    });
  }
  return { bookingId: booking!.id, slotId: slot!.id };
}
