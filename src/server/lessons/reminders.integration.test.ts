import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createParent } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { newYorkTeacher, newYorkTime } from "../../../tests/factories/lessons";
import { send, signIn } from "../../../tests/fixtures/http";
import { twoProcessAppsForFile } from "../../../tests/fixtures/test-app";
import { jobs, mailOutbox, parentProfiles } from "../db/schema";
import { JOB_KINDS, JOB_SWEEPS } from "../job-kinds";
import { runDueJobs } from "../jobs/job-runner";
import { findJob } from "../jobs/jobs.repo";
import type { Deps } from "../deps";

const { t, other } = twoProcessAppsForFile();

const H = 3_600_000;
const run = (deps: Deps, now: Date) => runDueJobs(deps, { kinds: JOB_KINDS, sweeps: JOB_SWEEPS, now });

async function remindersTo(email: string) {
  return t.deps.db.select({ subject: mailOutbox.subject, text: mailOutbox.textBody }).from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "lesson-reminder")));
}

async function acceptedLesson(startsAt: Date) {
  const [teacher, parent] = await Promise.all([newYorkTeacher(t.deps), createParent(t.deps)]);
  const { bookingId } = await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, status: "accepted", startsAt });
  return { teacher, parent, bookingId };
}

describe("lesson reminders", () => {
  it("parent and teacher each get one reminder 24 h ahead, with two runners at the same moment and passes after", async () => {
    const startsAt = newYorkTime(3, 10);
    const { teacher, parent, bookingId } = await acceptedLesson(startsAt);
    await run(t.deps, new Date(startsAt.getTime() - 30 * H));
    await run(t.deps, new Date(startsAt.getTime() - 24 * H - 1));
    expect(await remindersTo(parent.email)).toHaveLength(0);
    const due = new Date(startsAt.getTime() - 24 * H);
    await Promise.all([run(t.deps, due), run(other.deps, due), run(t.deps, due), run(other.deps, due)]);
    await run(t.deps, new Date(due.getTime() + H));
    const parentMails = await remindersTo(parent.email);
    const teacherMails = await remindersTo(teacher.email);
    expect(parentMails).toHaveLength(1);
    expect(teacherMails).toHaveLength(1);
    expect(parentMails[0]!.subject).toContain("is tomorrow");
    expect(parentMails[0]!.text).toContain("Kid1");
    expect((await findJob(t.deps.db, `reminder:${bookingId}:${startsAt.toISOString()}:parent`))?.doneAt).not.toBeNull();
  });

  it("a moved lesson is reminded at its new time only; a cancelled one not at all", async () => {
    const startsAt = newYorkTime(3, 10);
    const { teacher, parent, bookingId } = await acceptedLesson(startsAt);
    // Reminders were scheduled for the old time before the move.
    await run(t.deps, new Date(startsAt.getTime() - 25 * H));
    const cookie = await signIn(t, "parent", parent.email, parent.password);
    const moved = newYorkTime(4, 14);
    expect((await send(t, "POST", `/api/lessons/${bookingId}/reschedule`, { cookie, body: { startsAt: moved.toISOString() } })).status).toBe(200);
    await run(t.deps, new Date(startsAt.getTime() - 24 * H));
    expect(await remindersTo(parent.email)).toHaveLength(0);
    await run(t.deps, new Date(moved.getTime() - 24 * H));
    expect(await remindersTo(parent.email)).toHaveLength(1);
    expect(await remindersTo(teacher.email)).toHaveLength(1);

    const second = await acceptedLesson(newYorkTime(5, 10));
    await run(t.deps, new Date(newYorkTime(5, 10).getTime() - 25 * H));
    const secondCookie = await signIn(t, "parent", second.parent.email, second.parent.password);
    expect((await send(t, "POST", `/api/lessons/${second.bookingId}/cancel`, { cookie: secondCookie, body: { scope: "one" } })).status).toBe(200);
    await run(t.deps, new Date(newYorkTime(5, 10).getTime() - 24 * H));
    expect(await remindersTo(second.parent.email)).toHaveLength(0);
    expect(await remindersTo(second.teacher.email)).toHaveLength(0);
  });

  it("a parent with email notifications off gets none; the teacher still does", async () => {
    const startsAt = newYorkTime(3, 11);
    const { teacher, parent } = await acceptedLesson(startsAt);
    await t.deps.db.update(parentProfiles).set({ wantsNotifications: false }).where(eq(parentProfiles.id, parent.parentId));
    await run(t.deps, new Date(startsAt.getTime() - 24 * H));
    expect(await remindersTo(parent.email)).toHaveLength(0);
    expect(await remindersTo(teacher.email)).toHaveLength(1);
  });

  it("a reminder job run again after a crash (its job not marked done) stores its email once", async () => {
    const startsAt = newYorkTime(3, 12);
    const { parent, bookingId } = await acceptedLesson(startsAt);
    const due = new Date(startsAt.getTime() - 24 * H);
    await run(t.deps, due);
    const key = `reminder:${bookingId}:${startsAt.toISOString()}:parent`;
    expect(await findJob(t.deps.db, key)).toMatchObject({ lastError: null, attempts: 1 });
    // The process died after the handler stored the email, before the job was marked done.
    await t.deps.db.update(jobs).set({ doneAt: null, lockedUntil: null }).where(eq(jobs.key, key));
    await run(t.deps, new Date(due.getTime() + 60_000));
    expect(await findJob(t.deps.db, key)).toMatchObject({ attempts: 2 });
    expect(await remindersTo(parent.email)).toHaveLength(1);
  });
});
