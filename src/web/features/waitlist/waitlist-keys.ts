/** Every cached view of the waitlist (a family's entries and offers, a teacher's list) sits under this key. */
export const WAITLIST_KEY = ["waitlist"] as const;
