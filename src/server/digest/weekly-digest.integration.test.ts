import { TZDate } from "@date-fns/tz";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createOperator, createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { addGrade, createClass } from "../../../tests/factories/classes";
import { newYorkTeacher } from "../../../tests/factories/lessons";
import { createEntry, createHomework, setParentZone } from "../../../tests/factories/practice";
import { send, signIn, signInOperator } from "../../../tests/fixtures/http";
import { twoProcessAppsForFile } from "../../../tests/fixtures/test-app";
import { addLocalDays } from "../../shared/calendar/calendar-views.rules";
import { weekStartOf } from "../../shared/practice/practice-week.rules";
import { conversations, jobs, mailOutbox, messages, parentProfiles, weeklyEmailRounds } from "../db/schema";
import type { Deps } from "../deps";
import { JOB_KINDS, JOB_SWEEPS } from "../job-kinds";
import { runDueJobs } from "../jobs/job-runner";
import { todayIn } from "../practice/practice.service";

const { t, other } = twoProcessAppsForFile();

const H = 3_600_000;
const NY = "America/New_York";
const run = (deps: Deps, now: Date) => runDueJobs(deps, { kinds: JOB_KINDS, sweeps: JOB_SWEEPS, now });

/** The Sunday 18:00 (New York) that ends the week of today (New York), or next week's once it passed. */
function comingSunday(): { weekStart: string; at: Date } {
  let weekStart = weekStartOf(todayIn(NY));
  const sundayAt = (monday: string) => {
    const [y, m, d] = addLocalDays(monday, 6).split("-").map(Number) as [number, number, number];
    return new Date(new TZDate(y, m - 1, d, 18, 0, 0, NY).getTime());
  };
  if (sundayAt(weekStart).getTime() <= Date.now()) weekStart = addLocalDays(weekStart, 7);
  return { weekStart, at: sundayAt(weekStart) };
}

/** The weekly jobs naming the account, of its week (a round's batch), and whether each ran. */
function weeklyJobsOf(kind: string, userId: string, weekStart: string) {
  return t.deps.db
    .select({ doneAt: jobs.doneAt })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), sql`${jobs.payload}->>'weekStart' = ${weekStart}`, sql`${jobs.payload}->'userIds' @> ${JSON.stringify([userId])}::jsonb`));
}

// Every test's families are in New York and its week is the coming one, and a zone's round is
// scheduled once a week: each test starts as a week no round has run in (the outbox's keys still
// keep anyone from getting a week's email twice).
beforeEach(async () => {
  await t.deps.db.delete(weeklyEmailRounds);
  await t.deps.db.delete(jobs).where(inArray(jobs.kind, ["weekly-digest", "weekly-summary"]));
});

function mailsTo(email: string, kind: string) {
  return t.deps.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.textBody, dedupeKey: mailOutbox.dedupeKey })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, kind)));
}

/** A New York family with a week to tell: practice on two days, a lesson next week, a grade, homework, an unread message. */
async function busyFamily() {
  const { weekStart, at } = comingSunday();
  const [teacher, parent] = await Promise.all([newYorkTeacher(t.deps), createParent(t.deps, { firstName: "Dana" })]);
  const studentId = parent.studentIds[0]!;
  await setParentZone(t.deps, parent.parentId, NY);
  // A lesson held before (so the teacher teaches the child) and one in the week after the digest.
  await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId, startsAt: new Date(Date.now() - 3 * 24 * H) });
  await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId, startsAt: new Date(at.getTime() + 2 * 24 * H) });
  await createHomework(t.deps, {
    teacherId: teacher.teacherId,
    studentId,
    dueOn: addLocalDays(weekStart, 8),
    goalMinutesPerDay: 20,
    goalDaysPerWeek: 5,
    items: ["Minuet in G, bars 1-16"],
  });
  await createEntry(t.deps, { studentId, parentId: parent.parentId, practicedOn: addLocalDays(weekStart, 5), minutes: 25, source: "timed" });
  await createEntry(t.deps, { studentId, parentId: parent.parentId, practicedOn: addLocalDays(weekStart, 6), minutes: 15 });
  const { classId } = await createClass(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId, name: "Piano Basics" });
  await addGrade(t.deps, classId, { title: "Scales quiz", score: 92 });
  const [conversation] = await t.deps.db
    .insert(conversations)
    .values({ parentId: parent.parentId, teacherUserId: teacher.userId })
    .returning({ id: conversations.id });
  await t.deps.db.insert(messages).values({ conversationId: conversation!.id, senderUserId: teacher.userId, body: "See you Tuesday!" });
  return { teacher, parent, studentId, classId, weekStart, at };
}

