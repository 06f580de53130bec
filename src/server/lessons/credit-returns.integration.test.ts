import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBooking } from "../../../tests/factories/bookings";
import { newYorkTime } from "../../../tests/factories/lessons";
import { signedInFamily, signedInNewYorkTeacher, type SignedInFamily, type SignedInTeacher } from "../../../tests/factories/signed-in";
import { send } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import type { BookingRequestDTO } from "../../shared/booking/booking.schemas";
import type { CreditLedgerDTO } from "../../shared/lessons/lessons.schemas";
import { PENDING_EXPIRY_HOURS } from "../../shared/lessons/pending-expiry.rules";
import { creditStateAfter, type CreditEventKind, type CreditReturnReason } from "../../shared/lessons/credits.rules";
import { makeUpCreditEvents, makeUpCredits } from "../db/schema";
import { JOB_KINDS, JOB_SWEEPS } from "../job-kinds";
import { runDueJobs } from "../jobs/job-runner";

/**
 * Issue 26, credits that come back: a make-up credit spent on a request returns to the family when
 * the request is declined, withdrawn or expires, or when the teacher cancels the lesson it paid
 * for; once, whatever races; and every step is in its history.
 */

const t = testAppForFile();

const H = 3_600_000;

const family = (firstName?: string) => signedInFamily(t, firstName);
const teacherOf = (noticeHours?: number) => signedInNewYorkTeacher(t, noticeHours);
type Family = SignedInFamily;
type Teacher = SignedInTeacher;

/** A lesson the teacher cancels: the family gets one credit (issued through the real flow). */
async function creditFor(teacher: Teacher, parent: Family): Promise<string> {
  const { bookingId } = await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, status: "accepted", startsAt: newYorkTime(5, 10) });
  const res = await send(t, "POST", `/api/lessons/${bookingId}/cancel`, { cookie: teacher.cookie, body: { scope: "one" } });
  expect(res.status, res.text).toBe(200);
  expect(res.json.creditsIssued).toBe(1);
  return bookingId;
}

async function requestWithCredit(teacher: Teacher, parent: Family, startsAt: Date): Promise<BookingRequestDTO> {
  const res = await send(t, "POST", "/api/bookings", {
    cookie: parent.cookie,
    body: { teacherId: teacher.teacherId, studentId: parent.studentIds[0], bookingType: "full", format: "in_person", startTimes: [startsAt.toISOString()], useMakeUpCredit: true },
  });
  expect(res.status, res.text).toBe(201);
  return (res.json.bookings as BookingRequestDTO[])[0]!;
}

async function ledgerOf(parent: Family): Promise<CreditLedgerDTO> {
  const ledgers = (await send(t, "GET", "/api/lessons/credits", { cookie: parent.cookie })).json.ledgers as CreditLedgerDTO[];
  expect(ledgers).toHaveLength(1);
  return ledgers[0]!;
}

/** The stored steps of the teacher's credits, oldest first, as (kind, reason). */
async function stepsOf(teacherId: string) {
  const rows = await t.deps.db
    .select({ kind: makeUpCreditEvents.kind, reason: makeUpCreditEvents.reason, bookingId: makeUpCreditEvents.bookingId })
    .from(makeUpCreditEvents)
    .innerJoin(makeUpCredits, eq(makeUpCredits.id, makeUpCreditEvents.creditId))
    .where(eq(makeUpCredits.teacherId, teacherId))
    .orderBy(asc(makeUpCreditEvents.at), asc(makeUpCreditEvents.id));
  return rows;
}

const decline = (teacher: Teacher, bookingId: string) => send(t, "POST", `/api/bookings/${bookingId}/decline`, { cookie: teacher.cookie });

