import type { Deps } from "../deps";

/** A job as its handler sees it: claimed by this process, under a lease, for one attempt. */
export interface ClaimedJob {
  id: string;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  /** 1 on the first run, 2 on the first retry … */
  attempts: number;
}

export interface JobContext {
  deps: Deps;
  /** The runner's clock: tests inject it, so "24 h before" and "after 72 h" need no waiting. */
  now: Date;
}

/**
 * One kind of job. `handle` must be safe to run again after a crash in the middle (a job whose
 * lease ran out is claimed again): check the state it acts on, as a reminder checks the lesson is
 * still accepted and at that time.
 */
export interface JobKind {
  kind: string;
  handle(job: ClaimedJob, ctx: JobContext): Promise<void>;
  /** Attempts before the job is given up (kept with its last error). Default 8. */
  maxAttempts?: number;
}

/**
 * Work done on every pass of every process: it must be idempotent and set-based (schedule jobs
 * with unique keys, or one UPDATE … WHERE that only one process can win), never "read then write".
 */
export interface Sweep {
  name: string;
  run(ctx: JobContext): Promise<void>;
}
