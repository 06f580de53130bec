import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
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
