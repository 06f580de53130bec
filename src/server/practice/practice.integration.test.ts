import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { DELETED_TEACHER_NAME } from "../../shared/accounts/accounts.constants";
import { createBooking } from "../../../tests/factories/bookings";
import { createClass } from "../../../tests/factories/classes";
import { createEntry, createHomework, createTimer, setParentZone, utcDay } from "../../../tests/factories/practice";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { addLocalDays, localDateTime } from "../../shared/calendar/calendar-views.rules";
import type { ClassDetail } from "../../shared/classes/classes.api";
import { newClassProgress } from "../../shared/classes/progress.rules";
import {
  NO_TIMER_MESSAGE,
  REVIEW_TOO_EARLY_MESSAGE,
  TIMER_RUNNING_MESSAGE,
  TIMER_TOO_LONG_MESSAGE,
  TIMER_TOO_SHORT_MESSAGE,
  type HomeworkDTO,
  type PracticeEntryDTO,
  type StudentPracticeDTO,
} from "../../shared/practice/practice.api";
import { withPracticeXp } from "../../shared/practice/practice-xp.rules";
import { PRACTICE_DATE_RANGE_MESSAGE } from "../../shared/practice/practice.schemas";
import { classEnrolments, practiceEntries, studentRepertoire } from "../db/schema";

const t = testAppForFile();

const today = (zone: string) => localDateTime(new Date(), zone).date;
const HOUR = 3_600_000;

/** A New York teacher who teaches the family's child (a lesson long ago), another teacher, a stranger family; all signed in. */
async function seed() {
  const [teacher, otherTeacher, family, stranger] = await Promise.all([
    createTeacher(t.deps, { timeZone: "America/New_York" }),
    createTeacher(t.deps),
    createParent(t.deps),
    createParent(t.deps, { firstName: "Robin" }),
  ]);
  const studentId = family.studentIds[0]!;
  await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: family.parentId, studentId });
  const [teacherCookie, otherTeacherCookie, parentCookie, strangerCookie] = await Promise.all([
    signIn(t, "teacher", teacher.email, teacher.password),
    signIn(t, "teacher", otherTeacher.email, otherTeacher.password),
    signIn(t, "parent", family.email, family.password),
    signIn(t, "parent", stranger.email, stranger.password),
  ]);
  return { teacher, otherTeacher, family, stranger, studentId, teacherCookie, otherTeacherCookie, parentCookie, strangerCookie };
}

