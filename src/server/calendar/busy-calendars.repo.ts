import { and, asc, count, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Interval } from "../../shared/booking/slots.rules";
import { activeAccount } from "../db/account-standing";
import { queryRows, type Executor } from "../db/client";
import { teacherBusyTimes, teacherCalendars, teacherProfiles } from "../db/schema";

/** The job kind that reads one calendar (busy-calendars.jobs.ts). */
export const BUSY_CALENDAR_JOB_KIND = "busy-calendar-fetch";

const calendarColumns = {
  id: teacherCalendars.id,
  url: teacherCalendars.url,
  label: teacherCalendars.label,
  createdAt: teacherCalendars.createdAt,
  lastSuccessAt: teacherCalendars.lastSuccessAt,
  lastAttemptAt: teacherCalendars.lastAttemptAt,
  lastError: teacherCalendars.lastError,
  lastErrorAt: teacherCalendars.lastErrorAt,
  busyCount: teacherCalendars.busyCount,
  nextFetchAt: teacherCalendars.nextFetchAt,
  lastFetchMs: teacherCalendars.lastFetchMs,
};
export type CalendarRow = Awaited<ReturnType<typeof listCalendars>>[number];

export function listCalendars(db: Executor, teacherId: string) {
  return db.select(calendarColumns).from(teacherCalendars).where(eq(teacherCalendars.teacherId, teacherId)).orderBy(asc(teacherCalendars.createdAt), asc(teacherCalendars.id));
}

export async function findCalendar(db: Executor, teacherId: string, calendarId: string): Promise<CalendarRow | null> {
  const [row] = await db
    .select(calendarColumns)
    .from(teacherCalendars)
    .where(and(eq(teacherCalendars.id, calendarId), eq(teacherCalendars.teacherId, teacherId)));
  return row ?? null;
}

export async function countCalendars(db: Executor, teacherId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(teacherCalendars).where(eq(teacherCalendars.teacherId, teacherId));
  return Number(row?.n ?? 0);
}

/** Holds the teacher's row until commit, so two adds at once cannot both pass the count. */
export async function lockTeacherRow(tx: Executor, teacherId: string): Promise<void> {
  await tx.select({ id: teacherProfiles.id }).from(teacherProfiles).where(eq(teacherProfiles.id, teacherId)).for("update");
}

/** The new calendar's id, or null when the teacher already has this address. */
export async function insertCalendar(db: Executor, calendar: { teacherId: string; url: string; label: string }): Promise<string | null> {
  const [row] = await db.insert(teacherCalendars).values(calendar).onConflictDoNothing().returning({ id: teacherCalendars.id });
  return row?.id ?? null;
}

/** Deletes one of the teacher's calendars (its busy times go with it); false when it is not theirs. */
export async function deleteCalendar(db: Executor, teacherId: string, calendarId: string): Promise<boolean> {
  const rows = await db
    .delete(teacherCalendars)
    .where(and(eq(teacherCalendars.id, calendarId), eq(teacherCalendars.teacherId, teacherId)))
    .returning({ id: teacherCalendars.id });
  return rows.length > 0;
}

/** Asks for a read at the jobs runner's next pass; false when the calendar is not the teacher's. */
export async function fetchSoon(db: Executor, teacherId: string, calendarId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(teacherCalendars)
    .set({ nextFetchAt: now })
    .where(and(eq(teacherCalendars.id, calendarId), eq(teacherCalendars.teacherId, teacherId)))
    .returning({ id: teacherCalendars.id });
  return rows.length > 0;
}

/**
 * The sweep: a read job for every calendar whose read is due, at most `limit` a pass, of teachers
 * whose account is active (account-standing.ts: nothing is done for a suspended or deleted side).
 * One job row per calendar, armed again once its last run finished before the calendar fell due
 * (a read pushes `next_fetch_at` 15 minutes on first thing), so the jobs table holds one row per
 * calendar however long it is read, and every process's sweep arms it once. A run still going (or
 * waiting for its retry) is left alone.
 */
export async function scheduleDueFetches(db: Executor, now: Date, limit: number): Promise<void> {
  const at = now.toISOString();
  await db.execute(sql`
    insert into jobs (kind, key, run_at, payload)
    select ${BUSY_CALENDAR_JOB_KIND}, ${BUSY_CALENDAR_JOB_KIND} || ':' || c.id, ${at}::timestamptz,
           json_build_object('calendarId', c.id, 'due', c.next_fetch_at)::jsonb
      from teacher_calendars c
      join teacher_profiles tp on tp.id = c.teacher_id
     where c.next_fetch_at <= ${at}::timestamptz and ${activeAccount(sql`tp.user_id`)}
     order by c.next_fetch_at
     limit ${limit}
    on conflict (key) do update
       set run_at = excluded.run_at, payload = excluded.payload, attempts = 0, locked_until = null, done_at = null, last_error = null
     where jobs.done_at is not null and jobs.done_at < (excluded.payload ->> 'due')::timestamptz`);
}

