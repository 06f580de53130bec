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
/**
 * How a lesson takes place (issue 26): a full lesson in person or online, an intro call online or
 * by phone. `flexible` is only on requests made before the format was asked (migration 0012).
 */
export const BOOKING_FORMATS = ["in_person", "online", "phone", "flexible"] as const;
export type BookingFormat = (typeof BOOKING_FORMATS)[number];
/** The formats a parent chooses from; `flexible` is never chosen. */
export const CHOSEN_FORMATS = ["in_person", "online", "phone"] as const;
export type ChosenFormat = (typeof CHOSEN_FORMATS)[number];
/** Where a teacher gives in-person lessons: their studio, or the family's home (they travel). */
export const IN_PERSON_PLACES = ["studio", "family_home"] as const;
export type InPersonPlace = (typeof IN_PERSON_PLACES)[number];
/** How soon before a start a teacher takes requests (issue 26): 0-72 hours, 12 by default. */
export const LEAD_HOURS = { min: 0, max: 72, default: 12 } as const;
/** Longest reason a teacher gives for a decline or a cancel. */
export const REASON_MAX = 500;
/** Longest meeting link and address. */
export const MEETING_URL_MAX = 500;
export const ADDRESS_MAX = 300;
