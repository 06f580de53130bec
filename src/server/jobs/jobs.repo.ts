import { and, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { queryRows, type Database, type Executor } from "../db/client";
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
 * Claims, for `leaseMs` from `now`, up to `perKind` due jobs of each kind (oldest due first within
 * a kind): a burst of one kind (Sunday's 100,000 weekly emails) never makes a reminder due now wait
 * behind it, since every claim takes some of every kind that is due. SKIP LOCKED lets several
 * processes claim at the same moment without waiting on each other or taking the same row; the
 * lease (locked_until) keeps a claimed job from being claimed again until it is finished or its
 * worker is presumed dead. `now` is the time of the claim (never a pass's start: a lease taken
 * from a past instant may be over before the job runs). Only the kinds this process knows are
 * claimed: a process of an older version leaves a newer kind's jobs to those that can run them.
 * Each kind's lookup reads the (kind, run_at) index of unfinished jobs.
 */
export async function claimDueJobs(db: Database, kinds: readonly string[], now: Date, perKind: number, leaseMs: number): Promise<ClaimedJob[]> {
  if (kinds.length === 0) return [];
  const at = now.toISOString();
  const rows = await queryRows<ClaimedJob & { runAt: Date | string }>(
    db,
    sql`update jobs set locked_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz, attempts = attempts + 1
         where id in (
           select j.id
             from unnest(array[${sql.join(
               kinds.map((kind) => sql`${kind}`),
               sql`, `,
             )}]::text[]) as k(kind)
             cross join lateral (
               select d.id from jobs d
                where d.kind = k.kind and d.done_at is null and d.run_at <= ${at}::timestamptz
                  and (d.locked_until is null or d.locked_until <= ${at}::timestamptz)
                order by d.run_at
                limit ${perKind}
                for update skip locked) j)
        returning id, kind, key, payload, attempts, run_at as "runAt"`,
  );
  // Oldest due first across kinds; at most `perKind` of any one.
  return rows
    .sort((a, b) => new Date(a.runAt).getTime() - new Date(b.runAt).getTime())
    .map(({ id, kind, key, payload, attempts }) => ({ id, kind, key, payload, attempts }));
}

/** Pushes the leases of jobs this process is still running (or about to run) further out. */
export async function extendJobLeases(db: Database, ids: readonly string[], until: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(jobs)
    .set({ lockedUntil: until })
    .where(and(inArray(jobs.id, [...ids]), isNull(jobs.doneAt)));
}

/**
 * Gives back jobs claimed but not started (a shutdown between two jobs): free at once for another
 * process, and the attempt that never ran is not counted.
 */
export async function releaseJobs(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(jobs)
    .set({ lockedUntil: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
    .where(and(inArray(jobs.id, [...ids]), isNull(jobs.doneAt)));
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