/** First thing a read does: the next one is 15 minutes on, whatever happens to this one. */
export async function pushNextFetch(db: Executor, calendarId: string, nextFetchAt: Date): Promise<void> {
  await db.update(teacherCalendars).set({ nextFetchAt }).where(eq(teacherCalendars.id, calendarId));
}

/** What a read needs: the address, the last validators and the teacher's zone. */
export async function calendarToFetch(db: Executor, calendarId: string) {
  const [row] = await db
    .select({
      id: teacherCalendars.id,
      teacherId: teacherCalendars.teacherId,
      url: teacherCalendars.url,
      etag: teacherCalendars.etag,
      lastModified: teacherCalendars.lastModified,
      expandedAt: teacherCalendars.expandedAt,
      nextFetchAt: teacherCalendars.nextFetchAt,
      timeZone: teacherProfiles.timeZone,
    })
    .from(teacherCalendars)
    .innerJoin(teacherProfiles, eq(teacherProfiles.id, teacherCalendars.teacherId))
    .where(eq(teacherCalendars.id, calendarId));
  return row ?? null;
}

/**
 * A full answer: the calendar's busy times replaced by the new ones, in one transaction (a
 * reader sees the old set or the new, never none), with its validators.
 */
export async function storeBusyTimes(
  tx: Executor,
  calendar: { id: string; teacherId: string },
  result: { intervals: readonly Interval[]; etag: string | null; lastModified: string | null; now: Date; nextFetchAt: Date; fetchMs: number },
): Promise<void> {
  await tx.delete(teacherBusyTimes).where(eq(teacherBusyTimes.calendarId, calendar.id));
  if (result.intervals.length > 0) {
    // One statement however many: two arrays unnested side by side.
    await tx.execute(sql`
      insert into teacher_busy_times (calendar_id, teacher_id, starts_at, ends_at)
      select ${calendar.id}::uuid, ${calendar.teacherId}::uuid, s, e
        from unnest(${`{${result.intervals.map((i) => `"${i.startsAt.toISOString()}"`).join(",")}}`}::timestamptz[],
                    ${`{${result.intervals.map((i) => `"${i.endsAt.toISOString()}"`).join(",")}}`}::timestamptz[]) as t(s, e)`);
  }
  await tx
    .update(teacherCalendars)
    .set({
      etag: result.etag,
      lastModified: result.lastModified,
      expandedAt: result.now,
      lastSuccessAt: result.now,
      lastAttemptAt: result.now,
      lastError: null,
      lastErrorAt: null,
      lastFetchMs: result.fetchMs,
      busyCount: result.intervals.length,
      nextFetchAt: result.nextFetchAt,
    })
    .where(eq(teacherCalendars.id, calendar.id));
}

/** A 304: the stored busy times stand, and the read counts as a success. */
export async function storeNotModified(db: Executor, calendarId: string, at: { now: Date; nextFetchAt: Date; fetchMs: number }): Promise<void> {
  await db
    .update(teacherCalendars)
    .set({ lastSuccessAt: at.now, lastAttemptAt: at.now, lastError: null, lastErrorAt: null, lastFetchMs: at.fetchMs, nextFetchAt: at.nextFetchAt })
    .where(eq(teacherCalendars.id, calendarId));
}

/** A failed read: the last good busy times stay; the error is kept for the teacher. */
export async function storeFetchFailure(db: Executor, calendarId: string, failure: { message: string; now: Date; nextFetchAt: Date; fetchMs: number }): Promise<void> {
  await db
    .update(teacherCalendars)
    .set({ lastAttemptAt: failure.now, lastError: failure.message, lastErrorAt: failure.now, lastFetchMs: failure.fetchMs, nextFetchAt: failure.nextFetchAt })
    .where(eq(teacherCalendars.id, calendarId));
}

/** The teacher's busy times overlapping [from, to), with their calendar's name, by start. */
export async function busyTimesInRange(db: Executor, teacherId: string, range: { from: Date; to: Date }, limit: number) {
  return queryRows<{ startsAt: Date | string; endsAt: Date | string; calendarId: string; calendarLabel: string }>(
    db,
    sql`select b.starts_at as "startsAt", b.ends_at as "endsAt", b.calendar_id as "calendarId", c.label as "calendarLabel"
          from teacher_busy_times b
          join teacher_calendars c on c.id = b.calendar_id
         where b.teacher_id = ${teacherId}::uuid
           and tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(${range.from.toISOString()}::timestamptz, ${range.to.toISOString()}::timestamptz, '[)')
         order by b.starts_at, b.calendar_id
         limit ${limit}`,
  );
}

/** For tests: a calendar's stored busy times. */
export async function storedBusyTimes(db: Executor, calendarIds: readonly string[]) {
  if (calendarIds.length === 0) return [];
  return db
    .select({ startsAt: teacherBusyTimes.startsAt, endsAt: teacherBusyTimes.endsAt })
    .from(teacherBusyTimes)
    .where(and(inArray(teacherBusyTimes.calendarId, [...calendarIds]), gt(teacherBusyTimes.endsAt, new Date(0)), lt(teacherBusyTimes.startsAt, new Date("9999-01-01"))))
    .orderBy(asc(teacherBusyTimes.startsAt));
}
