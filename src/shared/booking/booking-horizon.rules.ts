/** How far ahead a lesson can be booked; the calendar offers no month past it and the server refuses later times. */
export const BOOKING_HORIZON_MONTHS = 12;
export const BOOKING_HORIZON_MESSAGE = `Lessons can be booked up to ${BOOKING_HORIZON_MONTHS} months ahead.`;
export const MONTH_IN_PAST_MESSAGE = "That month has already passed.";

/** "yyyy-MM" of an instant on the UTC calendar. */
function utcMonth(instant: Date): string {
  return instant.toISOString().slice(0, 7);
}

function addUtcMonths(month: string, months: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return utcMonth(new Date(Date.UTC(y, m - 1 + months, 1)));
}

/** The last instant a lesson may start: the same moment 12 months from now (clamped to month ends by Date). */
export function bookingHorizonEnd(now: Date): Date {
  const end = new Date(now.getTime());
  end.setUTCMonth(end.getUTCMonth() + BOOKING_HORIZON_MONTHS);
  return end;
}

export function isWithinBookingHorizon(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() <= bookingHorizonEnd(now).getTime();
}

/** The last calendar month ("yyyy-MM") that can hold a bookable time. */
export function lastBookableMonth(now: Date): string {
  return utcMonth(bookingHorizonEnd(now));
}

/**
 * Whether a month's open times may be asked for: from the month before the current UTC month (a
 * viewer west of UTC may still be in it) to the horizon's month plus one (a viewer east of UTC may
 * already be in it). Anything else is refused with a message, never computed.
 */
export function monthOutsideBookingRange(month: string, now: Date): string | null {
  if (month < addUtcMonths(utcMonth(now), -1)) return MONTH_IN_PAST_MESSAGE;
  if (month > addUtcMonths(lastBookableMonth(now), 1)) return BOOKING_HORIZON_MESSAGE;
  return null;
}
