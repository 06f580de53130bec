import { digestWorthSending, summaryWorthSending, WEEKLY_EMAIL_STALE_MS } from "../../shared/digest/weekly-digest.rules";
import type { ClaimedJob, JobContext, JobKind, Sweep } from "../jobs/job.types";
import { weeklyDigestEmail, weeklySummaryEmail } from "./weekly-digest.emails";
import { DIGEST_KIND, scheduleWeeklyEmails, SUMMARY_KIND } from "./weekly-digest.repo";
import { parentDigest, teacherSummary } from "./weekly-digest.service";

/** Scheduled a day ahead, so the job exists before its Sunday 18:00 whatever the pass interval. */
const HORIZON_MS = 24 * 3_600_000;

/** Every pass: this week's digest and summary jobs of every account whose Sunday 18:00 is near. */
export const weeklyEmailSweep: Sweep = {
  name: "weekly-emails",
  run: ({ deps, now }) => scheduleWeeklyEmails(deps.db, now, HORIZON_MS, WEEKLY_EMAIL_STALE_MS),
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
 * One parent's digest. Read when it runs (never stored ahead), sent only when it has something to
 * say; stored under the job's key, so a run again after a crash, or a second runner, stores it once.
 * The mailer drops it when the parent turned the digest (or all email) off.
 */
export const weeklyDigestJob: JobKind = {
  kind: DIGEST_KIND,
  async handle(job, ctx) {
    const payload = due(job, ctx);
    if (!payload) return;
    const digest = await parentDigest(ctx.deps, payload.userId, payload.weekStart, ctx.now);
    const worth = digest && digestWorthSending(digest);
    if (!digest || !worth) return;
    await ctx.deps.mailer.sendSoon(await weeklyDigestEmail(ctx.deps.env.PUBLIC_URL, digest.email, worth), { dedupeKey: job.key });
  },
};

/** One teacher's summary of their students' week, on the same terms as the digest. */
export const weeklySummaryJob: JobKind = {
  kind: SUMMARY_KIND,
  async handle(job, ctx) {
    const payload = due(job, ctx);
    if (!payload) return;
    const summary = await teacherSummary(ctx.deps, payload.userId, payload.weekStart, ctx.now);
    const worth = summary && summaryWorthSending(summary);
    if (!summary || !worth) return;
    await ctx.deps.mailer.sendSoon(await weeklySummaryEmail(ctx.deps.env.PUBLIC_URL, summary.email, worth), { dedupeKey: job.key });
  },
};
