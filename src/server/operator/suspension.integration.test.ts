import { and, eq, inArray } from "drizzle-orm";
import { OPERATOR_REASON_MESSAGE } from "../../shared/operator/operator.schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperator, createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { cookieHeader, send, signIn, signInOperator } from "../../../tests/fixtures/http";
import { lastMail } from "../../../tests/fixtures/outbox";
import { SseReader } from "../../../tests/fixtures/sse";
import { createTwoProcessApps, type TestApp } from "../../../tests/fixtures/test-app";
import { totpFromUri } from "../../../tests/fixtures/totp";
import { accountSuspendedMessage, ALREADY_SUSPENDED_MESSAGE, NOT_SUSPENDED_MESSAGE, type OperatorAccountDTO } from "../../shared/operator/accounts.schemas";
import { accountSuspensions, bookings, mailOutbox, makeUpCredits, operatorActions, reports, session, teacherProfiles } from "../db/schema";
import { issueCredit, recordAttendance } from "../../../tests/factories/lesson-history";
import { sentInvoice, setLessonPrice } from "../../../tests/factories/invoices";
import type { Statement } from "../../shared/earnings/earnings.schemas";
import type { CreditLedgerDTO, LessonDTO } from "../../shared/lessons/lessons.schemas";
import { CREDIT_REASON_LABELS } from "../../shared/lessons/credits.rules";
import type { ConversationSummary } from "../../shared/messages/messages.api";
import { liveHubFor } from "../live/live-hub";
import { removeRacedSession } from "../auth/suspended-sign-in";

/**
 * Issue 27, suspension and reinstatement: a suspended account is signed out everywhere at once
 * (sessions gone, open live streams closed, on every process), cannot sign in by any door, and a
 * suspended teacher leaves search, their requests declined and lessons ahead cancelled with the
 * usual emails. Reinstating restores sign-in and the listing; cancelled lessons stay cancelled.
 * The stream is opened on a second app: on PostgreSQL a process of its own (LISTEN/NOTIFY).
 */

let t: TestApp;
let other: TestApp;
let closeApps: () => Promise<void>;
const readers: SseReader[] = [];
let operator: { cookie: string; userId: string; email: string };

beforeAll(async () => {
  ({ first: t, second: other, close: closeApps } = await createTwoProcessApps());
  const account = await createOperator(t.deps);
  operator = { ...account, cookie: await signInOperator(t, account.email, account.password) };
});
afterAll(async () => {
  await Promise.all(readers.map((r) => r.cancel()));
  await liveHubFor(other.deps).close();
  await liveHubFor(t.deps).close();
  await closeApps();
});

const H = 3_600_000;
const hoursFromNow = (hours: number) => new Date(Math.floor(Date.now() / H) * H + hours * H);

const suspend = (userId: string, reason = "Harassment of a family (report 12)", cookie = operator.cookie) =>
  send(t, "POST", `/api/operator/accounts/${userId}/suspend`, { cookie, body: { reason } });
const reinstate = (userId: string, reason = "Appeal accepted", cookie = operator.cookie) =>
  send(t, "POST", `/api/operator/accounts/${userId}/reinstate`, { cookie, body: { reason } });
const signInAs = (role: "parent" | "teacher", email: string, password: string) =>
  send(t, "POST", "/api/session", { body: { role, email, password } });
const actionsAbout = (userId: string) =>
  t.deps.db.select({ action: operatorActions.action, reason: operatorActions.reason }).from(operatorActions).where(eq(operatorActions.subjectUserId, userId));

async function openStream(app: TestApp, cookie: string) {
  const response = await app.app.request("/api/live", { headers: { cookie } });
  expect(response.status).toBe(200);
  const reader = new SseReader(response.body!);
  readers.push(reader);
  await reader.ready();
  return reader;
}