describe("homework", () => {
  it("only a teacher who teaches the student assigns it; due a week out without a next full lesson, else on the next full lesson's day", async () => {
    const s = await seed();
    const body = { studentId: s.studentId, items: [{ description: "G major scale" }], goalMinutesPerDay: 20, goalDaysPerWeek: 5 };
    expect((await send(t, "POST", "/api/practice/homework", { body, cookie: s.otherTeacherCookie })).status).toBe(404);
    expect((await send(t, "POST", "/api/practice/homework", { body, cookie: s.parentCookie })).status).toBe(403);
    const made = await send(t, "POST", "/api/practice/homework", { body, cookie: s.teacherCookie });
    expect(made.status, made.text).toBe(201);
    const hw = made.json as HomeworkDTO;
    expect(hw).toMatchObject({ status: "open", goalMinutesPerDay: 20, goalDaysPerWeek: 5, canReview: false, dueOn: addLocalDays(today("America/New_York"), 7) });
    expect(hw.items.map((i) => i.description)).toEqual(["G major scale"]);

    // Tomorrow's free intro call is no time to review practice (issue 41): the next full lesson is.
    const intro = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 24 * HOUR);
    await createBooking(t.deps, { teacherId: s.teacher.teacherId, parentId: s.family.parentId, studentId: s.studentId, startsAt: intro, bookingType: "intro" });
    const onlyIntro = await send(t, "POST", "/api/practice/homework", { body, cookie: s.teacherCookie });
    expect(onlyIntro.json.dueOn).toBe(addLocalDays(today("America/New_York"), 7));
    const next = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 3 * 24 * HOUR);
    await createBooking(t.deps, { teacherId: s.teacher.teacherId, parentId: s.family.parentId, studentId: s.studentId, startsAt: next });
    const second = await send(t, "POST", "/api/practice/homework", { body, cookie: s.teacherCookie });
    expect(second.json.dueOn).toBe(localDateTime(next, "America/New_York").date);
  });

  it("refuses a piece of another student's repertoire", async () => {
    const s = await seed();
    const [piece] = await t.deps.db
      .insert(studentRepertoire)
      .values({ studentId: s.stranger.studentIds[0]!, title: "Ode to Joy", composer: "Beethoven", genre: "Classical", completedDate: "2024-01-15" })
      .returning({ id: studentRepertoire.id });
    const res = await send(t, "POST", "/api/practice/homework", {
      body: { studentId: s.studentId, items: [{ description: "Ode", repertoireId: piece!.id }] },
      cookie: s.teacherCookie,
    });
    expect(res.status).toBe(400);
  });

  it("a teacher who teaches the student reads the student's repertoire and sets a piece from it", async () => {
    const s = await seed();
    const [piece] = await t.deps.db
      .insert(studentRepertoire)
      .values({ studentId: s.studentId, title: "Minuet in G major", composer: "Christian Petzold", genre: "Classical", completedDate: "2026-09-13" })
      .returning({ id: studentRepertoire.id });
    const view = await send(t, "GET", `/api/practice/students/${s.studentId}`, { cookie: s.teacherCookie });
    expect((view.json as StudentPracticeDTO).repertoire).toEqual([{ id: piece!.id, title: "Minuet in G major", composer: "Christian Petzold" }]);
    const made = await send(t, "POST", "/api/practice/homework", {
      body: { studentId: s.studentId, items: [{ description: "Minuet, bars 1-8", repertoireId: piece!.id }] },
      cookie: s.teacherCookie,
    });
    expect(made.status, made.text).toBe(201);
    expect((made.json as HomeworkDTO).items[0]).toMatchObject({ repertoireId: piece!.id, repertoireTitle: "Minuet in G major (Christian Petzold)" });
  });

  it("the family and the teacher read the same; a stranger parent and another teacher get 404", async () => {
    const s = await seed();
    await createHomework(t.deps, { teacherId: s.teacher.teacherId, studentId: s.studentId, dueOn: utcDay(3) });
    const path = `/api/practice/students/${s.studentId}`;
    expect((await send(t, "GET", path, { cookie: s.strangerCookie })).status).toBe(404);
    expect((await send(t, "GET", path, { cookie: s.otherTeacherCookie })).status).toBe(404);
    const asParent = await send(t, "GET", path, { cookie: s.parentCookie });
    const asTeacher = await send(t, "GET", path, { cookie: s.teacherCookie });
    expect(asParent.status).toBe(200);
    expect(asTeacher.status).toBe(200);
    expect((asParent.json as StudentPracticeDTO).homework).toHaveLength(1);
    expect((asTeacher.json as StudentPracticeDTO).week).toEqual((asParent.json as StudentPracticeDTO).week);
    // Nothing logged: zeros, never invented figures.
    expect(asParent.json).toMatchObject({ entries: [], streak: { current: 0, longest: 0 }, week: { minutes: 0, days: 0 } });
  });

  it("is reviewed only on or after its due date or once a lesson started since it was set", async () => {
    const s = await seed();
    const early = await createHomework(t.deps, { teacherId: s.teacher.teacherId, studentId: s.studentId, dueOn: utcDay(5), createdAt: new Date(Date.now() - 3 * HOUR) });
    const review = (id: string, cookie: string) => send(t, "POST", `/api/practice/homework/${id}/review`, { body: { comment: "Well done" }, cookie });
    const refused = await review(early.homeworkId, s.teacherCookie);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe(REVIEW_TOO_EARLY_MESSAGE);
    expect((await review(early.homeworkId, s.otherTeacherCookie)).status).toBe(404);
    // A lesson that started an hour ago, after the homework was set.
    await createBooking(t.deps, { teacherId: s.teacher.teacherId, parentId: s.family.parentId, studentId: s.studentId, startsAt: new Date(Math.floor(Date.now() / HOUR) * HOUR - HOUR) });
    const ok = await review(early.homeworkId, s.teacherCookie);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toMatchObject({ status: "reviewed", reviewComment: "Well done" });
    expect((await review(early.homeworkId, s.teacherCookie)).status).toBe(409);
    const due = await createHomework(t.deps, { teacherId: s.teacher.teacherId, studentId: s.studentId, dueOn: utcDay(-2) });
    expect((await review(due.homeworkId, s.teacherCookie)).status).toBe(200);
    const seen = (await send(t, "GET", `/api/practice/students/${s.studentId}`, { cookie: s.parentCookie })).json as StudentPracticeDTO;
    expect(seen.homework.find((h) => h.id === early.homeworkId)).toMatchObject({ status: "reviewed", reviewComment: "Well done", canReview: false });
  });
});