describe("the weekly digest and summary (issue 29)", () => {
  it("each parent and teacher gets one on Sunday at 18:00 in their zone, with two runners racing, with the week's figures", async () => {
    const family = await busyFamily();
    const { at, weekStart } = family;
    await run(t.deps, new Date(at.getTime() - 2 * H));
    await run(t.deps, new Date(at.getTime() - 1));
    expect(await mailsTo(family.parent.email, "weekly-digest")).toHaveLength(0);

    await Promise.all([run(t.deps, at), run(other.deps, at), run(t.deps, at), run(other.deps, at)]);
    await run(t.deps, new Date(at.getTime() + H));
    await run(other.deps, new Date(at.getTime() + 6 * H));

    const digests = await mailsTo(family.parent.email, "weekly-digest");
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    expect(digest.dedupeKey).toBe(`weekly-digest:${family.parent.userId}:${weekStart}`);
    expect(digest.text).toContain("Hi Dana,");
    expect(digest.text).toContain("KID1 PARENT");
    expect(digest.text).toContain("Practice this week: 40 of 100 minutes (goal: 20 minutes a day, 5 days a week)");
    expect(digest.text).toContain("40 minutes on 2 days (25 minutes timed, 15 minutes self-reported); daily goal reached on 1 of 5 days");
    expect(digest.text).toContain("Streak: 2-day streak");
    expect(digest.text).toMatch(/Next week's lessons \([\w -]+\):\n {4}- \w+day, .* at .*: Full Lesson with /);
    expect(digest.text).toContain("Scales quiz: 92/100 in Piano Basics");
    expect(digest.text).toContain("Minuet in G, bars 1-16");
    expect(digest.text).toContain("You have 1 unread message:");
    expect(digest.text).toContain(`/parent/student/${family.studentId}`);

    const summaries = await mailsTo(family.teacher.email, "weekly-summary");
    expect(summaries).toHaveLength(1);
    expect(summaries[0]!.text).toContain("Kid1 Parent\n  Practice: 40 of 100 minutes (goal: 20 minutes a day, 5 days a week)\n    40 minutes on 2 days (25 minutes timed, 15 minutes self-reported)");
    expect(summaries[0]!.text).toContain("Minuet in G, bars 1-16");
  });

  it("a family with nothing to say and a teacher whose students did nothing get no email", async () => {
    const { at } = comingSunday();
    const [teacher, parent] = await Promise.all([newYorkTeacher(t.deps), createParent(t.deps)]);
    await setParentZone(t.deps, parent.parentId, NY);
    await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, startsAt: new Date(Date.now() - 3 * 24 * H) });
    await run(t.deps, at);
    expect(await mailsTo(parent.email, "weekly-digest")).toHaveLength(0);
    expect(await mailsTo(teacher.email, "weekly-summary")).toHaveLength(0);
    // The job ran (and found nothing), rather than never being scheduled.
    const done = await weeklyJobsOf("weekly-digest", parent.userId, comingSunday().weekStart);
    expect(done.map((job) => job.doneAt !== null)).toEqual([true]);
  });

  it("respects the settings: weekly off, and a parent's Email notifications off, send nothing", async () => {
    const weeklyOff = await busyFamily();
    const emailOff = await busyFamily();
    const cookie = await signIn(t, "parent", weeklyOff.parent.email, weeklyOff.parent.password);
    expect((await send(t, "PATCH", "/api/accounts/me/email-preferences", { cookie, body: { weekly: false } })).status).toBe(200);
    const teacherCookie = await signIn(t, "teacher", weeklyOff.teacher.email, weeklyOff.teacher.password);
    expect((await send(t, "PATCH", "/api/accounts/me/email-preferences", { cookie: teacherCookie, body: { weekly: false } })).status).toBe(200);
    await t.deps.db.update(parentProfiles).set({ wantsNotifications: false }).where(eq(parentProfiles.id, emailOff.parent.parentId));

    await run(t.deps, weeklyOff.at);
    expect(await mailsTo(weeklyOff.parent.email, "weekly-digest")).toHaveLength(0);
    expect(await mailsTo(weeklyOff.teacher.email, "weekly-summary")).toHaveLength(0);
    expect(await mailsTo(emailOff.parent.email, "weekly-digest")).toHaveLength(0);
    // The other teacher kept the summary on.
    expect(await mailsTo(emailOff.teacher.email, "weekly-summary")).toHaveLength(1);
  });

  it("a zone the database does not know does not stop anyone else's weekly email", async () => {
    const unknown = await busyFamily();
    const newYork = await busyFamily();
    // The app only stores zones JavaScript knows; the database's zone data may be older.
    await t.deps.db.update(parentProfiles).set({ timeZone: null, reportedTimeZone: "Atlantis/Nowhere" }).where(eq(parentProfiles.id, unknown.parent.parentId));
    await run(t.deps, newYork.at);
    expect(await mailsTo(newYork.parent.email, "weekly-digest")).toHaveLength(1);
    // Its round runs on UTC's clock (18:00 UTC came before 18:00 in New York), and nobody else's fails with it.
    expect(await weeklyJobsOf("weekly-digest", unknown.parent.userId, unknown.weekStart)).toHaveLength(1);
    expect(await mailsTo(unknown.parent.email, "weekly-digest")).toHaveLength(1);
  });

  it("a week whose Sunday evening the servers missed is dropped on Monday afternoon, not sent late", async () => {
    const family = await busyFamily();
    const mondayAfternoon = new Date(Date.parse(`${addLocalDays(family.weekStart, 7)}T13:00:00Z`));
    await run(t.deps, mondayAfternoon);
    expect(await mailsTo(family.parent.email, "weekly-digest")).toHaveLength(0);
  });
});

