import type { JobKind, Sweep } from "../jobs";
import { BUSY_CALENDAR_JOB_KIND, scheduleDueFetches } from "./busy-calendars.repo";
import { readBusyCalendar } from "./busy-calendars.service";

/** Calendars whose read is due get a job, this many a pass at most (the runner takes 5 a claim). */
const DUE_PER_PASS = 200;

/** Every pass: a read job for each teacher calendar due (every 15 minutes, or asked for now). */
export const busyCalendarSweep: Sweep = {
  name: "busy-calendar-reads",
  run: ({ deps, now }) => scheduleDueFetches(deps.db, now, DUE_PER_PASS),
};

/**
 * Reads one calendar. Safe to run again: a calendar deleted meanwhile is skipped, and a read
 * stores the whole answer or nothing. A calendar's own failures are stored for the teacher and
 * the job completes (the next read is in 15 minutes); the runner retries only on database errors.
 */
export const busyCalendarJob: JobKind = {
  kind: BUSY_CALENDAR_JOB_KIND,
  maxAttempts: 3,
  async handle(job, { deps, now }) {
    const calendarId = (job.payload as { calendarId?: unknown }).calendarId;
    if (typeof calendarId !== "string") return;
    await readBusyCalendar(deps, calendarId, now);
  },
};