describe("practice log", () => {
  it("date rules: never future, at most 60 days back, in the parent's zone", async () => {
    const s = await seed();
    const log = (body: Record<string, unknown>, cookie = s.parentCookie) => send(t, "POST", "/api/practice/entries", { body: { studentId: s.studentId, minutes: 10, ...body }, cookie });
    await setParentZone(t.deps, s.family.parentId, "Pacific/Kiritimati");
    const kiritimati = today("Pacific/Kiritimati");
    const byDefault = await log({});
    expect(byDefault.status, byDefault.text).toBe(201);
    expect(byDefault.json).toMatchObject({ practicedOn: kiritimati, source: "self_reported", editable: true });
    expect((await log({ practicedOn: addLocalDays(kiritimati, 1) })).json.error.fields).toEqual({ practicedOn: PRACTICE_DATE_RANGE_MESSAGE });
    expect((await log({ practicedOn: addLocalDays(kiritimati, -61) })).status).toBe(400);
    expect((await log({ practicedOn: addLocalDays(kiritimati, -60) })).status).toBe(201);
    // Kiritimati's today is always a future day in Pago Pago (25 hours behind).
    await setParentZone(t.deps, s.family.parentId, "Pacific/Pago_Pago");
    expect((await log({ practicedOn: kiritimati })).status).toBe(400);
    expect((await log({}, s.strangerCookie)).status).toBe(404);
    expect((await log({}, s.teacherCookie)).status).toBe(403);
  });

  it("only the parent who logged an entry edits or deletes it; typed minutes make a timed entry self-reported", async () => {
    const s = await seed();
    const entryId = await createEntry(t.deps, { studentId: s.studentId, parentId: s.family.parentId, practicedOn: utcDay(0), minutes: 30, source: "timed" });
    const path = `/api/practice/entries/${entryId}`;
    expect((await send(t, "PATCH", path, { body: { minutes: 5 }, cookie: s.strangerCookie })).status).toBe(404);
    expect((await send(t, "DELETE", path, { cookie: s.strangerCookie })).status).toBe(404);
    const noted = await send(t, "PATCH", path, { body: { note: "Hands separately" }, cookie: s.parentCookie });
    expect(noted.json).toMatchObject({ source: "timed", minutes: 30, note: "Hands separately" });
    const typed = await send(t, "PATCH", path, { body: { minutes: 25 }, cookie: s.parentCookie });
    expect(typed.json).toMatchObject({ source: "self_reported", minutes: 25 });
    expect((await send(t, "DELETE", path, { cookie: s.parentCookie })).status).toBe(204);
    expect((await send(t, "DELETE", path, { cookie: s.parentCookie })).status).toBe(404);
  });
});

