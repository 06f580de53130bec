import type { Deps } from "../deps";
import { retryDelayMs } from "../../shared/jobs/retry.rules";
import type { JobKind, Sweep } from "./job.types";
import { claimDueJobs, completeJob, failJob, pruneFinishedJobs } from "./jobs.repo";

const DEFAULT_MAX_ATTEMPTS = 8;
const BATCH = 20;
/** Long enough for an SMTP round trip with retries inside nodemailer; a dead worker's job waits this long. */
const LEASE_MS = 2 * 60_000;
const KEEP_FINISHED_MS = 7 * 24 * 3_600_000;

export interface RunOptions {
  kinds: readonly JobKind[];
  sweeps?: readonly Sweep[];
  now?: Date;
}

export interface RunReport {
  ran: number;
  failed: number;
  /** The outbox's messages sent and failed in this pass. */
  mail: Awaited<ReturnType<Deps["mailer"]["sendDue"]>>;
}

/**
 * One pass: the sweeps, then every due job until none is left, then every due email of the
 * outbox (including those the jobs just stored). Safe to call from several
 * processes at once (claims skip each other's rows); tests call it with an injected `now`.
 */
export async function runDueJobs(deps: Deps, options: RunOptions): Promise<RunReport> {
  const now = options.now ?? new Date();
  const ctx = { deps, now };
  for (const sweep of options.sweeps ?? []) {
    try {
      await sweep.run(ctx);
    } catch (error) {
      deps.logger.error({ err: error, sweep: sweep.name }, "job sweep failed");
    }
  }
  const byKind = new Map(options.kinds.map((kind) => [kind.kind, kind]));
  const report: RunReport = { ran: 0, failed: 0, mail: { sent: 0, failed: 0 } };
  for (;;) {
    const claimed = await claimDueJobs(deps.db, [...byKind.keys()], now, BATCH, LEASE_MS);
    if (claimed.length === 0) break;
    for (const job of claimed) {
      const kind = byKind.get(job.kind)!;
      try {
        await kind.handle(job, ctx);
        await completeJob(deps.db, job.id, now);
        report.ran++;
      } catch (error) {
        report.failed++;
        const message = error instanceof Error ? error.message : String(error);
        const giveUp = job.attempts >= (kind.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
        await failJob(deps.db, job.id, message, giveUp ? null : new Date(now.getTime() + retryDelayMs(job.attempts)), now);
        deps.logger.warn({ err: error, job: job.key, attempts: job.attempts, giveUp }, "job failed");
      }
    }
    // Jobs claimed in this pass have a lease in the future, so the loop ends once all are done.
  }
  report.mail = await deps.mailer.sendDue(now);
  return report;
}

export interface JobRunner {
  /** Runs one pass now (in addition to the timer); resolves when it is finished. */
  runOnce(): Promise<RunReport>;
  stop(): Promise<void>;
}

/**
 * Every process runs passes on a timer; the database decides who runs what, so adding processes
 * adds workers, never duplicates. A pass never overlaps the previous one in the same process.
 */
export function startJobRunner(deps: Deps, options: Omit<RunOptions, "now"> & { intervalMs: number }): JobRunner {
  let current: Promise<RunReport> | null = null;
  let lastPrune = 0;
  const pass = (): Promise<RunReport> => {
    if (current) return current;
    current = (async () => {
      try {
        if (Date.now() - lastPrune > 3_600_000) {
          lastPrune = Date.now();
          await pruneFinishedJobs(deps.db, new Date(Date.now() - KEEP_FINISHED_MS));
        }
        return await runDueJobs(deps, options);
      } catch (error) {
        deps.logger.error({ err: error }, "job pass failed");
        return { ran: 0, failed: 0, mail: { sent: 0, failed: 0 } };
      } finally {
        current = null;
      }
    })();
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
      clearInterval(timer);
      await Promise.all([current, deps.mailer.stopSending()]);
    },
  };
}