describe("suspending an account", () => {
  it("ends every session (an old cookie gets 401) and closes an open live stream within a second, on another process too", async () => {
    const parent = await createParent(t.deps);
    const [phone, laptop] = [await signIn(t, "parent", parent.email, parent.password), await signIn(t, "parent", parent.email, parent.password)];
    const stream = await openStream(other, laptop);

    const startedAt = performance.now();
    const res = await suspend(parent.userId);
    expect(res.status, res.text).toBe(200);
    await stream.next((e) => e.event === "signed_out", 1000);
    await stream.waitEnded(1000);
    expect(performance.now() - startedAt).toBeLessThan(1000);
    // The open page says why and whom to write to (issue 41).
    expect(JSON.parse(stream.events.find((e) => e.event === "signed_out")!.data)).toEqual({
      reason: "account_suspended",
      message: `This account is suspended. The reason: Harassment of a family (report 12). If you think this is a mistake, write to ${t.deps.env.SUPPORT_EMAIL}.`,
    });

    expect(await t.deps.db.select().from(session).where(eq(session.userId, parent.userId))).toEqual([]);
    for (const cookie of [phone, laptop]) {
      expect((await send(t, "GET", "/api/messages/unread", { cookie })).status).toBe(401);
      expect((await send(t, "GET", "/api/session", { cookie })).json.user).toBeNull();
    }
    // A new stream with the old cookie is refused.
    expect((await other.app.request("/api/live", { headers: { cookie: laptop } })).status).toBe(401);

    const page = res.json as OperatorAccountDTO;
    expect(page.suspension).toMatchObject({ reason: "Harassment of a family (report 12)", by: operator.email });
    expect(page.actions.map((a) => [a.action, a.targetKind, a.reason, a.operatorEmail])).toEqual([
      ["suspend", "account", "Harassment of a family (report 12)", operator.email],
    ]);
  });

  it("refuses sign-in at every door with the suspension message and the support address; a wrong password still reads as one", async () => {
    const parent = await createParent(t.deps);
    expect((await suspend(parent.userId)).status).toBe(200);
    const message = accountSuspendedMessage(t.deps.env.SUPPORT_EMAIL, "Harassment of a family (report 12)");
    // The password was right, so it is the owner: told the desk's reason (issue 41).
    expect(message).toBe(`This account is suspended. The reason: Harassment of a family (report 12). If you think this is a mistake, write to ${t.deps.env.SUPPORT_EMAIL}.`);

    const refused = await signInAs("parent", parent.email, parent.password);
    expect([refused.status, refused.json.error.reason, refused.json.error.message]).toEqual([403, "account_suspended", message]);
    expect(cookieHeader(refused.headers)).toBe("");

    const wrong = await signInAs("parent", parent.email, "not-the-password");
    expect([wrong.status, wrong.json.error.reason]).toEqual([401, "invalid_credentials"]);

    const desk = await send(t, "POST", "/api/session/operator", { body: { email: parent.email, password: parent.password } });
    expect([desk.status, desk.json.error.reason]).toEqual([403, "account_suspended"]);

    // better-auth's own endpoint, as a client of it would call it.
    const direct = await send(t, "POST", "/api/auth/sign-in/email", {
      body: { email: parent.email, password: parent.password },
      headers: { origin: t.deps.env.PUBLIC_URL },
    });
    expect(direct.status).toBe(403);
    expect(direct.json.message).toBe(message);
    expect(await t.deps.db.select().from(session).where(eq(session.userId, parent.userId))).toEqual([]);
  });

  it("refuses the two-factor step of a sign-in that began before the suspension", async () => {
    const parent = await createParent(t.deps);
    const cookie = await signIn(t, "parent", parent.email, parent.password);
    const origin = { origin: t.deps.env.PUBLIC_URL };
    const enable = await send(t, "POST", "/api/auth/two-factor/enable", { body: { password: parent.password }, cookie, headers: origin });
    expect(enable.status, enable.text).toBe(200);
    const uri = enable.json.totpURI as string;
    const verify = await send(t, "POST", "/api/auth/two-factor/verify-totp", { body: { code: await totpFromUri(uri) }, cookie: cookieHeader(enable.headers) || cookie, headers: origin });
    expect(verify.status).toBe(200);
    const step1 = await signInAs("parent", parent.email, parent.password);
    expect(step1.json.twoFactorRequired).toBe(true);

    expect((await suspend(parent.userId)).status).toBe(200);
    const step2 = await send(t, "POST", "/api/session/two-factor", { cookie: cookieHeader(step1.headers), body: { role: "parent", code: await totpFromUri(uri) } });
    expect([step2.status, step2.json.error.reason]).toEqual([403, "account_suspended"]);
    expect(await t.deps.db.select().from(session).where(eq(session.userId, parent.userId))).toEqual([]);
  });

  it("a session created while the suspension was committing (it passed the first look) is removed by the second", async () => {
    const parent = await createParent(t.deps);
    const cookie = await signIn(t, "parent", parent.email, parent.password);
    const [raced] = await t.deps.db.select({ id: session.id, userId: session.userId }).from(session).where(eq(session.userId, parent.userId));
    // The suspension row as a committed suspension leaves it, the session still there (the race).
    await t.deps.db.insert(accountSuspensions).values({ userId: parent.userId, reason: "Spam", operatorUserId: operator.userId });
    await removeRacedSession(t.deps.db)(raced!);
    expect((await send(t, "GET", "/api/messages/unread", { cookie })).status).toBe(401);
  });

  it("two Suspends at the same instant: one succeeds, the other gets 409, and the audit trail records one action", async () => {
    const teacher = await createTeacher(t.deps);
    const results = await Promise.all([suspend(teacher.userId, "First operator"), suspend(teacher.userId, "Second operator")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.json.error.message).toBe(ALREADY_SUSPENDED_MESSAGE);
    expect(await actionsAbout(teacher.userId)).toHaveLength(1);
    expect(await t.deps.db.select().from(accountSuspensions).where(eq(accountSuspensions.userId, teacher.userId))).toHaveLength(1);
  });

  it("refuses an operator account, the operator's own account, an unknown account, and a blank reason", async () => {
    const colleague = await createOperator(t.deps);
    const parent = await createParent(t.deps);
    expect((await suspend(colleague.userId)).status).toBe(409);
    expect((await suspend(operator.userId)).status).toBe(409);
    expect((await suspend("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await suspend("not an id")).status).toBe(404);
    const blank = await suspend(parent.userId, "   ");
    expect([blank.status, blank.json.error.fields?.reason]).toEqual([400, OPERATOR_REASON_MESSAGE]);
    expect((await reinstate(parent.userId)).json.error?.message).toBe(NOT_SUSPENDED_MESSAGE);
    expect(await actionsAbout(parent.userId)).toEqual([]);
    expect(await actionsAbout(colleague.userId)).toEqual([]);
  });
});

describe("a suspended teacher", () => {
  async function teacherWithFamily() {
    const [teacher, parent] = await Promise.all([createTeacher(t.deps, { timeZone: "America/Chicago" }), createParent(t.deps, { firstName: "Nora" })]);
    const of = { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]! };
    const past = await createBooking(t.deps, { ...of, status: "accepted", startsAt: hoursFromNow(-72) });
    const ahead = await createBooking(t.deps, { ...of, status: "accepted", startsAt: hoursFromNow(5 * 24) });
    const pending = await createBooking(t.deps, { ...of, status: "pending", startsAt: hoursFromNow(6 * 24) });
    return { teacher, parent, past: past.bookingId, ahead: ahead.bookingId, pending: pending.bookingId };
  }

  const statuses = async (ids: string[]) =>
    Object.fromEntries(
      (await t.deps.db.select({ id: bookings.id, status: bookings.status, by: bookings.cancelledBy }).from(bookings).where(inArray(bookings.id, ids))).map((row) => [
        row.id,
        row.status === "cancelled" ? `cancelled by ${row.by}` : row.status,
      ]),
    );
  const listed = async (teacherId: string) =>
    (await t.deps.db.select({ on: teacherProfiles.isDiscoverable }).from(teacherProfiles).where(eq(teacherProfiles.id, teacherId)))[0]!.on;

  it("leaves search, its profile answers 404, its request and lesson ahead are cancelled as the teacher's leaving, not the teacher's choice; the past stays", async () => {
    const { teacher, parent, past, ahead, pending } = await teacherWithFamily();
    const familyStream = await openStream(other, await signIn(t, "parent", parent.email, parent.password));
    expect((await send(t, "GET", `/api/teachers/${teacher.teacherId}/public`)).status).toBe(200);

    expect((await suspend(teacher.userId)).status).toBe(200);
    // Search lists exactly the discoverable teachers (src/server/db/discoverable.ts).
    expect(await listed(teacher.teacherId)).toBe(false);
    expect((await send(t, "GET", `/api/teachers/${teacher.teacherId}/public`)).status).toBe(404);
    expect(await statuses([past, ahead, pending])).toEqual({ [past]: "accepted", [ahead]: "cancelled by teacher", [pending]: "cancelled by teacher" });
    // Issue 41: never late, never charged, no make-up credit that could never be used.
    const rows = await t.deps.db
      .select({ late: bookings.lateCancel, closed: bookings.cancelledForClosedAccount, charge: bookings.cancelChargeCents })
      .from(bookings)
      .where(inArray(bookings.id, [ahead, pending]));
    expect(rows).toEqual([
      { late: false, closed: true, charge: null },
      { late: false, closed: true, charge: null },
    ]);
    expect(await t.deps.db.select().from(makeUpCredits).where(inArray(makeUpCredits.issuedForBookingId, [ahead, pending]))).toEqual([]);

    // One email to the family, saying the teacher can no longer teach (not that the teacher cancelled).
    const { mail } = await lastMail(t, parent.email, "teacher-suspended");
    expect(mail.subject).toBe("Lessons with Terry Teacher are cancelled");
    expect(mail.textBody).toContain("Lessons with Terry Teacher are cancelled: Terry can no longer teach on Music Lessons.");
    expect(mail.textBody).toContain("These 2 lessons and requests are cancelled");
    expect(mail.textBody).toContain("They do not count as a cancellation by you: nothing is late and nothing is charged.");
    expect(mail.textBody).not.toMatch(/Terry Teacher cancelled|closed their|Deleted teacher/);
    // The desk's reason is the teacher's to read, not the families'.
    expect(mail.textBody).not.toContain("Harassment");
    const familyMail = await t.deps.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.toAddress, parent.email));
    expect(familyMail.map((m) => m.kind)).toEqual(["teacher-suspended"]);
    // The family's open pages refresh.
    await familyStream.next((e) => e.event === "lesson_changed", 1000);
  });

  it("emails the teacher the desk's reason, what it means and the support address", async () => {
    const { teacher } = await teacherWithFamily();
    expect((await suspend(teacher.userId, "Repeated no-shows reported by three families")).status).toBe(200);
    const { mail } = await lastMail(t, teacher.email, "account-suspended");
    expect(mail.subject).toBe("Your Music Lessons account is suspended");
    expect(mail.textBody).toContain("Our team has suspended your account on Music Lessons, so you can no longer sign in. The reason:\n\nRepeated no-shows reported by three families\n");
    expect(mail.textBody).toContain("Your 2 lessons and requests ahead are cancelled, and the families were told that you can no longer teach on Music Lessons.");
    expect(mail.textBody).toContain(`If you think this is a mistake, write to ${t.deps.env.SUPPORT_EMAIL}.`);
    // A suspended parent is told too, without the teaching part.
    const parent = await createParent(t.deps);
    expect((await suspend(parent.userId, "Abusive messages")).status).toBe(200);
    const parentMail = (await lastMail(t, parent.email, "account-suspended")).mail;
    expect(parentMail.textBody).toContain("Abusive messages");
    expect(parentMail.textBody).not.toContain("Families can no longer find you");
  });

  it("the family's billing counts nothing late, its credits with the teacher are void with why, and its conversation offers no profile", async () => {
    const { teacher, parent, past, ahead } = await teacherWithFamily();
    const cookie = await signIn(t, "parent", parent.email, parent.password);
    // Accepted a while ago (the factory decides it a day before the start): a lesson the statement counts.
    await t.deps.db.update(bookings).set({ decidedAt: hoursFromNow(-24) }).where(eq(bookings.id, ahead));
    const unused = await issueCredit(t.deps, { teacherId: teacher.teacherId, studentId: parent.studentIds[0]!, forBookingId: past, issuedAt: hoursFromNow(-48) });
    const opened = await send(t, "POST", "/api/messages/conversations", { cookie, body: { teacherId: teacher.teacherId } });
    expect(opened.status, opened.text).toBeLessThan(300);
    const conversationId = (opened.json as { id: string }).id;
    expect((await send(t, "POST", `/api/messages/conversations/${conversationId}/messages`, { cookie, body: { text: "See you Monday" } })).status).toBe(201);
    const before = (await send(t, "GET", `/api/messages/conversations/${conversationId}`, { cookie })).json as ConversationSummary;
    expect(before.other.teacherId).toBe(teacher.teacherId);

    // An invoice the family has not paid yet: still owed for lessons that took place, and said so.
    await setLessonPrice(t.deps, past, 6495);
    await recordAttendance(t.deps, past, "attended");
    const day = (offset: number) => new Date(Date.now() + offset * 24 * 3_600_000).toISOString().slice(0, 10);
    await sentInvoice(t.deps, teacher.teacherId, { parentId: parent.parentId, from: day(-10), to: day(0) });

    expect((await suspend(teacher.userId)).status).toBe(200);
    expect((await lastMail(t, parent.email, "teacher-suspended")).mail.textBody).toContain(
      "Your billing still shows $64.95 USD owed to Terry Teacher on invoices for lessons that took place; Terry can no longer be reached through the app.",
    );

    const year = new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone: "UTC" }).format(hoursFromNow(5 * 24));
    const billing = (await send(t, "GET", `/api/billing?year=${year}&timeZone=UTC`, { cookie })).json as Statement;
    expect(billing.lessons.find((l) => l.bookingId === ahead)).toMatchObject({ outcome: "cancelled", lateCancel: false, amountCents: null });
    expect(billing.totals.lateCancels).toBe(0);

    const lessons = (await send(t, "GET", "/api/lessons/mine", { cookie })).json.lessons as LessonDTO[];
    expect(lessons.find((l) => l.id === ahead)).toMatchObject({ status: "cancelled", lateCancel: false, teacherCannotTeach: true });

    const [ledger] = (await send(t, "GET", "/api/lessons/credits", { cookie })).json.ledgers as CreditLedgerDTO[];
    expect(ledger!.credits.find((c) => c.id === unused)!.history.map((step) => [step.kind, step.reason])).toEqual([
      ["issued", null],
      ["voided", "teacher_left"],
    ]);
    expect(CREDIT_REASON_LABELS.teacher_left).toBe("the teacher can no longer teach on Music Lessons");
    expect((await lastMail(t, parent.email, "teacher-suspended")).mail.textBody).toContain(
      "Kid1's make-up credits with Terry Teacher are void: Terry can no longer teach on Music Lessons, so they could not be used.",
    );

    // The conversation stays readable; it no longer links to a profile that answers 404, nor offers Send.
    const after = (await send(t, "GET", `/api/messages/conversations/${conversationId}`, { cookie })).json as ConversationSummary;
    expect(after.other).toMatchObject({ name: "Terry Teacher", teacherId: null });
    expect(after.canSend).toBe(false);
  });

  it("reinstated: signs in again and is listed again; the cancelled lesson stays cancelled", async () => {
    const { teacher, ahead, pending } = await teacherWithFamily();
    expect((await suspend(teacher.userId)).status).toBe(200);
    expect((await signInAs("teacher", teacher.email, teacher.password)).status).toBe(403);

    const res = await reinstate(teacher.userId);
    expect(res.status, res.text).toBe(200);
    const page = res.json as OperatorAccountDTO;
    expect(page.suspension).toBeNull();
    expect(page.teacherListed).toBe(true);
    expect(page.actions.map((a) => a.action)).toEqual(["reinstate", "suspend"]);
    expect(await listed(teacher.teacherId)).toBe(true);
    expect((await send(t, "GET", `/api/teachers/${teacher.teacherId}/public`)).status).toBe(200);
    expect((await signInAs("teacher", teacher.email, teacher.password)).status).toBe(200);
    expect(await statuses([ahead, pending])).toEqual({ [ahead]: "cancelled by teacher", [pending]: "cancelled by teacher" });
    // A second Reinstate changes nothing and records nothing.
    expect((await reinstate(teacher.userId)).status).toBe(409);
    expect(await actionsAbout(teacher.userId)).toHaveLength(2);
  });

  it("reinstated: a teacher whose discovery was off stays unlisted", async () => {
    const teacher = await createTeacher(t.deps, { discoverable: false });
    expect((await suspend(teacher.userId)).status).toBe(200);
    expect((await reinstate(teacher.userId)).status).toBe(200);
    expect(await listed(teacher.teacherId)).toBe(false);
  });

  // The family branch of visibleTeacher (src/server/db/discoverable.ts) leaves suspended teachers out.
  it("its profile answers 404 also to a family who had lessons with it", async () => {
    const { teacher, parent } = await teacherWithFamily();
    const cookie = await signIn(t, "parent", parent.email, parent.password);
    expect((await send(t, "GET", `/api/teachers/${teacher.teacherId}/public`, { cookie })).status).toBe(200);
    expect((await suspend(teacher.userId)).status).toBe(200);
    expect((await send(t, "GET", `/api/teachers/${teacher.teacherId}/public`, { cookie })).status).toBe(404);
  });
});

