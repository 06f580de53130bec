/** A booking request left pending this long after it was made expires (the teacher did not answer). */
export const PENDING_EXPIRY_HOURS = 72;

/**
 * When a pending request stops being answerable: 72 h after it was made, or when the lesson's time
 * comes, whichever is first (accepting a lesson that has already started makes no sense).
 */
export function pendingExpiresAt(createdAt: Date, startsAt: Date): Date {
  return new Date(Math.min(createdAt.getTime() + PENDING_EXPIRY_HOURS * 3_600_000, startsAt.getTime()));
}

/** True from the expiry instant on (exactly 72 h after, or exactly at the start, is expired). */
export function isExpired(createdAt: Date, startsAt: Date, now: Date): boolean {
  return now >= pendingExpiresAt(createdAt, startsAt);
}
