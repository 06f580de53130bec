export const BOOKING_TYPES = {
  intro: { label: "Intro Call", minutes: 15 },
  full: { label: "Full Lesson", minutes: 60 },
} as const;
export type BookingType = keyof typeof BOOKING_TYPES;

/**
 * A slot is `booked` exactly while its booking is pending or accepted; decline, cancel, expiry
 * and reschedule (the old time) release it.
 */
export const SLOT_STATUSES = ["booked", "released"] as const;
/** `expired`: a pending request the teacher did not answer in time (src/shared/lessons/pending-expiry.rules.ts). */
export const BOOKING_STATUSES = ["pending", "accepted", "declined", "cancelled", "expired"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Who cancelled a lesson. */
export const CANCELLED_BY = ["parent", "teacher"] as const;
/** What the teacher recorded after a lesson's start (a cancellation is a status, not attendance). */
export const ATTENDANCE = ["attended", "missed"] as const;
export const BOOKING_FORMATS = ["in_person", "online", "flexible"] as const;