describe("a make-up credit comes back", () => {
  it("when the teacher declines the request: available again, its history issued → spent → returned (declined), and it can be spent again", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    await creditFor(teacher, parent);
    const request = await requestWithCredit(teacher, parent, newYorkTime(9, 11));
    expect((await ledgerOf(parent)).summary).toMatchObject({ used: 1, available: 0 });

    // The teacher tells a make-up request from a normal one: the credit's lesson is named.
    const pending = (await send(t, "GET", "/api/bookings/requests", { cookie: teacher.cookie })).json.bookings as BookingRequestDTO[];
    expect(pending.find((r) => r.id === request.id)?.makeUpCreditFrom).toBe(newYorkTime(5, 10).toISOString());

    const res = await decline(teacher, request.id);
    expect(res.status, res.text).toBe(200);
    const ledger = await ledgerOf(parent);
    expect(ledger.summary).toEqual({ issued: 1, used: 0, expired: 0, voided: 0, available: 1 });
    const credit = ledger.credits[0]!;
    expect(credit).toMatchObject({ status: "available", usedAt: null });
    expect(credit.history.map((s) => [s.kind, s.reason])).toEqual([
      ["issued", null],
      ["spent", null],
      ["returned", "declined"],
    ]);
    // The steps name the lessons: issued for the cancelled one, spent on and given back from the request.
    expect(credit.history.map((s) => s.lessonStartsAt)).toEqual([newYorkTime(5, 10).toISOString(), request.startsAt, request.startsAt]);
    // Once back it no longer marks the declined request as a make-up.
    const mine = (await send(t, "GET", "/api/bookings/mine", { cookie: parent.cookie })).json.bookings as BookingRequestDTO[];
    expect(mine.find((r) => r.id === request.id)).toMatchObject({ status: "declined", makeUpCreditFrom: null });

    // Spent again on a new request.
    await requestWithCredit(teacher, parent, newYorkTime(10, 11));
    expect((await ledgerOf(parent)).summary).toMatchObject({ used: 1, available: 0 });
    const steps = await stepsOf(teacher.teacherId);
    expect(steps.map((s) => s.kind)).toEqual(["issued", "spent", "returned", "spent"]);
    // The stored history is one the state machine can produce.
    expect(creditStateAfter(steps.map((s) => ({ kind: s.kind as CreditEventKind, reason: s.reason as CreditReturnReason | null })))).toBe("spent");

    // The teacher's own view of the ledger shows the same history.
    const teaching = (await send(t, "GET", "/api/lessons/teaching/credits", { cookie: teacher.cookie })).json.ledgers as CreditLedgerDTO[];
    expect(teaching[0]!.credits[0]!.history.map((s) => s.kind)).toEqual(["issued", "spent", "returned", "spent"]);
  });

  it("when the parent withdraws the request", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    await creditFor(teacher, parent);
    const request = await requestWithCredit(teacher, parent, newYorkTime(9, 11));
    const res = await send(t, "POST", `/api/lessons/${request.id}/cancel`, { cookie: parent.cookie, body: { scope: "one" } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ creditsIssued: 0, creditsReturned: 1 });
    const ledger = await ledgerOf(parent);
    expect(ledger.summary).toMatchObject({ issued: 1, used: 0, available: 1 });
    expect(ledger.credits[0]!.history.map((s) => [s.kind, s.reason])).toEqual([
      ["issued", null],
      ["spent", null],
      ["returned", "withdrawn"],
    ]);
  });

  it("when the request expires unanswered (the jobs sweep), in the same pass that frees its time", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    await creditFor(teacher, parent);
    const request = await requestWithCredit(teacher, parent, newYorkTime(9, 11));
    const expiresAt = new Date(new Date(request.createdAt).getTime() + PENDING_EXPIRY_HOURS * H);
    await runDueJobs(t.deps, { kinds: JOB_KINDS, sweeps: JOB_SWEEPS, now: new Date(expiresAt.getTime() - 1) });
    expect((await ledgerOf(parent)).summary).toMatchObject({ used: 1, available: 0 });
    await runDueJobs(t.deps, { kinds: JOB_KINDS, sweeps: JOB_SWEEPS, now: expiresAt });
    const ledger = await ledgerOf(parent);
    expect(ledger.summary).toMatchObject({ used: 0, available: 1 });
    expect(ledger.credits[0]!.history.at(-1)).toMatchObject({ kind: "returned", reason: "expired", at: expiresAt.toISOString() });
    // Another pass gives nothing back twice.
    await runDueJobs(t.deps, { kinds: JOB_KINDS, sweeps: JOB_SWEEPS, now: new Date(expiresAt.getTime() + H) });
    expect((await stepsOf(teacher.teacherId)).filter((s) => s.kind === "returned")).toHaveLength(1);
  });

  it("when the teacher cancels the make-up lesson it paid for: the same credit comes back, no second one is issued", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    await creditFor(teacher, parent);
    const request = await requestWithCredit(teacher, parent, newYorkTime(9, 11));
    expect((await send(t, "POST", `/api/bookings/${request.id}/accept`, { cookie: teacher.cookie })).status).toBe(200);
    const res = await send(t, "POST", `/api/lessons/${request.id}/cancel`, { cookie: teacher.cookie, body: { scope: "one" } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ creditsIssued: 0, creditsReturned: 1 });
    const ledger = await ledgerOf(parent);
    expect(ledger.summary).toEqual({ issued: 1, used: 0, expired: 0, voided: 0, available: 1 });
    expect(ledger.credits[0]!.history.at(-1)).toMatchObject({ kind: "returned", reason: "teacher_cancelled" });
  });

  it("a parent cancelling an accepted make-up lesson in good time gets a new credit; the spent one stays used", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    await creditFor(teacher, parent);
    const request = await requestWithCredit(teacher, parent, newYorkTime(9, 11));
    expect((await send(t, "POST", `/api/bookings/${request.id}/accept`, { cookie: teacher.cookie })).status).toBe(200);
    const res = await send(t, "POST", `/api/lessons/${request.id}/cancel`, { cookie: parent.cookie, body: { scope: "one" } });
    expect(res.json).toMatchObject({ creditsIssued: 1, creditsReturned: 0 });
    expect((await ledgerOf(parent)).summary).toMatchObject({ issued: 2, used: 1, available: 1 });
  });
});