describe("the operator's account page", () => {
  it("finds an account by its exact email and shows roles, suspension, reports about it and the actions concerning it", async () => {
    const [teacher, reporter] = await Promise.all([createTeacher(t.deps), createParent(t.deps)]);
    const found = await send(t, "GET", `/api/operator/accounts?email=${encodeURIComponent(` ${teacher.email.toUpperCase()} `)}`, { cookie: operator.cookie });
    expect([found.status, found.json]).toEqual([200, { userId: teacher.userId }]);
    const none = await send(t, "GET", `/api/operator/accounts?email=nobody-${Date.now()}@example.test`, { cookie: operator.cookie });
    expect(none.status).toBe(404);
    expect((await send(t, "GET", "/api/operator/accounts?email=not-an-email", { cookie: operator.cookie })).status).toBe(400);

    await t.deps.db.insert(reports).values({
      reporterUserId: reporter.userId,
      targetKind: "teacher",
      targetId: teacher.teacherId,
      reportedUserId: teacher.userId,
      reason: "fake_profile",
      details: "Photos are of someone else",
      snapshot: { name: "Terry Teacher" },
    });
    expect((await suspend(teacher.userId, "Fake profile confirmed")).status).toBe(200);

    const page = await send(t, "GET", `/api/operator/accounts/${teacher.userId}`, { cookie: operator.cookie });
    expect(page.status).toBe(200);
    const dto = page.json as OperatorAccountDTO;
    expect(dto).toMatchObject({ userId: teacher.userId, email: teacher.email, name: "Terry Teacher", roles: ["teacher"], teacherId: teacher.teacherId, teacherListed: false });
    expect(dto.suspension).toMatchObject({ reason: "Fake profile confirmed", by: operator.email });
    expect(dto.reports).toEqual([expect.objectContaining({ targetKind: "teacher", reason: "fake_profile", details: "Photos are of someone else", status: "open" })]);
    expect(dto.actions.map((a) => a.action)).toEqual(["suspend"]);

    const self = await send(t, "GET", `/api/operator/accounts/${operator.userId}`, { cookie: operator.cookie });
    expect(self.json.roles).toEqual(["operator"]);
    expect((await send(t, "GET", "/api/operator/accounts/00000000-0000-4000-8000-000000000000", { cookie: operator.cookie })).status).toBe(404);
  });

  it("answers 404 to parents and teachers, as if it did not exist", async () => {
    const parent = await createParent(t.deps);
    const cookie = await signIn(t, "parent", parent.email, parent.password);
    expect((await send(t, "GET", `/api/operator/accounts/${parent.userId}`, { cookie })).status).toBe(404);
    expect((await send(t, "POST", `/api/operator/accounts/${parent.userId}/suspend`, { cookie, body: { reason: "x" } })).status).toBe(404);
    expect(await t.deps.db.select().from(accountSuspensions).where(and(eq(accountSuspensions.userId, parent.userId)))).toEqual([]);
  });
});
