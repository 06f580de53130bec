import { latestWeeklyEmailRound, WEEKLY_EMAIL_STALE_MS, weeklyEmailWindowOpen } from "../../shared/digest/weekly-digest.rules";
import type { ClaimedJob, JobContext, JobKind, Sweep } from "../jobs";
import { DIGEST_KIND, scheduleWeeklyRound, SUMMARY_KIND, zonesInUse } from "./weekly-digest.repo";
import { weeklyEmails } from "./weekly-digest.service";

/**
 * Every pass from Saturday to Monday: for each zone people are in (one index probe per zone), the
 * round whose Sunday 18:00 has come and is still fresh is scheduled, once for all processes
 * (scheduleWeeklyRound). A pass reads the zones, never every account; a zone's accounts are read
 * once a week, when their round is scheduled.
 */
export const weeklyEmailSweep: Sweep = {
  name: "weekly-emails",
  run: async ({ deps, now }) => {
    if (!weeklyEmailWindowOpen(now)) return;
    for (const audience of ["parent", "teacher"] as const) {
      for (const zone of await zonesInUse(deps.db, audience)) {
        const round = latestWeeklyEmailRound(zone, now);
        if (now.getTime() - round.at.getTime() < WEEKLY_EMAIL_STALE_MS) await scheduleWeeklyRound(deps.db, audience, zone, round.weekStart, round.at);
      }
    }
  },
};

interface WeeklyPayload {
  /** A round's batch; a job stored before batches (one account) has `userId`. */
  userIds?: string[];
  userId?: string;
  weekStart: string;
}

/**
 * The accounts and week of the job, or null for a run too late to be news (the servers were down
 * on Sunday evening): after Monday 12:00 UTC, which is at least 8 hours after 18:00 on Sunday in
 * every zone of the Americas, the week's email is dropped rather than sent on Monday afternoon.
 */
function due(job: ClaimedJob, { now }: JobContext): { userIds: string[]; weekStart: string } | null {
  const payload = job.payload as unknown as WeeklyPayload;
  const userIds = Array.isArray(payload.userIds) ? payload.userIds.filter((id): id is string => typeof id === "string") : typeof payload.userId === "string" ? [payload.userId] : [];
  if (userIds.length === 0 || typeof payload.weekStart !== "string") return null;
  const mondayAfter = Date.parse(`${payload.weekStart}T00:00:00Z`) + 7 * 86_400_000;
  return now.getTime() > mondayAfter + WEEKLY_EMAIL_STALE_MS ? null : { userIds, weekStart: payload.weekStart };
}

/**
 * A batch of accounts' weekly emails: the digests (parents) or the summaries (teachers), read when
 * the job runs (never stored ahead) with a fixed number of queries for the batch, sent only to those
 * with something to say. Each email is stored under its own key (kind, account, week), so a run
 * again after a crash, or a second runner, stores each once.
 */
function weeklyJob(kind: string, audience: "parent" | "teacher"): JobKind {
  return {
    kind,
    async handle(job, ctx) {
      const batch = due(job, ctx);
      if (!batch) return;
      const mails = await weeklyEmails(ctx.deps, audience, batch.userIds, batch.weekStart, ctx.now);
      await ctx.deps.mailer.sendSoonMany(mails.map(({ userId, message }) => ({ message, dedupeKey: `${kind}:${userId}:${batch.weekStart}` })));
    },
  };
}

export const weeklyDigestJob = weeklyJob(DIGEST_KIND, "parent");
export const weeklySummaryJob = weeklyJob(SUMMARY_KIND, "teacher");
