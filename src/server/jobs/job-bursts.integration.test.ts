import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { twoProcessAppsForFile } from "../../../tests/fixtures/test-app";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { weeklyDigestJob } from "../digest/weekly-digest.jobs";
import { DIGEST_KIND } from "../digest/weekly-digest.repo";
import { jobs, mailOutbox } from "../db/schema";
import { reminderJob } from "../lessons/reminders.jobs";
import { REMINDER_KIND } from "../lessons/reminders.repo";
import { runDueJobs, startJobRunner } from "./job-runner";
import type { ClaimedJob, JobKind } from "./job.types";
import { scheduleJob } from "./jobs.repo";

/**
 * Issue 42: the runner under a burst (Sunday 18:00's weekly emails). Leases start when a job is
 * claimed and are renewed while it is held, a claim takes some of every kind that is due (a
 * reminder never waits behind the burst), and a stop ends the pass between two jobs.
 */
const { t, other } = twoProcessAppsForFile();

let counter = 0;
const uniqueKind = (name: string) => `burst-test:${name}:${Date.now()}:${counter++}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recorder(kind: string, delayMs = 0) {
  const seen: string[] = [];
  const definition: JobKind = {
    kind,
    async handle(job) {
      seen.push(job.key);
      if (delayMs) await sleep(delayMs);
    },
  };
  return { seen, definition };
}

/** `count` jobs of `kind`, due at `runAt`, in one statement (keys `${kind}:1` …). */
async function burstOf(kind: string, count: number, runAt: Date, payload: (i: number) => Record<string, unknown> = () => ({})) {
  const rows = Array.from({ length: count }, (_, i) => ({ kind, key: `${kind}:${i + 1}`, runAt, payload: payload(i) }));
  for (let i = 0; i < rows.length; i += 1_000) await t.deps.db.insert(jobs).values(rows.slice(i, i + 1_000));
}

/** This week's Monday (UTC), as a weekly job's payload names its week. */
function thisMonday(now = new Date()): string {
  const monday = new Date(now.getTime() - ((now.getUTCDay() + 6) % 7) * 86_400_000);
  return monday.toISOString().slice(0, 10);
}

describe("the jobs runner under a burst", () => {
  it("a pass longer than a lease: jobs claimed late in it keep their lease, and a runner joining later runs none twice", async () => {
    // A pass that fixed its clock at its start gave its later claims a lease already over; a
    // runner starting later took those jobs again. 8 jobs of 400 ms against a 1 s lease: the first
    // claim takes 5 (2 s), the second the other 3, and a second runner joins at 2.5 s.
    const kind = uniqueKind("lease");
    await burstOf(kind, 8, new Date(Date.now() - 1_000));
    const a = recorder(kind, 400);
    const b = recorder(kind, 400);
    await Promise.all([
      runDueJobs(t.deps, { kinds: [a.definition], leaseMs: 1_000 }),
      sleep(2_500).then(() => runDueJobs(other.deps, { kinds: [b.definition], leaseMs: 1_000 })),
    ]);
    const ran = [...a.seen, ...b.seen];
    expect(ran).toHaveLength(8);
    expect(new Set(ran).size).toBe(8);
  });

  it("a lesson reminder that falls due during a burst of 5,000 weekly emails is sent in the first claim, not after the burst", async () => {
    const [teacher, parent] = await Promise.all([createTeacher(t.deps), createParent(t.deps)]);
    const startsAt = new Date(Date.now() + 20 * 3_600_000);
    const { bookingId } = await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, startsAt });
    const now = new Date();
    // Sunday 18:00 came an hour ago: 5,000 weekly digests due then (accounts that no longer
    // exist, so each is quick), and the reminder due now.
    const weekStart = thisMonday(now);
    await burstOf(DIGEST_KIND, 5_000, new Date(now.getTime() - 3_600_000), () => ({ userId: randomUUID(), weekStart }));
    const reminderKey = `reminder:${bookingId}:burst-test:parent`;
    await scheduleJob(t.deps.db, { kind: REMINDER_KIND, key: reminderKey, runAt: now, payload: { bookingId, startsAt: startsAt.toISOString(), role: "parent" } });

    const order: string[] = [];
    const recorded = (kind: JobKind): JobKind => ({ ...kind, handle: (job: ClaimedJob, ctx) => (order.push(job.key), kind.handle(job, ctx)) });
    const report = await runDueJobs(t.deps, { kinds: [recorded(weeklyDigestJob), recorded(reminderJob)], now, budgetMs: 1_000 });

    // The first claim took 5 of the burst and the reminder; before, the reminder came after all 5,000.
    expect(order.indexOf(reminderKey)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(reminderKey)).toBeLessThan(6);
    const reminders = await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, parent.email), eq(mailOutbox.kind, "lesson-reminder")));
    expect(reminders).toHaveLength(1);
    // The pass ended on its budget with the burst still due, for the next pass.
    expect(report.more).toBe(true);
    const [left] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(and(eq(jobs.kind, DIGEST_KIND), isNull(jobs.doneAt)));
    expect(left!.n).toBeGreaterThan(0);
    // The rest of the burst, so later tests start from an empty queue.
    await t.deps.db.delete(jobs).where(eq(jobs.kind, DIGEST_KIND));
  });

  it("a failed job is retried a delay after its failure, not after the pass began", async () => {
    const kind = uniqueKind("retry");
    await burstOf(kind, 3, new Date(Date.now() - 1_000));
    let calls = 0;
    let failedAt = 0;
    const definition: JobKind = {
      kind,
      async handle(job) {
        calls++;
        await sleep(300);
        if (job.key.endsWith(":3")) {
          failedAt = Date.now();
          throw new Error("451 try again later");
        }
      },
    };
    const before = Date.now();
    await runDueJobs(t.deps, { kinds: [definition] });
    const [failed] = await t.deps.db.select().from(jobs).where(eq(jobs.key, `${kind}:3`));
    expect(calls).toBe(3);
    // A minute after the failure (at least 0.3 s into the pass), not a minute after the pass began.
    expect(failedAt - before).toBeGreaterThanOrEqual(300);
    expect(failed!.runAt.getTime()).toBeGreaterThanOrEqual(failedAt + 60_000);
    expect(failed!.runAt.getTime()).toBeLessThan(failedAt + 60_000 + 1_000);
  });

  it("a stop mid-burst ends the pass between two jobs: it resolves at once and gives back every job it had not started", async () => {
    const kind = uniqueKind("shutdown");
    await burstOf(kind, 5_000, new Date(Date.now() - 1_000));
    const { seen, definition } = recorder(kind, 5);
    const runner = startJobRunner(t.deps, { kinds: [definition], intervalMs: 60_000 });
    void runner.runOnce();
    while (seen.length < 20) await sleep(20);
    const stopping = Date.now();
    await runner.stop();
    expect(Date.now() - stopping).toBeLessThan(10_000);
    const ran = seen.length;
    expect(ran).toBeLessThan(5_000);
    // Nothing left leased to this process: another process takes the rest at once.
    const held = await t.deps.db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.kind, kind), isNull(jobs.doneAt), isNotNull(jobs.lockedUntil)));
    expect(held).toHaveLength(0);
    const done = await t.deps.db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.kind, kind), isNotNull(jobs.doneAt)));
    expect(done).toHaveLength(ran);
    // And no attempt counted for a job that never ran.
    const untouched = await t.deps.db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.kind, kind), isNull(jobs.doneAt), eq(jobs.attempts, 0)));
    expect(untouched).toHaveLength(5_000 - ran);
    await t.deps.db.delete(jobs).where(inArray(jobs.kind, [kind]));
  });
});
