import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { createSeries, newYorkTeacher, newYorkTime } from "../../../tests/factories/lessons";
import { send, signIn } from "../../../tests/fixtures/http";
import { lastMail } from "../../../tests/fixtures/outbox";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { tableCounts } from "../../../tests/api/world";
import { SLOT_TAKEN_MESSAGE } from "../../shared/booking/booking.schemas";
import { LESSON_STARTED_MESSAGE } from "../../shared/lessons/cancellation.rules";
import { LATE_RESCHEDULE_MESSAGE, NOT_STARTED_MESSAGE } from "../../shared/lessons/lesson-changes.rules";
import { NO_CREDIT_MESSAGE, type CreditLedgerDTO, type LessonDTO } from "../../shared/lessons/lessons.schemas";
import { bookings, bookingSlots, calendarEvents, makeUpCredits } from "../db/schema";
import { cancelLesson } from "./lessons.service";

const t = testAppForFile();

const H = 3_600_000;

async function family(students = 1) {
  const parent = await createParent(t.deps, { students });
  return { ...parent, cookie: await signIn(t, "parent", parent.email, parent.password) };
}

async function teacherOf(noticeHours = 24) {
  const teacher = await newYorkTeacher(t.deps, noticeHours);
  return { ...teacher, cookie: await signIn(t, "teacher", teacher.email, teacher.password) };
}

async function lesson(teacher: { teacherId: string }, parent: { parentId: string; studentIds: string[] }, startsAt: Date) {
  return createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, status: "accepted", startsAt });
}

async function stateOf(bookingId: string) {
  const [row] = await t.deps.db
    .select({ status: bookings.status, lateCancel: bookings.lateCancel, cancelledBy: bookings.cancelledBy, slotStatus: bookingSlots.status, startsAt: bookingSlots.startsAt })
    .from(bookings)
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .where(eq(bookings.id, bookingId));
  const events = await t.deps.db.select({ status: calendarEvents.status, startsAt: calendarEvents.startsAt }).from(calendarEvents).where(eq(calendarEvents.bookingId, bookingId));
  const credits = await t.deps.db.select().from(makeUpCredits).where(eq(makeUpCredits.issuedForBookingId, bookingId));
  return { ...row!, events, credits: credits.length };
}

const cancel = (cookie: string, bookingId: string, scope = "one") =>
  send(t, "POST", `/api/lessons/${bookingId}/cancel`, { cookie, body: { scope } });

