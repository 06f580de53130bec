import { WEEKLY_EMAIL_STALE_MS, weeklyEmailWindowOpen } from "../../shared/digest/weekly-digest.rules";
import type { ClaimedJob, JobContext, JobKind, Sweep } from "../jobs";
import { DIGEST_KIND, scheduleWeeklyEmails, SUMMARY_KIND } from "./weekly-digest.repo";
import { weeklyEmail } from "./weekly-digest.service";

/** Scheduled a day ahead, so the job exists before its Sunday 18:00 whatever the pass interval. */
const HORIZON_MS = 24 * 3_600_000;

/** Every pass: this week's digest and summary jobs of every account whose Sunday 18:00 is near. */
export const weeklyEmailSweep: Sweep = {
  name: "weekly-emails",
  run: async ({ deps, now }) => {
    if (weeklyEmailWindowOpen(now)) await scheduleWeeklyEmails(deps.db, now, HORIZON_MS, WEEKLY_EMAIL_STALE_MS);
  },
};

interface WeeklyPayload {
  userId: string;
  weekStart: string;
}

/**
 * The job's payload, or null for a run too late to be news (the server was down on Sunday
 * evening): after Monday 12:00 UTC, which is at least 8 hours after 18:00 on Sunday in every zone
 * of the Americas, the week's email is dropped rather than sent on Monday afternoon.
 */
function due(job: ClaimedJob, { now }: JobContext): WeeklyPayload | null {
  const payload = job.payload as unknown as WeeklyPayload;
  if (typeof payload.userId !== "string" || typeof payload.weekStart !== "string") return null;
  const mondayAfter = Date.parse(`${payload.weekStart}T00:00:00Z`) + 7 * 86_400_000;
  return now.getTime() > mondayAfter + WEEKLY_EMAIL_STALE_MS ? null : payload;
}

/**
 * One account's weekly email: the digest (parents) or the summary (teachers). Read when it runs
 * (never stored ahead), sent only when it has something to say; stored under the job's key, so a
 * run again after a crash, or a second runner, stores it once. The mailer drops it when its
 * recipient turned the weekly email (or, a parent, all email) off.
 */
function weeklyJob(kind: string, audience: "parent" | "teacher"): JobKind {
  return {
    kind,
    async handle(job, ctx) {
      const payload = due(job, ctx);
      if (!payload) return;
      const mail = await weeklyEmail(ctx.deps, audience, payload.userId, payload.weekStart, ctx.now);
      if (mail) await ctx.deps.mailer.sendSoon(mail, { dedupeKey: job.key });
    },
  };
}

export const weeklyDigestJob = weeklyJob(DIGEST_KIND, "parent");
export const weeklySummaryJob = weeklyJob(SUMMARY_KIND, "teacher");
