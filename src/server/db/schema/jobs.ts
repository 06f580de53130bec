import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, id, instant } from "./columns";

/**
 * Database-backed jobs (src/server/jobs): reminders, unread-message emails, request expiry. A
 * job's `key` is unique, so scheduling the same thing twice (from two processes, or again after a
 * restart) stores it once; a worker claims due rows with FOR UPDATE SKIP LOCKED and a lease, so
 * two processes never run one job at the same time, and a crashed worker's job runs again when
 * its lease ends.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    kind: text().notNull(),
    key: text().notNull().unique(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    runAt: instant().notNull(),
    attempts: integer().notNull().default(0),
    lockedUntil: instant(),
    doneAt: instant(),
    lastError: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("jobs_due_idx").on(t.runAt).where(sql`${t.doneAt} is null`),
    // A claim takes some of each kind that is due (claimDueJobs): one index lookup per kind.
    index("jobs_kind_due_idx").on(t.kind, t.runAt).where(sql`${t.doneAt} is null`),
  ],
);

/**
 * Sunday's weekly emails, one row per kind, zone and week once its jobs are scheduled (issue 42):
 * each zone's round is scheduled by one pass of one process, once, at its Sunday 18:00, instead of
 * every pass re-reading every account.
 */
export const weeklyEmailRounds = pgTable(
  "weekly_email_rounds",
  {
    kind: text().notNull(),
    zone: text().notNull(),
    weekStart: text().notNull(),
    runAt: instant().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.zone, t.weekStart] })],
);