describe("cancel", () => {
  it("a parent cancelling outside the notice window: cancelled, slot released, event cancelled, a credit, the teacher emailed", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    const { bookingId } = await lesson(teacher, parent, newYorkTime(3, 10));
    const res = await cancel(parent.cookie, bookingId);
    expect(res.status, res.text).toBe(200);
    expect(res.json.creditsIssued).toBe(1);
    expect((res.json.lessons as LessonDTO[])[0]).toMatchObject({ status: "cancelled", cancelledBy: "parent", lateCancel: false });
    const state = await stateOf(bookingId);
    expect(state).toMatchObject({ status: "cancelled", slotStatus: "released", lateCancel: false, credits: 1 });
    expect(state.events.map((e) => e.status)).toEqual(["cancelled"]);
    const { mail } = await lastMail(t, teacher.email, "lesson-cancelled");
    expect(mail.textBody).toContain("make-up credit");
    // The same time is open again.
    const again = await send(t, "POST", "/api/bookings", {
      cookie: parent.cookie,
      body: { teacherId: teacher.teacherId, studentId: parent.studentIds[0], bookingType: "full", format: "in_person", startTimes: [newYorkTime(3, 10).toISOString()] },
    });
    expect(again.status, again.text).toBe(201);
  });

  it("a parent cancelling inside the window: a late cancel, no credit", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    const { bookingId } = await lesson(teacher, parent, new Date(Date.now() + 2 * H));
    const res = await cancel(parent.cookie, bookingId);
    expect(res.status, res.text).toBe(200);
    expect(res.json.creditsIssued).toBe(0);
    expect(await stateOf(bookingId)).toMatchObject({ status: "cancelled", lateCancel: true, credits: 0, slotStatus: "released" });
    expect((await lastMail(t, teacher.email, "lesson-cancelled")).mail.textBody).not.toContain("make-up credit");
  });

  it("exactly at the boundary (24 h before) is on time; a millisecond later is late", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    const startsAt = newYorkTime(5, 10);
    const onTime = await lesson(teacher, parent, startsAt);
    const late = await lesson(teacher, parent, new Date(startsAt.getTime() + 2 * H));
    const onTimeResult = await cancelLesson(t.deps, parent.userId, onTime.bookingId, { scope: "one" }, new Date(startsAt.getTime() - 24 * H));
    expect(onTimeResult.creditsIssued).toBe(1);
    const lateResult = await cancelLesson(t.deps, parent.userId, late.bookingId, { scope: "one" }, new Date(startsAt.getTime() + 2 * H - 24 * H + 1));
    expect(lateResult.creditsIssued).toBe(0);
    expect(await stateOf(late.bookingId)).toMatchObject({ lateCancel: true, credits: 0 });
  });

  it("the teacher's notice setting is the window: 168 h makes a lesson 3 days out late", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(168), family()]);
    const soon = await lesson(teacher, parent, newYorkTime(3, 10));
    const far = await lesson(teacher, parent, newYorkTime(28, 10));
    expect((await cancel(parent.cookie, soon.bookingId)).json.creditsIssued).toBe(0);
    expect((await cancel(parent.cookie, far.bookingId)).json.creditsIssued).toBe(1);
  });

  it("a teacher's cancel gives a credit even an hour before; the parent is emailed", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    const { bookingId } = await lesson(teacher, parent, new Date(Date.now() + H));
    const res = await cancel(teacher.cookie, bookingId);
    expect(res.status, res.text).toBe(200);
    expect(res.json.creditsIssued).toBe(1);
    expect(await stateOf(bookingId)).toMatchObject({ cancelledBy: "teacher", lateCancel: true, credits: 1 });
    expect((await lastMail(t, parent.email, "lesson-cancelled")).mail.textBody).toContain("received a make-up credit");
  });

  it("the rest of a series: this lesson and the later ones, not the earlier", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    const starts = [7, 14, 21, 28].map((d) => newYorkTime(d, 11));
    const { bookingIds } = await createSeries(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, starts });
    const res = await cancel(parent.cookie, bookingIds[1]!, "rest_of_series");
    expect(res.status, res.text).toBe(200);
    expect((res.json.lessons as LessonDTO[]).map((l) => l.id)).toEqual(bookingIds.slice(1));
    expect(res.json.creditsIssued).toBe(3);
    expect((await stateOf(bookingIds[0]!)).status).toBe("accepted");
    const rows = await t.deps.db.select({ status: bookings.status }).from(bookings).where(inArray(bookings.id, bookingIds.slice(1)));
    expect(rows.map((r) => r.status)).toEqual(["cancelled", "cancelled", "cancelled"]);
  });

  it("refuses a started or already cancelled lesson (409) and strangers (404), changing nothing", async () => {
    const [teacher, parent, other, otherTeacher] = await Promise.all([teacherOf(), family(), family(), teacherOf()]);
    const started = await lesson(teacher, parent, new Date(Date.now() - 10 * 60_000));
    const res = await cancel(parent.cookie, started.bookingId);
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe(LESSON_STARTED_MESSAGE);
    const { bookingId } = await lesson(teacher, parent, newYorkTime(4, 12));
    const before = await tableCounts(t);
    expect((await cancel(other.cookie, bookingId)).status).toBe(404);
    expect((await cancel(otherTeacher.cookie, bookingId)).status).toBe(404);
    expect((await cancel(parent.cookie, "not-a-uuid")).status).toBe(404);
    expect((await cancel(parent.cookie, bookingId, "all")).status).toBe(400);
    expect((await send(t, "POST", `/api/lessons/${bookingId}/cancel`, { cookie: parent.cookie, body: {} })).status).toBe(400);
    expect(await tableCounts(t)).toEqual(before);
    expect((await cancel(parent.cookie, bookingId)).status).toBe(200);
    const twice = await cancel(teacher.cookie, bookingId);
    expect(twice.status).toBe(409);
    expect(twice.json.error.message).toContain("cancelled");
  });
});

