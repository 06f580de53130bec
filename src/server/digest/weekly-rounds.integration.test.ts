import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { setParentZone } from "../../../tests/factories/practice";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { accountSuspensions, emailPreferences, jobs, parentProfiles, teacherProfiles } from "../db/schema";
import { DIGEST_KIND, scheduleWeeklyRound, SUMMARY_KIND, WEEKLY_BATCH, zonesInUse } from "./weekly-digest.repo";
import { weeklyEmailSweep } from "./weekly-digest.jobs";

/**
 * Issue 42: Sunday's weekly emails scheduled by sets. A pass reads the zones people are in (not
 * every account); a zone's round is scheduled once, at its Sunday 18:00, for the accounts that
 * will get the email (weekly on, email on, account active, a teacher in good standing), by batches.
 */
const t = testAppForFile();

let week = 0;
/** A week of the test's own: a zone's round is scheduled once per week. */
const ownWeek = () => `2042-03-${String(++week).padStart(2, "0")}`;

async function jobsOfWeek(kind: string, weekStart: string) {
  return t.deps.db
    .select({ key: jobs.key, payload: jobs.payload, runAt: jobs.runAt })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), sql`${jobs.payload}->>'weekStart' = ${weekStart}`));
}

const userIdsOf = (rows: { payload: Record<string, unknown> }[]) => rows.flatMap((row) => row.payload.userIds as string[]);

describe("weekly emails by sets (scheduleWeeklyRound)", () => {
  it("schedules only the parents who will get the digest: weekly off, Email notifications off, in-app only, suspended and deleted are left out", async () => {
    const zone = "Pacific/Chatham"; // a zone of this test's own
    const [keeps, weeklyOff, emailOff, appOnly, suspended, deleted] = await Promise.all(Array.from({ length: 6 }, () => createParent(t.deps)));
    for (const parent of [keeps, weeklyOff, emailOff, appOnly, suspended, deleted]) await setParentZone(t.deps, parent!.parentId, zone);
    await t.deps.db.insert(emailPreferences).values({ userId: weeklyOff!.userId, weekly: false });
    await t.deps.db.update(parentProfiles).set({ wantsNotifications: false }).where(eq(parentProfiles.id, emailOff!.parentId));
    await t.deps.db.update(parentProfiles).set({ preferredCommunication: "app" }).where(eq(parentProfiles.id, appOnly!.parentId));
    await t.deps.db.insert(accountSuspensions).values({ userId: suspended!.userId, reason: "Test" });
    await t.deps.db.execute(sql`update "user" set deleted = true where id = ${deleted!.userId}`);

    const weekStart = ownWeek();
    const runAt = new Date("2042-03-09T05:45:00Z");
    expect(await zonesInUse(t.deps.db, "parent")).toContain(zone);
    expect(await scheduleWeeklyRound(t.deps.db, "parent", zone, weekStart, runAt)).toBe(1);
    const scheduled = await jobsOfWeek(DIGEST_KIND, weekStart);
    expect(userIdsOf(scheduled)).toEqual([keeps!.userId]);
    expect(scheduled[0]!.runAt.toISOString()).toBe(runAt.toISOString());
  });

  it("schedules only teachers in good standing whose summary is on", async () => {
    const zone = "Asia/Kathmandu";
    const [keeps, summaryOff, pending] = await Promise.all([createTeacher(t.deps), createTeacher(t.deps), createTeacher(t.deps)]);
    for (const teacher of [keeps, summaryOff, pending]) await t.deps.db.update(teacherProfiles).set({ timeZone: zone }).where(eq(teacherProfiles.id, teacher.teacherId));
    await t.deps.db.insert(emailPreferences).values({ userId: summaryOff.userId, weekly: false });
    await t.deps.db.update(teacherProfiles).set({ reviewStatus: "pending", isDiscoverable: false, discoveryEnabledAt: null }).where(eq(teacherProfiles.id, pending.teacherId));
    const weekStart = ownWeek();
    await scheduleWeeklyRound(t.deps.db, "teacher", zone, weekStart, new Date());
    expect(userIdsOf(await jobsOfWeek(SUMMARY_KIND, weekStart))).toEqual([keeps.userId]);
  });

  it("a zone's round is scheduled once however many passes and processes ask, in batches of WEEKLY_BATCH", async () => {
    const zone = "America/St_Johns";
    const parents = [];
    for (let i = 0; i < WEEKLY_BATCH.parent + 3; i++) parents.push(await createParent(t.deps));
    for (const parent of parents) await setParentZone(t.deps, parent.parentId, zone);
    const weekStart = ownWeek();
    const runAt = new Date();
    const results = await Promise.all(Array.from({ length: 4 }, () => scheduleWeeklyRound(t.deps.db, "parent", zone, weekStart, runAt)));
    expect(results.sort()).toEqual([0, 0, 0, 2]);
    const batches = await jobsOfWeek(DIGEST_KIND, weekStart);
    expect(batches.map((b) => (b.payload.userIds as string[]).length).sort((a, b) => a - b)).toEqual([3, WEEKLY_BATCH.parent]);
    expect(userIdsOf(batches).sort()).toEqual(parents.map((p) => p.userId).sort());
  });

  it("the sweep schedules a zone's round at its Sunday 18:00, not before, and only while fresh", async () => {
    const zone = "Pacific/Marquesas"; // UTC-9:30, no DST
    const parent = await createParent(t.deps);
    await setParentZone(t.deps, parent.parentId, zone);
    // Sunday 6 Dec 2043, 18:00 in the Marquesas is Monday 7 Dec 03:30 UTC.
    const sundayAt = new Date("2043-12-07T03:30:00Z");
    const scheduledFor = async () =>
      userIdsOf(await jobsOfWeek(DIGEST_KIND, "2043-11-30")).filter((id) => id === parent.userId);
    await weeklyEmailSweep.run({ deps: t.deps, now: new Date(sundayAt.getTime() - 60_000) });
    expect(await scheduledFor()).toEqual([]);
    await weeklyEmailSweep.run({ deps: t.deps, now: sundayAt });
    expect(await scheduledFor()).toEqual([parent.userId]);
  });
});
