import { and, eq, lt, or, sql, type SQL } from "drizzle-orm";
import { bookings } from "./schema";

/**
 * A lesson that was (or still is) on the teacher's schedule: accepted, or cancelled after it had
 * been accepted. Cancelling a request that was never accepted (a parent withdrawing it) also
 * stores `cancelled`, but decides it at the same instant (decided_at = cancelled_at); such a
 * request was never a lesson, so earnings, billing and the teacher's students leave it out.
 */
export function heldLesson(): SQL {
  return or(eq(bookings.status, "accepted"), and(eq(bookings.status, "cancelled"), lt(bookings.decidedAt, bookings.cancelledAt)))!;
}

/** The same rule for raw SQL that aliases bookings (e.g. `from bookings b`). */
export function heldLessonAs(alias: string): SQL {
  const b = sql.identifier(alias);
  return sql`(${b}.status = 'accepted' or (${b}.status = 'cancelled' and ${b}.decided_at < ${b}.cancelled_at))`;
}
