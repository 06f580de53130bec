import { bookingHorizonEnd } from "../../shared/booking/booking-horizon.rules";
import {
  addressHint,
  CALENDAR_DUPLICATE_MESSAGE,
  CALENDAR_NOT_FOUND_MESSAGE,
  MAX_CALENDARS_PER_TEACHER,
  TOO_MANY_CALENDARS_MESSAGE,
  type BusyCalendarData,
  type BusyCalendarDTO,
  type BusyTimeDTO,
} from "../../shared/calendar/busy-calendars.schemas";
import { BUSY_FETCH_EVERY_MINUTES, busyWindow } from "../../shared/calendar/busy-times.rules";
import type { EventRangeQuery } from "../../shared/calendar/calendar.schemas";
import { AppError } from "../../shared/errors";
import type { Interval } from "../../shared/booking/slots.rules";
import type { Executor } from "../db/client";
import type { Deps } from "../deps";
import * as repo from "./busy-calendars.repo";
import { CalendarFetchError, fetchCalendar } from "./calendar-fetch";
import { busyIntervalsOf, CalendarReadError } from "./ical-busy";

/** A month of the teacher's calendar holds far fewer; a runaway calendar is cut here. */
const MAX_BUSY_PER_READ = 2000;
/** A calendar is read in full (no conditional request) at least this often, so the horizon moves on. */
const FULL_READ_EVERY_MS = 24 * 3_600_000;
/** Reading and expanding one calendar stops here: the jobs runner has other work. */
const EXPANSION_BUDGET_MS = 5_000;

function toDTO(row: repo.CalendarRow, now = new Date()): BusyCalendarDTO {
  return {
    id: row.id,
    label: row.label,
    addressHint: addressHint(row.url),
    createdAt: row.createdAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    lastError: row.lastError,
    lastErrorAt: row.lastErrorAt?.toISOString() ?? null,
    busyCount: row.busyCount,
    lastReadMs: row.lastFetchMs,
    pending: row.lastAttemptAt === null || row.nextFetchAt <= now,
  };
}

/** "Google Calendar", "iCloud", "Outlook", else the address's host: a name when the teacher gives none. */
export function defaultLabel(url: string): string {
  const host = new URL(url).hostname.toLowerCase();
  if (/(^|\.)google\.com$/.test(host)) return "Google Calendar";
  if (/(^|\.)icloud\.com$/.test(host)) return "iCloud";
  if (/(^|\.)(outlook\.com|office365\.com|office\.com|live\.com)$/.test(host)) return "Outlook";
  return host;
}

export async function listBusyCalendars(deps: Pick<Deps, "db">, teacherId: string): Promise<BusyCalendarDTO[]> {
  const now = new Date();
  return (await repo.listCalendars(deps.db, teacherId)).map((row) => toDTO(row, now));
}

/**
 * Adds a calendar; the jobs runner reads it at its next pass (a read can take seconds: never in the
 * request). At most MAX_CALENDARS_PER_TEACHER, each address once per teacher.
 */
export async function addBusyCalendar(deps: Pick<Deps, "db">, teacherId: string, input: BusyCalendarData): Promise<BusyCalendarDTO> {
  const id = await deps.db.transaction(async (tx) => {
    await repo.lockTeacherRow(tx, teacherId);
    if ((await repo.countCalendars(tx, teacherId)) >= MAX_CALENDARS_PER_TEACHER) {
      throw new AppError("conflict", TOO_MANY_CALENDARS_MESSAGE, { reason: "too_many_calendars" });
    }
    const inserted = await repo.insertCalendar(tx, { teacherId, url: input.url, label: input.label || defaultLabel(input.url) });
    if (!inserted) throw new AppError("conflict", CALENDAR_DUPLICATE_MESSAGE, { reason: "duplicate_calendar", fields: { url: CALENDAR_DUPLICATE_MESSAGE } });
    return inserted;
  });
  return toDTO((await repo.findCalendar(deps.db, teacherId, id))!);
}

export async function removeBusyCalendar(deps: Pick<Deps, "db">, teacherId: string, calendarId: string): Promise<void> {
  if (!(await repo.deleteCalendar(deps.db, teacherId, calendarId))) throw new AppError("not_found", CALENDAR_NOT_FOUND_MESSAGE);
}

/** "Read it now": at the jobs runner's next pass. */
export async function refreshBusyCalendar(deps: Pick<Deps, "db">, teacherId: string, calendarId: string, now = new Date()): Promise<BusyCalendarDTO> {
  if (!(await repo.fetchSoon(deps.db, teacherId, calendarId, now))) throw new AppError("not_found", CALENDAR_NOT_FOUND_MESSAGE);
  return toDTO((await repo.findCalendar(deps.db, teacherId, calendarId))!);
}

