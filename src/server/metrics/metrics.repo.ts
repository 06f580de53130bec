import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../db/client";

export interface JobCounts {
  /** Due now or later, not claimed by a worker. */
  waiting: number;
  /** Claimed by a worker whose lease has not ended. */
  running: number;
  /** Given up after their last attempt (kept until pruned). */
  failed: number;
}

/** Job states for the metrics scrape: one aggregate over the unfinished and given-up rows. */
export async function jobCounts(db: Executor): Promise<JobCounts> {
  const [row] = await queryRows<{ waiting: number; running: number; failed: number }>(
    db,
    sql`select count(*) filter (where done_at is null and (locked_until is null or locked_until <= now()))::int as waiting,
               count(*) filter (where done_at is null and locked_until > now())::int as running,
               count(*) filter (where done_at is not null and last_error like 'gave up:%')::int as failed
          from jobs`,
  );
  return row ?? { waiting: 0, running: 0, failed: 0 };
}

/** How many migrations the database has recorded as applied (drizzle's own journal table). */
export async function appliedMigrationCount(db: Executor): Promise<number> {
  const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
  return row?.count ?? 0;
}