const reschedule = (cookie: string, bookingId: string, startsAt: Date) =>
  send(t, "POST", `/api/lessons/${bookingId}/reschedule`, { cookie, body: { startsAt: startsAt.toISOString() } });

describe("reschedule", () => {
  it("moves the lesson: old slot released, new slot booked, event moved, the teacher emailed", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    const { bookingId, slotId } = await lesson(teacher, parent, newYorkTime(3, 10));
    const to = newYorkTime(4, 14);
    const res = await reschedule(parent.cookie, bookingId, to);
    expect(res.status, res.text).toBe(200);
    expect(res.json.lesson.startsAt).toBe(to.toISOString());
    const state = await stateOf(bookingId);
    expect(state).toMatchObject({ status: "accepted", slotStatus: "booked", startsAt: to });
    expect(state.events.map((e) => e.startsAt)).toEqual([to]);
    const [old] = await t.deps.db.select({ status: bookingSlots.status }).from(bookingSlots).where(eq(bookingSlots.id, slotId));
    expect(old!.status).toBe("released");
    expect((await lastMail(t, teacher.email, "lesson-rescheduled")).mail.textBody).toContain("moved");
    // Within its own hour (10:00 → 10:00 the next day is trivial; 14:00 → 13:00 overlaps the old span).
    expect((await reschedule(teacher.cookie, bookingId, newYorkTime(4, 13))).status).toBe(200);
  });

  it("refuses a taken time, a time outside the teacher's hours and a parent's late move (409), changing nothing", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    const { bookingId } = await lesson(teacher, parent, newYorkTime(3, 10));
    await lesson(teacher, parent, newYorkTime(3, 12));
    const soon = await lesson(teacher, parent, new Date(Date.now() + 3 * H));
    const before = await tableCounts(t);
    const taken = await reschedule(parent.cookie, bookingId, newYorkTime(3, 12));
    expect(taken.status).toBe(409);
    expect(taken.json.error.message).toBe(SLOT_TAKEN_MESSAGE);
    expect((await reschedule(parent.cookie, bookingId, newYorkTime(3, 20))).status).toBe(409);
    const late = await reschedule(parent.cookie, soon.bookingId, newYorkTime(5, 10));
    expect(late.status).toBe(409);
    expect(late.json.error.message).toBe(LATE_RESCHEDULE_MESSAGE);
    expect((await send(t, "POST", `/api/lessons/${bookingId}/reschedule`, { cookie: parent.cookie, body: { startsAt: "tomorrow" } })).status).toBe(400);
    expect(await tableCounts(t)).toEqual(before);
    expect(await stateOf(bookingId)).toMatchObject({ slotStatus: "booked", startsAt: newYorkTime(3, 10) });
  });

  it("two parents moving to one free time at once: one wins, the other gets 409", async () => {
    const [teacher, a, b] = await Promise.all([teacherOf(), family(), family()]);
    const first = await lesson(teacher, a, newYorkTime(3, 9));
    const second = await lesson(teacher, b, newYorkTime(3, 11));
    const free = newYorkTime(3, 15);
    const results = await Promise.all([reschedule(a.cookie, first.bookingId, free), reschedule(b.cookie, second.bookingId, free)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const booked = await t.deps.db
      .select({ id: bookingSlots.id })
      .from(bookingSlots)
      .where(eq(bookingSlots.teacherId, teacher.teacherId));
    expect(booked.length).toBe(3); // two original slots and one new one
    const loser = results[0].status === 409 ? first : second;
    expect((await stateOf(loser.bookingId)).slotStatus).toBe("booked");
  });
});