describe("never twice", () => {
  it("two declines racing: one decides, the other is a 409, and the credit comes back once", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    await creditFor(teacher, parent);
    const request = await requestWithCredit(teacher, parent, newYorkTime(9, 11));
    const results = await Promise.all([decline(teacher, request.id), decline(teacher, request.id), decline(teacher, request.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const steps = await stepsOf(teacher.teacherId);
    expect(steps.map((s) => [s.kind, s.reason])).toEqual([
      ["issued", null],
      ["spent", null],
      ["returned", "declined"],
    ]);
    expect((await ledgerOf(parent)).summary).toMatchObject({ available: 1, used: 0 });
  });

  it("a decline racing the parent's withdrawal: one of them ends the request, the credit comes back once", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    await creditFor(teacher, parent);
    const request = await requestWithCredit(teacher, parent, newYorkTime(9, 11));
    const results = await Promise.all([
      decline(teacher, request.id),
      send(t, "POST", `/api/lessons/${request.id}/cancel`, { cookie: parent.cookie, body: { scope: "one" } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const returned = (await stepsOf(teacher.teacherId)).filter((s) => s.kind === "returned");
    expect(returned).toHaveLength(1);
    expect(["declined", "withdrawn"]).toContain(returned[0]!.reason);
  });

  it("a decline racing the expiry sweep: the credit comes back once", async () => {
    const [teacher, parent] = await Promise.all([teacherOf(), family()]);
    await creditFor(teacher, parent);
    const request = await requestWithCredit(teacher, parent, newYorkTime(9, 11));
    const expiresAt = new Date(new Date(request.createdAt).getTime() + PENDING_EXPIRY_HOURS * H);
    await Promise.all([decline(teacher, request.id), runDueJobs(t.deps, { kinds: JOB_KINDS, sweeps: JOB_SWEEPS, now: expiresAt })]);
    expect((await stepsOf(teacher.teacherId)).filter((s) => s.kind === "returned")).toHaveLength(1);
    expect((await ledgerOf(parent)).summary).toMatchObject({ available: 1, used: 0 });
  });
});
