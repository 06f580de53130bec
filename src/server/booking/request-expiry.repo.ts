import { sql } from "drizzle-orm";
import { PENDING_EXPIRY_HOURS } from "../../shared/lessons/pending-expiry.rules";
import { queryRows, type Executor } from "../db/client";

/**
 * Turns every pending request that isRequestExpired (pending-expiry.rules) into 'expired' and
 * releases its slot, in one statement: 72 h after it was made, or once its start (for a weekly
 * series, the start of the series' first pending lesson) has come. SKIP LOCKED leaves a request
 * that is being accepted or declined right now to that transaction (or the next sweep), so two
 * processes sweeping at once, or a sweep and a teacher's answer, never wait on each other.
 * Returns the expired booking ids.
 */
export async function expireDueRequests(db: Executor, now: Date): Promise<{ id: string; teacherId: string | null; startsAt: Date; endsAt: Date }[]> {
  const at = now.toISOString();
  const cutoff = new Date(now.getTime() - PENDING_EXPIRY_HOURS * 3_600_000).toISOString();
  const rows = await queryRows<{ id: string; teacher_id: string | null; starts_at: string | Date; ends_at: string | Date }>(
    db,
    sql`
      with due as (
        select b.id, b.slot_id
          from bookings b
          join booking_slots s on s.id = b.slot_id
         where b.status = 'pending'
           -- Milliseconds, as the rule sees created_at (PostgreSQL keeps microseconds).
           and (date_trunc('milliseconds', b.created_at) <= ${cutoff}::timestamptz
                or s.starts_at <= ${at}::timestamptz
                or (b.series_id is not null and exists (
                      select 1 from bookings b2 join booking_slots s2 on s2.id = b2.slot_id
                       where b2.series_id = b.series_id and b2.status = 'pending' and s2.starts_at <= ${at}::timestamptz)))
           for update of b skip locked
      ), expired as (
        update bookings set status = 'expired', decided_at = ${at}::timestamptz
          from due where bookings.id = due.id
        returning bookings.id, bookings.slot_id, bookings.teacher_id
      ), released as (
        update booking_slots set status = 'released'
         where id in (select slot_id from expired) and status = 'booked'
        returning id, starts_at, ends_at
      )
      select expired.id, expired.teacher_id, released.starts_at, released.ends_at from expired join released on released.id = expired.slot_id
    `,
  );
  return rows.map((row) => ({ id: row.id, teacherId: row.teacher_id, startsAt: new Date(row.starts_at), endsAt: new Date(row.ends_at) }));
}