describe("make-up credits", () => {
  const bookWithCredit = (parent: { cookie: string; studentIds: string[] }, teacherId: string, startsAt: Date) =>
    send(t, "POST", "/api/bookings", {
      cookie: parent.cookie,
      body: { teacherId, studentId: parent.studentIds[0], bookingType: "full", format: "in_person", startTimes: [startsAt.toISOString()], useMakeUpCredit: true },
    });

  it("the ledger shows the credit; a make-up booking spends it; none left is a 409 with nothing stored", async () => {
    const [teacher, parent, otherTeacher] = await Promise.all([teacherOf(), family(), teacherOf()]);
    const { bookingId } = await lesson(teacher, parent, newYorkTime(6, 10));
    await cancel(teacher.cookie, bookingId);
    const ledger = await send(t, "GET", "/api/lessons/credits", { cookie: parent.cookie });
    expect(ledger.status).toBe(200);
    const [entry] = ledger.json.ledgers as CreditLedgerDTO[];
    expect(entry!.summary).toEqual({ issued: 1, used: 0, expired: 0, voided: 0, available: 1 });
    // Another teacher's lesson cannot use it.
    const wrong = await bookWithCredit(parent, otherTeacher.teacherId, newYorkTime(8, 10));
    expect(wrong.status).toBe(409);
    expect(wrong.json.error.message).toBe(NO_CREDIT_MESSAGE);
    const made = await bookWithCredit(parent, teacher.teacherId, newYorkTime(8, 10));
    expect(made.status, made.text).toBe(201);
    const after = (await send(t, "GET", "/api/lessons/credits", { cookie: parent.cookie })).json.ledgers as CreditLedgerDTO[];
    expect(after[0]!.summary).toMatchObject({ used: 1, available: 0 });
    const mine = (await send(t, "GET", "/api/lessons/mine", { cookie: parent.cookie })).json.lessons as LessonDTO[];
    expect(mine.find((l) => l.id === made.json.bookings[0].id)?.madeUp).toBe(true);
    const before = await tableCounts(t);
    expect((await bookWithCredit(parent, teacher.teacherId, newYorkTime(9, 10))).status).toBe(409);
    expect(await tableCounts(t)).toEqual(before);
    // Two times with one credit is refused up front.
    const two = await send(t, "POST", "/api/bookings", {
      cookie: parent.cookie,
      body: { teacherId: teacher.teacherId, studentId: parent.studentIds[0], bookingType: "full", startTimes: [newYorkTime(10, 10).toISOString(), newYorkTime(11, 10).toISOString()], useMakeUpCredit: true },
    });
    expect(two.status).toBe(400);
  });

  it("two make-up bookings at once with one credit: one wins", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    const { bookingId } = await lesson(teacher, parent, newYorkTime(6, 10));
    await cancel(teacher.cookie, bookingId);
    const results = await Promise.all([bookWithCredit(parent, teacher.teacherId, newYorkTime(8, 10)), bookWithCredit(parent, teacher.teacherId, newYorkTime(8, 13))]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const credits = await t.deps.db.select().from(makeUpCredits).where(eq(makeUpCredits.teacherId, teacher.teacherId));
    expect(credits.map((c) => c.usedByBookingId)).toEqual([results.find((r) => r.status === 201)!.json.bookings[0].id]);
  });

  it("a credit older than 120 days is expired and cannot be used", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    const { bookingId } = await lesson(teacher, parent, newYorkTime(6, 10));
    await cancel(teacher.cookie, bookingId);
    await t.deps.db.update(makeUpCredits).set({ issuedAt: new Date(Date.now() - 121 * 24 * H) }).where(eq(makeUpCredits.issuedForBookingId, bookingId));
    const ledger = (await send(t, "GET", "/api/lessons/credits", { cookie: parent.cookie })).json.ledgers as CreditLedgerDTO[];
    expect(ledger[0]!.summary).toMatchObject({ expired: 1, available: 0 });
    expect((await bookWithCredit(parent, teacher.teacherId, newYorkTime(8, 10))).status).toBe(409);
  });
});