/** The teacher's imported busy times in a range of their calendar (never anyone else's). */
export async function busyTimes(deps: Pick<Deps, "db">, teacherId: string, range: EventRangeQuery): Promise<BusyTimeDTO[]> {
  const rows = await repo.busyTimesInRange(deps.db, teacherId, range, MAX_BUSY_PER_READ);
  return rows.map((row) => ({
    startsAt: new Date(row.startsAt).toISOString(),
    endsAt: new Date(row.endsAt).toISOString(),
    calendarId: row.calendarId,
    calendarLabel: row.calendarLabel,
  }));
}

/** Most busy times one check reads: a year of a busy teacher's calendars is about 2,700 (merged). */
const OVERLAP_READ_LIMIT = 10_000;

/**
 * The teacher's imported busy times that overlap any of `intervals`, with their calendar's name:
 * what refuses the acceptance of a request that was waiting before the busy time was imported.
 * Run inside the transaction that holds the teacher's schedule lock.
 */
export async function busyTimesOverlapping(db: Executor, teacherId: string, intervals: readonly Interval[]): Promise<{ startsAt: Date; endsAt: Date; calendarLabel: string }[]> {
  if (intervals.length === 0) return [];
  const from = new Date(Math.min(...intervals.map((i) => i.startsAt.getTime())));
  const to = new Date(Math.max(...intervals.map((i) => i.endsAt.getTime())));
  const rows = await repo.busyTimesInRange(db, teacherId, { from, to }, OVERLAP_READ_LIMIT);
  return rows
    .map((row) => ({ startsAt: new Date(row.startsAt), endsAt: new Date(row.endsAt), calendarLabel: row.calendarLabel }))
    .filter((busy) => intervals.some((i) => busy.startsAt < i.endsAt && busy.endsAt > i.startsAt));
}

export type FetchOutcome = { outcome: "stored"; busy: number; fetchMs: number } | { outcome: "not_modified"; fetchMs: number } | { outcome: "failed"; error: string; fetchMs: number } | { outcome: "gone" };

/**
 * One read of one calendar (the job): download (conditional unless a full read is due), expand
 * over the booking horizon, store. A failure of the address or of its content is kept for the
 * teacher in plain words and the last good busy times stay; only the database's own failures
 * throw (the jobs runner retries those).
 */
export async function readBusyCalendar(deps: Pick<Deps, "db" | "env" | "logger">, calendarId: string, now: Date): Promise<FetchOutcome> {
  const calendar = await repo.calendarToFetch(deps.db, calendarId);
  if (!calendar) return { outcome: "gone" };
  const began = performance.now();
  const nextFetchAt = new Date(now.getTime() + BUSY_FETCH_EVERY_MINUTES * 60_000);
  const fullRead = !calendar.expandedAt || now.getTime() - calendar.expandedAt.getTime() >= FULL_READ_EVERY_MS;
  // Before anything can fail: a read that dies midway is tried again in 15 minutes, never left due.
  await repo.pushNextFetch(deps.db, calendar.id, nextFetchAt);
  const elapsed = () => Math.round(performance.now() - began);
  try {
    const answer = await fetchCalendar(calendar.url, {
      allowPrivate: deps.env.CALENDAR_FETCH_ALLOW_PRIVATE,
      etag: fullRead ? null : calendar.etag,
      lastModified: fullRead ? null : calendar.lastModified,
    });
    if (answer.kind === "not_modified") {
      const fetchMs = elapsed();
      await repo.storeNotModified(deps.db, calendar.id, { now, nextFetchAt, fetchMs });
      return { outcome: "not_modified", fetchMs };
    }
    const window = busyWindow(now, bookingHorizonEnd(now));
    const { intervals, events, leftOut } = busyIntervalsOf(answer.text, {
      ...window,
      fallbackTimeZone: calendar.timeZone,
      deadline: Date.now() + EXPANSION_BUDGET_MS,
    });
    await deps.db.transaction(async (tx) => {
      await repo.storeBusyTimes(tx, calendar, { intervals, etag: answer.etag, lastModified: answer.lastModified, now, nextFetchAt, fetchMs: elapsed() });
    });
    const fetchMs = elapsed();
    deps.logger.info({ calendarId, events, busy: intervals.length, leftOut, bytes: answer.bytes, fetchMs }, "teacher calendar read");
    return { outcome: "stored", busy: intervals.length, fetchMs };
  } catch (error) {
    if (!(error instanceof CalendarFetchError) && !(error instanceof CalendarReadError)) throw error;
    const fetchMs = elapsed();
    await repo.storeFetchFailure(deps.db, calendar.id, { message: error.message, now, nextFetchAt, fetchMs });
    deps.logger.info({ calendarId, error: error.message, fetchMs }, "teacher calendar read failed");
    return { outcome: "failed", error: error.message, fetchMs };
  }
}
