import { and, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database, Executor } from "../db/client";
import { jobs } from "../db/schema";
import type { ClaimedJob } from "./job.types";

export interface NewJob {
  kind: string;
  /** Unique across all jobs: scheduling the same key again (another process, a restart) is a no-op. */
  key: string;
  runAt: Date;
  payload?: Record<string, unknown>;
}

/** Stores the job unless one with its key exists; true when this call stored it. */
export async function scheduleJob(executor: Executor, job: NewJob): Promise<boolean> {
  const rows = await executor
    .insert(jobs)
    .values({ kind: job.kind, key: job.key, runAt: job.runAt, payload: job.payload ?? {} })
    .onConflictDoNothing({ target: jobs.key })
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Claims up to `limit` due jobs for `leaseMs`. SKIP LOCKED lets several processes claim at the
 * same moment without waiting on each other or taking the same row; the lease (locked_until)
 * keeps a claimed job from being claimed again until it is finished or its worker is presumed dead.
 * Only the kinds this process knows are claimed: a process of an older version leaves a newer
 * kind's jobs to the processes that can run them.
 */
export async function claimDueJobs(db: Database, kinds: readonly string[], now: Date, limit: number, leaseMs: number): Promise<ClaimedJob[]> {
  if (kinds.length === 0) return [];
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), lte(jobs.runAt, now), inArray(jobs.kind, [...kinds]), or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now))))
    .orderBy(jobs.runAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(jobs)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, due))
    .returning({ id: jobs.id, kind: jobs.kind, key: jobs.key, payload: jobs.payload, attempts: jobs.attempts });
}

export async function completeJob(db: Database, id: string, now: Date): Promise<void> {
  await db.update(jobs).set({ doneAt: now, lockedUntil: null, lastError: null }).where(eq(jobs.id, id));
}

/** A failed attempt: run again at `retryAt`, or, when `retryAt` is null, give up (done, error kept). */
export async function failJob(db: Database, id: string, error: string, retryAt: Date | null, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set(retryAt ? { runAt: retryAt, lockedUntil: null, lastError: error } : { doneAt: now, lockedUntil: null, lastError: `gave up: ${error}` })
    .where(eq(jobs.id, id));
}

/** Finished jobs older than `before` are only history: drop them so the table stays small. */
export async function pruneFinishedJobs(db: Database, before: Date): Promise<void> {
  await db.delete(jobs).where(and(isNotNull(jobs.doneAt), lt(jobs.doneAt, before)));
}

/** For tests and the operator: a job by key. */
export async function findJob(db: Database, key: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.key, key));
  return row;
}