describe("POST /api/accounts/me/weekly-email (this week's, now)", () => {
  it("sends a parent this week's digest once, then says it was already sent", async () => {
    const family = await busyFamily();
    const cookie = await signIn(t, "parent", family.parent.email, family.parent.password);
    const first = await send(t, "POST", "/api/accounts/me/weekly-email", { cookie });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ sent: true, to: family.parent.email });
    const again = await send(t, "POST", "/api/accounts/me/weekly-email", { cookie });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ sent: false, reason: "already_sent" });
    expect(again.json.message).toContain("already sent");
    const mails = await mailsTo(family.parent.email, "weekly-digest");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Scales quiz: 92/100");
  });

  it("is rate limited: a fourth ask within ten minutes gets 429 with when to ask again, and builds nothing", async () => {
    const quiet = await createParent(t.deps);
    const cookie = await signIn(t, "parent", quiet.email, quiet.password);
    for (let i = 0; i < 3; i++) expect((await send(t, "POST", "/api/accounts/me/weekly-email", { cookie })).status).toBe(200);
    const fourth = await send(t, "POST", "/api/accounts/me/weekly-email", { cookie });
    expect(fourth.status).toBe(429);
    expect(fourth.json.error.message).toMatch(/^You asked for this week's email several times in a few minutes\. Please wait 10 minutes and ask again\.$/);
    expect(fourth.headers.get("retry-after")).toBe("600");
  });

  it("says when there is nothing to say; refuses a weekly email turned off (409), signed out (401), an operator (403)", async () => {
    const quiet = await createParent(t.deps);
    const quietCookie = await signIn(t, "parent", quiet.email, quiet.password);
    const nothing = await send(t, "POST", "/api/accounts/me/weekly-email", { cookie: quietCookie });
    expect(nothing.status).toBe(200);
    expect(nothing.json).toMatchObject({ sent: false, reason: "nothing_to_say" });
    expect(nothing.json.message).toContain("nothing for this week's digest yet");

    const teacher = await createTeacher(t.deps);
    const teacherCookie = await signIn(t, "teacher", teacher.email, teacher.password);
    await send(t, "PATCH", "/api/accounts/me/email-preferences", { cookie: teacherCookie, body: { weekly: false } });
    const off = await send(t, "POST", "/api/accounts/me/weekly-email", { cookie: teacherCookie });
    expect(off.status).toBe(409);
    expect(off.json.error.message).toBe("Turn on Weekly summary first.");
    expect(await mailsTo(teacher.email, "weekly-summary")).toHaveLength(0);

    expect((await send(t, "POST", "/api/accounts/me/weekly-email")).status).toBe(401);
    const operator = await createOperator(t.deps);
    const operatorCookie = await signInOperator(t, operator.email, operator.password);
    expect((await send(t, "POST", "/api/accounts/me/weekly-email", { cookie: operatorCookie })).status).toBe(403);
  });
});