describe("practice XP in the class", () => {
  it("20 concurrent logs give 20 entries and the capped XP; edits, deletes and the switch adjust it", async () => {
    const s = await seed();
    const { classId } = await createClass(t.deps, { teacherId: s.teacher.teacherId, parentId: s.family.parentId, studentId: s.studentId, format: "xp" });
    await t.deps.db.update(classEnrolments).set({ joinedAt: new Date(Date.now() - 10 * 24 * HOUR) }).where(eq(classEnrolments.classId, classId));
    // A goal of 120 minutes a day from yesterday on; three days ago there was no goal (cap 60).
    await createHomework(t.deps, { teacherId: s.teacher.teacherId, studentId: s.studentId, classId, dueOn: utcDay(5), goalMinutesPerDay: 120, goalDaysPerWeek: 5, createdAt: new Date(Date.now() - 24 * HOUR) });
    await createEntry(t.deps, { studentId: s.studentId, parentId: s.family.parentId, practicedOn: utcDay(-3), minutes: 90 });

    const results = await Promise.all(
      Array.from({ length: 20 }, () => send(t, "POST", "/api/practice/entries", { body: { studentId: s.studentId, minutes: 5 }, cookie: s.parentCookie })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const rows = await t.deps.db.select({ id: practiceEntries.id }).from(practiceEntries).where(eq(practiceEntries.studentId, s.studentId));
    expect(rows).toHaveLength(21);

    const classXp = async () => (await send(t, "GET", `/api/classes/${classId}`, { cookie: s.parentCookie })).json as ClassDetail;
    const stored = newClassProgress("xp");
    let detail = await classXp();
    expect(detail.practice).toEqual({ enabled: true, xp: 100 + 60, otherXpClasses: 0 });
    expect(detail.progress).toMatchObject({ level: withPracticeXp(stored, 160).level, xp: withPracticeXp(stored, 160).xp });

    const ids = results.map((r) => (r.json as PracticeEntryDTO).id);
    await send(t, "DELETE", `/api/practice/entries/${ids[0]}`, { cookie: s.parentCookie });
    await send(t, "PATCH", `/api/practice/entries/${ids[1]}`, { body: { minutes: 1 }, cookie: s.parentCookie });
    detail = await classXp();
    expect(detail.practice.xp).toBe(91 + 60);

    const week = (await send(t, "GET", `/api/practice/students/${s.studentId}`, { cookie: s.teacherCookie })).json as StudentPracticeDTO;
    expect(week.goal).toMatchObject({ minutesPerDay: 120, daysPerWeek: 5 });
    expect(week.entries).toHaveLength(20);
    expect(week.entries.every((e) => !e.editable)).toBe(true);

    // An achievement's answer shows the level as the page does: stored progress plus practice.
    const unlocked = await send(t, "POST", `/api/classes/${classId}/progress/categories/performance/achievements/recital-ready/unlock`, { cookie: s.teacherCookie });
    expect(unlocked.status, unlocked.text).toBe(200);
    const withAchievement = (await classXp()).progress;
    expect(unlocked.json.progress).toMatchObject({ level: withAchievement.level, xp: withAchievement.xp });

    const off = await send(t, "PATCH", `/api/practice/classes/${classId}`, { body: { practiceXp: false }, cookie: s.teacherCookie });
    expect(off.json).toEqual({ classId, practiceXp: false });
    expect((await send(t, "PATCH", `/api/practice/classes/${classId}`, { body: { practiceXp: true }, cookie: s.otherTeacherCookie })).status).toBe(404);
    detail = await classXp();
    expect(detail.practice).toEqual({ enabled: false, xp: 0, otherXpClasses: 0 });
    const achievementOnly = withPracticeXp(stored, unlocked.json.xpGained as number);
    expect(detail.progress).toMatchObject({ level: achievementOnly.level, xp: achievementOnly.xp });
  });
});

describe("practice XP counts once (issue 42)", () => {
  it("a child in two XP classes: practice of a class's homework earns XP there, other practice in the first class joined, never in both", async () => {
    const s = await seed();
    await createBooking(t.deps, { teacherId: s.otherTeacher.teacherId, parentId: s.family.parentId, studentId: s.studentId });
    const first = await createClass(t.deps, { teacherId: s.teacher.teacherId, parentId: s.family.parentId, studentId: s.studentId, format: "xp" });
    const second = await createClass(t.deps, { teacherId: s.otherTeacher.teacherId, parentId: s.family.parentId, studentId: s.studentId, format: "xp" });
    await t.deps.db.update(classEnrolments).set({ joinedAt: new Date(Date.now() - 10 * 24 * HOUR) }).where(eq(classEnrolments.classId, first.classId));
    await t.deps.db.update(classEnrolments).set({ joinedAt: new Date(Date.now() - 8 * 24 * HOUR) }).where(eq(classEnrolments.classId, second.classId));
    const secondsHomework = await createHomework(t.deps, { teacherId: s.otherTeacher.teacherId, studentId: s.studentId, classId: second.classId, dueOn: utcDay(5) });

    // 30 minutes with nothing ticked, and 20 minutes of the second class's homework.
    expect((await send(t, "POST", "/api/practice/entries", { body: { studentId: s.studentId, minutes: 30 }, cookie: s.parentCookie })).status).toBe(201);
    const ticked = await send(t, "POST", "/api/practice/entries", { body: { studentId: s.studentId, minutes: 20, homeworkItemIds: secondsHomework.itemIds }, cookie: s.parentCookie });
    expect(ticked.status, ticked.text).toBe(201);

    const xpOf = async (classId: string, cookie: string) => ((await send(t, "GET", `/api/classes/${classId}`, { cookie })).json as ClassDetail).practice.xp;
    // Before, each class counted all 50 minutes of the day (capped at 60): 50 + 50.
    expect([await xpOf(first.classId, s.teacherCookie), await xpOf(second.classId, s.otherTeacherCookie)]).toEqual([30, 20]);
    const page = (await send(t, "GET", `/api/classes/${first.classId}`, { cookie: s.parentCookie })).json as ClassDetail;
    expect(page.practice.otherXpClasses).toBe(1);

    // The first class's teacher turns practice XP off: its practice now counts in the other class.
    await send(t, "PATCH", `/api/practice/classes/${first.classId}`, { body: { practiceXp: false }, cookie: s.teacherCookie });
    expect([await xpOf(first.classId, s.teacherCookie), await xpOf(second.classId, s.otherTeacherCookie)]).toEqual([0, 50]);
  });
});

describe("a class whose teacher deleted their account (issue 41)", () => {
  it("keeps the student's practice history and XP, and names the teacher \"Deleted teacher\" on the class and the homework", async () => {
    const s = await seed();
    const { classId } = await createClass(t.deps, { teacherId: s.teacher.teacherId, parentId: s.family.parentId, studentId: s.studentId, format: "xp" });
    await t.deps.db.update(classEnrolments).set({ joinedAt: new Date(Date.now() - 10 * 24 * HOUR) }).where(eq(classEnrolments.classId, classId));
    await createHomework(t.deps, { teacherId: s.teacher.teacherId, studentId: s.studentId, classId, dueOn: utcDay(5), goalMinutesPerDay: 120, goalDaysPerWeek: 5, createdAt: new Date(Date.now() - 3 * 24 * HOUR) });
    await createEntry(t.deps, { studentId: s.studentId, parentId: s.family.parentId, practicedOn: utcDay(-2), minutes: 90 });
    await createEntry(t.deps, { studentId: s.studentId, parentId: s.family.parentId, practicedOn: utcDay(-1), minutes: 30 });
    const classDetail = async () => (await send(t, "GET", `/api/classes/${classId}`, { cookie: s.parentCookie })).json as ClassDetail;
    const before = await classDetail();
    expect(before.practice.xp).toBe(120);
    expect(before.teacherCanTeach).toBe(true);

    const deleted = await send(t, "DELETE", "/api/accounts/me", { cookie: s.teacherCookie, body: { password: s.teacher.password } });
    expect(deleted.status, deleted.text).toBe(200);

    const after = await classDetail();
    expect(after.teacherName).toBe(DELETED_TEACHER_NAME);
    // Nothing offered that cannot work: no booking, no message (class-messages.ts).
    expect(after.teacherCanTeach).toBe(false);
    expect(after.practice).toEqual(before.practice);
    expect(after.progress).toMatchObject({ level: before.progress.level, xp: before.progress.xp });
    const practice = (await send(t, "GET", `/api/practice/students/${s.studentId}`, { cookie: s.parentCookie })).json as StudentPracticeDTO;
    expect(practice.entries).toHaveLength(2);
    expect(practice.homework.map((h) => h.teacherName)).toEqual([DELETED_TEACHER_NAME]);
  });
});

describe("practice timer", () => {
  it("starts once, pauses, resumes, refuses under a minute and over 10 hours, logs timed minutes", async () => {
    const s = await seed();
    const path = `/api/practice/students/${s.studentId}/timer`;
    expect((await send(t, "POST", path, { cookie: s.strangerCookie })).status).toBe(404);
    expect((await send(t, "POST", path, { cookie: s.parentCookie })).status).toBe(201);
    expect((await send(t, "POST", path, { cookie: s.parentCookie })).json.error.message).toBe(TIMER_RUNNING_MESSAGE);
    expect((await send(t, "POST", `${path}/pause`, { cookie: s.parentCookie })).json).toMatchObject({ running: false });
    expect((await send(t, "POST", `${path}/resume`, { cookie: s.parentCookie })).json).toMatchObject({ running: true });
    const short = await send(t, "POST", `${path}/stop-and-log`, { body: {}, cookie: s.parentCookie });
    expect(short.json.error.message).toBe(TIMER_TOO_SHORT_MESSAGE);

    await createTimer(t.deps, { studentId: s.studentId, parentId: s.family.parentId, minutesAgo: 601 });
    const long = await send(t, "POST", `${path}/stop-and-log`, { body: {}, cookie: s.parentCookie });
    expect(long.status).toBe(409);
    expect(long.json.error.message).toBe(TIMER_TOO_LONG_MESSAGE);
    // Refused, not lost: the parent can still see and discard it.
    expect((await send(t, "GET", path, { cookie: s.parentCookie })).json).toMatchObject({ running: true });
    expect((await send(t, "DELETE", path, { cookie: s.parentCookie })).status).toBe(204);
    expect((await send(t, "POST", `${path}/stop-and-log`, { body: {}, cookie: s.parentCookie })).json.error.message).toBe(NO_TIMER_MESSAGE);

    await createTimer(t.deps, { studentId: s.studentId, parentId: s.family.parentId, minutesAgo: 30 });
    const [a, b] = await Promise.all([
      send(t, "POST", `${path}/stop-and-log`, { body: { note: "Scales" }, cookie: s.parentCookie }),
      send(t, "POST", `${path}/stop-and-log`, { body: { note: "Scales" }, cookie: s.parentCookie }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect((a.status === 201 ? a : b).json).toMatchObject({ minutes: 30, source: "timed", note: "Scales", practicedOn: today("UTC") });
    expect((await send(t, "GET", path, { cookie: s.parentCookie })).json).toBeNull();
  });
});
