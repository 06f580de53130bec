import type { Deps } from "../deps";
import { retryDelayMs } from "../../shared/jobs/retry.rules";
import type { ClaimedJob, JobKind, Sweep } from "./job.types";
import { claimDueJobs, completeJob, extendJobLeases, failJob, pruneFinishedJobs, releaseJobs } from "./jobs.repo";

const DEFAULT_MAX_ATTEMPTS = 8;
/** Each claim takes at most this many jobs of each kind that is due. */
const PER_KIND = 5;
/**
 * How long a claimed job is this process's before another may take it: renewed every third of
 * it while the process still holds the job, so it only decides how soon a job of a process that
 * died runs elsewhere.
 */
export const JOB_LEASE_MS = 2 * 60_000;
/** A pass works this long at most, then ends (the runner starts the next one at once if work is left). */
export const PASS_BUDGET_MS = 10_000;
const KEEP_FINISHED_MS = 7 * 24 * 3_600_000;

export interface RunOptions {
  kinds: readonly JobKind[];
  sweeps?: readonly Sweep[];
  /** A fixed clock (tests: "24 h before" without waiting); otherwise each step reads the time. */
  now?: Date;
  /** Asked between two jobs: a shutdown ends the pass there and gives back what it had not started. */
  stopping?: () => boolean;
  budgetMs?: number;
  leaseMs?: number;
}

export interface RunReport {
  ran: number;
  failed: number;
  /** The outbox's messages sent and failed in this pass. */
  mail: Awaited<ReturnType<Deps["mailer"]["sendDue"]>>;
  /** The pass ended on its budget (or a stop) with jobs still due. */
  more: boolean;
}

/** Renews the leases of `held` (a claim's jobs not yet finished) every third of the lease, until stopped. */
function holdLeases(deps: Deps, held: Set<string>, leaseMs: number): () => void {
  const renewal = setInterval(() => {
    void extendJobLeases(deps.db, [...held], new Date(Date.now() + leaseMs)).catch((error: unknown) =>
      deps.logger.warn({ err: error }, "jobs: renewing leases failed"),
    );
  }, leaseMs / 3);
  return () => clearInterval(renewal);
}

/**
 * One pass: the sweeps, then due jobs, a few of each kind per claim, until none is due, the pass's
 * budget is spent or the process is stopping; then the outbox's due emails. Safe to call from
 * several processes at once (claims skip each other's rows). Every lease and retry time is taken
 * from the clock when it is set, so a long pass never hands out a lease that is already over.
 */
export async function runDueJobs(deps: Deps, options: RunOptions): Promise<RunReport> {
  const clock = () => options.now ?? new Date();
  const stopping = options.stopping ?? (() => false);
  const budgetEnds = Date.now() + (options.budgetMs ?? PASS_BUDGET_MS);
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  for (const sweep of options.sweeps ?? []) {
    if (stopping()) break;
    try {
      await sweep.run({ deps, now: clock() });
    } catch (error) {
      deps.logger.error({ err: error, sweep: sweep.name }, "job sweep failed");
    }
  }
  const byKind = new Map(options.kinds.map((kind) => [kind.kind, kind]));
  const report: RunReport = { ran: 0, failed: 0, mail: { sent: 0, failed: 0 }, more: false };
  while (!stopping() && Date.now() < budgetEnds) {
    const claimed = await claimDueJobs(deps.db, [...byKind.keys()], clock(), PER_KIND, leaseMs);
    if (claimed.length === 0) break;
    const held = new Set(claimed.map((job) => job.id));
    const release = holdLeases(deps, held, leaseMs);
    try {
      for (const job of claimed) {
        if (stopping()) break;
        await runOne(deps, byKind.get(job.kind)!, job, clock, report);
        held.delete(job.id);
      }
    } finally {
      release();
      // Claimed but not started (a stop): back to the queue at once, for this or another process.
      await releaseJobs(deps.db, [...held]);
    }
  }
  report.more = stopping() || Date.now() >= budgetEnds;
    // Mail shares the pass: whatever is left of its budget (at least a second), the rest next pass.
  if (!stopping()) report.mail = await deps.mailer.sendDue(options.now, Math.max(1_000, budgetEnds - Date.now()));
  return report;
}

async function runOne(deps: Deps, kind: JobKind, job: ClaimedJob, clock: () => Date, report: RunReport): Promise<void> {
  try {
    await kind.handle(job, { deps, now: clock() });
    await completeJob(deps.db, job.id, clock());
    report.ran++;
  } catch (error) {
    report.failed++;
    const message = error instanceof Error ? error.message : String(error);
    const giveUp = job.attempts >= (kind.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
    // From the time of the failure: 1, 2, 4 … minutes after it, whatever the pass did before.
    const failedAt = clock();
    await failJob(deps.db, job.id, message, giveUp ? null : new Date(failedAt.getTime() + retryDelayMs(job.attempts)), failedAt);
    deps.logger.warn({ err: error, job: job.key, attempts: job.attempts, giveUp }, "job failed");
  }
}

export interface JobRunner {
  /** Runs one pass now (in addition to the timer); resolves when it is finished. */
  runOnce(): Promise<RunReport>;
  /** Ends the current pass between two jobs (what it claimed and had not started goes back) and stops sending. */
  stop(): Promise<void>;
}

const NOTHING_RAN: RunReport = { ran: 0, failed: 0, mail: { sent: 0, failed: 0 }, more: false };

/**
 * Every process runs passes on a timer; the database decides who runs what, so adding processes
 * adds workers, never duplicates. A pass never overlaps the previous one in the same process; a
 * pass that ended on its budget with work left is followed by the next at once, so the sweeps
 * (request expiry, reminders' scheduling) run between two slices of a burst.
 */
export function startJobRunner(deps: Deps, options: Omit<RunOptions, "now" | "stopping"> & { intervalMs: number }): JobRunner {
  let current: Promise<RunReport> | null = null;
  let lastPrune = 0;
  let stopped = false;
  const stopping = () => stopped;
  const pass = (): Promise<RunReport> => {
    if (current) return current;
    current = (async () => {
      try {
        if (Date.now() - lastPrune > 3_600_000) {
          lastPrune = Date.now();
          await pruneFinishedJobs(deps.db, new Date(Date.now() - KEEP_FINISHED_MS));
        }
        return await runDueJobs(deps, { ...options, stopping });
      } catch (error) {
        deps.logger.error({ err: error }, "job pass failed");
        return NOTHING_RAN;
      } finally {
        current = null;
      }
    })();
    void current.then((report) => {
      if (report.more && !stopped) setImmediate(() => void pass());
    });
    return current;
  };
  const timer = setInterval(() => void pass(), options.intervalMs);
  timer.unref();
  // An email committed in this process wakes its sender at once (mailer.kick), not at the next
  // tick; and what was pending at the start (a restart after a crash) goes out now.
  deps.mailer.startSending();
  deps.mailer.kick();
  return {
    runOnce: pass,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all([current, deps.mailer.stopSending()]);
    },
  };
}
