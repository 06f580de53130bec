import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";

export const REMINDER_KIND = "lesson-reminder";

/**
 * Schedules the two reminders (parent, teacher) of every accepted lesson starting in
 * (now, now + horizon], in one statement: each is due 24 h before the start (now, for a lesson
 * accepted later than that). The key holds the start instant (as JavaScript's toISOString writes
 * it), so a moved lesson gets new reminders and the old ones find the lesson gone from their time;
 * ON CONFLICT makes every pass of every process store each reminder once.
 */
export async function scheduleDueReminders(db: Executor, now: Date, horizonMs: number, leadMs: number): Promise<void> {
  const from = now.toISOString();
  const to = new Date(now.getTime() + horizonMs).toISOString();
  await db.execute(sql`
    insert into jobs (kind, key, payload, run_at)
    select ${REMINDER_KIND},
           'reminder:' || b.id || ':' || iso || ':' || r.role,
           jsonb_build_object('bookingId', b.id, 'startsAt', iso, 'role', r.role),
           greatest(s.starts_at - ${`${leadMs} milliseconds`}::interval, ${from}::timestamptz)
      from bookings b
      join booking_slots s on s.id = b.slot_id
      cross join lateral (select to_char(s.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as iso) i
      cross join (values ('parent'), ('teacher')) as r(role)
     where b.status = 'accepted'
       and s.starts_at > ${from}::timestamptz and s.starts_at <= ${to}::timestamptz
    on conflict (key) do nothing
  `);
}

