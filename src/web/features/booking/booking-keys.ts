/** ["booking", …] holds what the booking screens read; kept apart from the hooks so any feature can name them without an import cycle. */
export const BOOKING_KEY = ["booking"] as const;
export const slotsKey = (teacherId: string) => [...BOOKING_KEY, "slots", teacherId] as const;
export const MY_BOOKINGS_KEY = [...BOOKING_KEY, "mine"] as const;
export const TEACHER_REQUESTS_KEY = [...BOOKING_KEY, "requests"] as const;
