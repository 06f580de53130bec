import { sql } from "drizzle-orm";
import type { LiveEventType } from "../../shared/messages/messages.api";
import { queryRows, type Executor } from "../db/client";

/** The PostgreSQL channel live events are announced on; the payload is "<user id>:<event id>". */
export const LIVE_CHANNEL = "live_events";

export interface NewLiveEvent {
  userId: string;
  type: LiveEventType;
  payload: Record<string, unknown>;
}

export interface StoredLiveEvent extends NewLiveEvent {
  id: number;
}

interface Row {
  id: string | number;
  user_id: string;
  type: string;
  payload: Record<string, unknown>;
}

function toStored(row: Row): StoredLiveEvent {
  return { id: Number(row.id), userId: row.user_id, type: row.type as LiveEventType, payload: row.payload };
}

/**
 * Stores the events and, with `notify`, announces each as (user, id) on LIVE_CHANNEL. NOTIFY
 * inside the caller's transaction is delivered at its commit, and never if it rolls back, so no
 * process hears of an event it cannot read.
 */
export async function insertLiveEvents(tx: Executor, events: NewLiveEvent[], notify: boolean): Promise<StoredLiveEvent[]> {
  if (events.length === 0) return [];
  const values = sql.join(
    events.map((e) => sql`(${e.userId}, ${e.type}, ${JSON.stringify(e.payload)}::jsonb)`),
    sql`, `,
  );
  const rows = await queryRows<Row>(
    tx,
    notify
      ? sql`with inserted as (insert into live_events (user_id, type, payload) values ${values} returning id, user_id, type, payload)
            select id, user_id, type, payload, pg_notify(${LIVE_CHANNEL}, user_id || ':' || id) from inserted`
      : sql`insert into live_events (user_id, type, payload) values ${values} returning id, user_id, type, payload`,
  );
  return rows.map(toStored).sort((a, b) => a.id - b.id);
}

export async function findLiveEvents(db: Executor, ids: number[]): Promise<StoredLiveEvent[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<Row>(
    db,
    sql`select id, user_id, type, payload from live_events where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint) order by id`,
  );
  return rows.map(toStored);
}

/** What a reconnecting stream missed: the user's events after `afterId`, oldest first, at most `limit`. */
export async function liveEventsAfter(db: Executor, userId: string, afterId: number, limit: number): Promise<StoredLiveEvent[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select id, user_id, type, payload from live_events
         where user_id = ${userId} and id > ${afterId} order by id limit ${limit}`,
  );
  return rows.map(toStored);
}

/** Of these sessions, the ones still signed in (not revoked, not expired). */
export async function liveSessionIds(db: Executor, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from session where id in (select jsonb_array_elements_text(${JSON.stringify(sessionIds)}::jsonb)) and expires_at > now()`,
  );
  return new Set(rows.map((r) => r.id));
}

/** Removes events older than `before`; a stream away that long reloads instead of replaying. */
export async function deleteLiveEventsBefore(db: Executor, before: Date): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with deleted as (delete from live_events where created_at < ${before.toISOString()}::timestamptz returning 1) select count(*)::int as n from deleted`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The users on either side of these bookings (the teacher's and the parent's), each once. Left
 * joins: a side whose account is gone (its id set null) simply has nobody to tell.
 */
export async function bookingPartyUserIds(db: Executor, bookingIds: readonly string[]): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select tp.user_id from bookings b join teacher_profiles tp on tp.id = b.teacher_id
         where b.id in (select jsonb_array_elements_text(${JSON.stringify(bookingIds)}::jsonb)::uuid)
        union
        select pp.user_id from bookings b join parent_profiles pp on pp.id = b.parent_id
         where b.id in (select jsonb_array_elements_text(${JSON.stringify(bookingIds)}::jsonb)::uuid)`,
  );
  return rows.map((row) => row.user_id);
}
