export const BOOKING_TYPES = {
  intro: { label: "Intro Call", minutes: 15 },
  full: { label: "Full Lesson", minutes: 60 },
} as const;
export type BookingType = keyof typeof BOOKING_TYPES;

/** A slot is `booked` exactly while its booking is pending or accepted; decline releases it. */
export const SLOT_STATUSES = ["booked", "released"] as const;
export const BOOKING_STATUSES = ["pending", "accepted", "declined"] as const;
export const BOOKING_FORMATS = ["in_person", "online", "flexible"] as const;