describe("attendance and notes", () => {
  const mark = (cookie: string, bookingId: string, body: Record<string, unknown>) => send(t, "PUT", `/api/lessons/${bookingId}/attendance`, { cookie, body });

  it("after the start the teacher marks attended with a note: the event is completed, the parent reads the note", async () => {
    const [teacher, parent, otherTeacher] = await Promise.all([teacherOf(), family(), teacherOf()]);
    const future = await lesson(teacher, parent, newYorkTime(3, 10));
    const notYet = await mark(teacher.cookie, future.bookingId, { outcome: "attended", note: "" });
    expect(notYet.status).toBe(409);
    expect(notYet.json.error.message).toBe(NOT_STARTED_MESSAGE);
    const { bookingId } = await lesson(teacher, parent, new Date(Date.now() - 2 * H));
    expect((await mark(otherTeacher.cookie, bookingId, { outcome: "attended", note: "" })).status).toBe(404);
    expect((await mark(parent.cookie, bookingId, { outcome: "attended", note: "" })).status).toBe(403);
    expect((await mark(teacher.cookie, bookingId, { outcome: "attended", note: "x".repeat(5001) })).status).toBe(400);
    expect((await mark(teacher.cookie, bookingId, { outcome: "late", note: "" })).status).toBe(400);
    expect((await mark(teacher.cookie, bookingId, { outcome: "attended" })).status).toBe(400);
    const res = await mark(teacher.cookie, bookingId, { outcome: "attended", note: "  Scales in G; practise bars 1-8 hands apart.  " });
    expect(res.status, res.text).toBe(200);
    expect(res.json.lesson).toMatchObject({ attendance: "attended", lessonNote: "Scales in G; practise bars 1-8 hands apart." });
    expect((await stateOf(bookingId)).events.map((e) => e.status)).toEqual(["completed"]);
    const mine = (await send(t, "GET", "/api/lessons/mine", { cookie: parent.cookie })).json.lessons as LessonDTO[];
    expect(mine.find((l) => l.id === bookingId)?.lessonNote).toBe("Scales in G; practise bars 1-8 hands apart.");
    // A correction to missed puts the event back.
    expect((await mark(teacher.cookie, bookingId, { outcome: "missed", note: "" })).json.lesson.attendance).toBe("missed");
    expect((await stateOf(bookingId)).events.map((e) => e.status)).toEqual(["upcoming"]);
  });

  it("cancelled after the start: the teacher's cancel, with a credit", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    const { bookingId } = await lesson(teacher, parent, new Date(Date.now() - H));
    const res = await mark(teacher.cookie, bookingId, { outcome: "cancelled", note: "I was ill." });
    expect(res.status, res.text).toBe(200);
    expect(await stateOf(bookingId)).toMatchObject({ status: "cancelled", cancelledBy: "teacher", credits: 1 });
    expect((await mark(teacher.cookie, bookingId, { outcome: "attended", note: "" })).status).toBe(409);
  });
});

describe("lists", () => {
  it("each side sees its own lessons only", async () => {
    const [teacher, parent, other] = await Promise.all([teacherOf(), family(), family()]);
    const { bookingId } = await lesson(teacher, parent, newYorkTime(3, 10));
    const mine = (await send(t, "GET", "/api/lessons/mine", { cookie: parent.cookie })).json.lessons as LessonDTO[];
    expect(mine.map((l) => l.id)).toEqual([bookingId]);
    expect(mine[0]!.freeCancellationUntil).toBe(new Date(newYorkTime(3, 10).getTime() - 24 * H).toISOString());
    expect((await send(t, "GET", "/api/lessons/mine", { cookie: other.cookie })).json.lessons).toEqual([]);
    const teaching = (await send(t, "GET", "/api/lessons/teaching", { cookie: teacher.cookie })).json.lessons as LessonDTO[];
    expect(teaching.map((l) => l.id)).toEqual([bookingId]);
    const stranger = await createTeacher(t.deps);
    const strangerCookie = await signIn(t, "teacher", stranger.email, stranger.password);
    expect((await send(t, "GET", "/api/lessons/teaching", { cookie: strangerCookie })).json.lessons).toEqual([]);
  });
});
