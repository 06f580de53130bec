import { and, asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { createClass } from "../../../tests/factories/classes";
import { issueCredit, recordAttendance } from "../../../tests/factories/lesson-history";
import { cookieHeader, send, signIn } from "../../../tests/fixtures/http";
import { lastMail } from "../../../tests/fixtures/outbox";
import { createTestApp, testAppForFile } from "../../../tests/fixtures/test-app";
import { totpFromUri } from "../../../tests/fixtures/totp";
import { tableCounts } from "../../../tests/api/world";
import { CONFIRM_PASSWORD_MESSAGE, CONTACT_FOR_FAMILIES_MAX, WRONG_CODE_MESSAGE, WRONG_PASSWORD_MESSAGE } from "../../shared/accounts/accounts.schemas";
import { DELETED_TEACHER_NAME } from "../../shared/accounts/accounts.constants";
import { TOTP_CODE_MESSAGE } from "../../shared/auth/auth.schemas";
import { formatLessonTime } from "../../shared/booking/booking.rules";
import type { BookingRequestDTO } from "../../shared/booking/booking.schemas";
import { DELETED_USER_NAME } from "../../shared/classes/classes.api";
import type { Statement } from "../../shared/earnings/earnings.schemas";
import type { CreditLedgerDTO, LessonDTO } from "../../shared/lessons/lessons.schemas";
import { attendedLesson, sentInvoice, setBillingSettings } from "../../../tests/factories/invoices";
import { TEACHER_LEFT_CONTACT_TEXT, TEACHER_LEFT_OWED_TEXT, type InvoiceDTO, type InvoiceListDTO } from "../../shared/invoices/invoices.schemas";
import { bookings, bookingSlots, calendarEvents, calendarFeeds, mailOutbox, makeUpCredits, parentProfiles, user } from "../db/schema";

/**
 * Issue 26, records that outlive the other side: deleting an account cancels what is still ahead
 * (and tells the other side, in their zone), keeps what happened for the other side with "Deleted
 * user" or "Deleted teacher", and needs the password (or a two-factor code) first.
 */

const t = testAppForFile();

const H = 3_600_000;
const DAY = 24 * H;
/** Whole hours, so slot starts compare as the API writes them. */
const hoursFromNow = (hours: number) => new Date(Math.floor(Date.now() / H) * H + hours * H);
const yearIn = (instant: Date, timeZone: string) => new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone }).format(instant);

async function family() {
  const parent = await createParent(t.deps, { firstName: "Nora" });
  // The family lives in New York: their emails name New York times.
  await t.deps.db.update(parentProfiles).set({ timeZone: "America/New_York" }).where(eq(parentProfiles.id, parent.parentId));
  return { ...parent, cookie: await signIn(t, "parent", parent.email, parent.password) };
}

async function chicagoTeacher() {
  const teacher = await createTeacher(t.deps, { timeZone: "America/Chicago" });
  return { ...teacher, cookie: await signIn(t, "teacher", teacher.email, teacher.password) };
}

const deleteAccount = (cookie: string, body: Record<string, unknown>) => send(t, "DELETE", "/api/accounts/me", { cookie, body });

async function bookingState(ids: string[]) {
  const rows = await t.deps.db
    .select({
      id: bookings.id,
      status: bookings.status,
      closed: bookings.cancelledForClosedAccount,
      cancelledBy: bookings.cancelledBy,
      attendance: bookings.attendance,
      studentId: bookings.studentId,
      parentId: bookings.parentId,
      teacherId: bookings.teacherId,
      slot: bookingSlots.status,
    })
    .from(bookings)
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .where(inArray(bookings.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row]));
}

/** A teacher and a family with a year of history: an attended lesson, a lesson ahead, a request pending, a class. */
async function history() {
  const [teacher, parent] = await Promise.all([chicagoTeacher(), family()]);
  const of = { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]! };
  const attended = await createBooking(t.deps, { ...of, status: "accepted", startsAt: hoursFromNow(-3 * 24) });
  await recordAttendance(t.deps, attended.bookingId, "attended");
  await t.deps.db.update(bookings).set({ lessonNote: "Scales in G" }).where(eq(bookings.id, attended.bookingId));
  const ahead = await createBooking(t.deps, { ...of, status: "accepted", startsAt: hoursFromNow(5 * 24) });
  const pending = await createBooking(t.deps, { ...of, status: "pending", startsAt: hoursFromNow(6 * 24) });
  const { classId } = await createClass(t.deps, of);
  return { teacher, parent, attended: attended.bookingId, ahead: ahead.bookingId, aheadStart: hoursFromNow(5 * 24), pending: pending.bookingId, pendingStart: hoursFromNow(6 * 24), classId };
}

describe("confirming the deletion", () => {
  it("a wrong or missing password deletes nothing and says so on the field", async () => {
    const { parent } = await history();
    const before = await tableCounts(t);
    const wrong = await deleteAccount(parent.cookie, { password: "not-my-password" });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.fields).toEqual({ password: WRONG_PASSWORD_MESSAGE });
    const missing = await deleteAccount(parent.cookie, {});
    expect(missing.status).toBe(400);
    expect(missing.json.error.fields).toEqual({ password: CONFIRM_PASSWORD_MESSAGE });
    const none = await send(t, "DELETE", "/api/accounts/me", { cookie: parent.cookie });
    expect(none.status).toBe(400);
    expect(await tableCounts(t)).toEqual(before);
    expect((await send(t, "GET", "/api/session", { cookie: parent.cookie })).json.user).not.toBeNull();
  });

  it("with two-factor sign-in on, a fresh code from the authenticator app is needed (the password alone is not enough)", async () => {
    const parent = await family();
    const origin = { origin: t.deps.env.PUBLIC_URL };
    const enable = await send(t, "POST", "/api/auth/two-factor/enable", { body: { password: parent.password }, cookie: parent.cookie, headers: origin });
    expect(enable.status, enable.text).toBe(200);
    const enabled = cookieHeader(enable.headers) || parent.cookie;
    const uri = enable.json.totpURI as string;
    const verify = await send(t, "POST", "/api/auth/two-factor/verify-totp", { body: { code: await totpFromUri(uri) }, cookie: enabled, headers: origin });
    expect(verify.status).toBe(200);
    // Turning two-factor on replaces the session.
    const cookie = cookieHeader(verify.headers) || enabled;

    const before = await tableCounts(t);
    const withPassword = await deleteAccount(cookie, { password: parent.password });
    expect([withPassword.status, withPassword.json.error.fields]).toEqual([400, { code: TOTP_CODE_MESSAGE }]);
    const code = await totpFromUri(uri);
    const wrongCode = await deleteAccount(cookie, { code: code === "000000" ? "111111" : "000000" });
    expect([wrongCode.status, wrongCode.json.error.fields]).toEqual([400, { code: WRONG_CODE_MESSAGE }]);
    expect(await tableCounts(t)).toEqual(before);
    const ok = await deleteAccount(cookie, { code });
    expect(ok.status, ok.text).toBe(200);
    expect(await t.deps.db.select().from(parentProfiles).where(eq(parentProfiles.id, parent.parentId))).toEqual([]);
  });

  it("guessing is limited per account: the 11th try in 15 minutes is a 429, even with the right password", async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: "true" });
    try {
      const parent = await createParent(limited.deps);
      // Its own address: the sign-in count per address is shared on PostgreSQL (auth.integration.test.ts counts its own).
      const cookie = await signIn(limited, "parent", parent.email, parent.password, "192.0.2.126");
      for (let i = 0; i < 10; i++) {
        expect((await send(limited, "DELETE", "/api/accounts/me", { cookie, body: { password: `wrong-${i}` } })).status).toBe(400);
      }
      const blocked = await send(limited, "DELETE", "/api/accounts/me", { cookie, body: { password: parent.password } });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await limited.deps.db.select().from(parentProfiles).where(eq(parentProfiles.id, parent.parentId))).length).toBe(1);
    } finally {
      await limited.close();
    }
  });
});

describe("a parent deletes their account", () => {
  it("cancels the family's future lessons and requests, emails the teacher in the teacher's zone, keeps the past with the teacher as Deleted user", async () => {
    const { teacher, parent, attended, ahead, aheadStart, pending, pendingStart, classId } = await history();
    // A calendar feed of the parent: its URL must stop working.
    await send(t, "POST", "/api/calendar/feed", { cookie: parent.cookie, headers: { origin: t.deps.env.PUBLIC_URL } });
    const res = await deleteAccount(parent.cookie, { password: parent.password });
    expect(res.status, res.text).toBe(200);

    const state = await bookingState([attended, ahead, pending]);
    expect(state[ahead]).toMatchObject({ status: "cancelled", closed: true, cancelledBy: "parent", slot: "released", studentId: null, parentId: null });
    expect(state[pending]).toMatchObject({ status: "cancelled", closed: true, slot: "released" });
    expect(state[attended]).toMatchObject({ status: "accepted", closed: false, attendance: "attended", slot: "booked", studentId: null, parentId: null, teacherId: teacher.teacherId });
    expect(await t.deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, parent.userId))).toEqual([]);

    // The teacher's lessons: the past one with its note, the family as "Deleted user"; the cancelled one.
    const lessons = (await send(t, "GET", "/api/lessons/teaching", { cookie: teacher.cookie })).json.lessons as LessonDTO[];
    expect(lessons.find((l) => l.id === attended)).toMatchObject({
      status: "accepted",
      attendance: "attended",
      lessonNote: "Scales in G",
      student: { id: null, firstName: DELETED_USER_NAME, lastName: "" },
    });
    expect(lessons.find((l) => l.id === ahead)).toMatchObject({ status: "cancelled", cancelledBy: "parent" });
    expect((await send(t, "GET", "/api/bookings/requests", { cookie: teacher.cookie })).json.bookings as BookingRequestDTO[]).toEqual([]);

    // Earnings keep the attended lesson, at its stored price.
    const earnings = (await send(t, "GET", `/api/earnings?year=${yearIn(hoursFromNow(-3 * 24), "America/Chicago")}`, { cookie: teacher.cookie })).json as Statement;
    const kept = earnings.lessons.find((l) => l.bookingId === attended);
    expect(kept).toMatchObject({ outcome: "attended", studentName: DELETED_USER_NAME, parentName: DELETED_USER_NAME });
    expect(kept!.amountCents).not.toBeNull();

    // The teacher's calendar no longer names the child; the class keeps "Deleted user".
    const events = await t.deps.db.select({ title: calendarEvents.title, status: calendarEvents.status, bookingId: calendarEvents.bookingId }).from(calendarEvents).where(inArray(calendarEvents.bookingId, [attended, ahead]));
    expect(events.map((e) => [e.bookingId, e.title, e.status]).sort()).toEqual(
      [
        [attended, "Lesson with Deleted user", "completed"],
        [ahead, "Lesson with Deleted user", "cancelled"],
      ].sort(),
    );
    expect((await send(t, "GET", `/api/classes/${classId}`, { cookie: teacher.cookie })).json).toMatchObject({ studentName: DELETED_USER_NAME });
    // The students page still answers (the deleted child is simply gone from it).
    expect((await send(t, "GET", "/api/teachers/me/students", { cookie: teacher.cookie })).status).toBe(200);

    const { mail } = await lastMail(t, teacher.email, "account-closed");
    expect(mail.subject).toBe("Nora Parent closed their account");
    expect(mail.textBody).toContain(formatLessonTime(aheadStart, "America/Chicago"));
    expect(mail.textBody).toContain(`${formatLessonTime(pendingStart, "America/Chicago")}: Kid1's full lesson (requested)`);
    expect(mail.textBody).toMatch(/C[SD]T/);
    expect(mail.textBody).toContain('"Deleted user"');
  });

  it("a lesson of a deleted family can still get its attendance; nobody is emailed and no credit goes to nobody", async () => {
    const { teacher, parent } = await history();
    const started = await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, status: "accepted", startsAt: hoursFromNow(-1) });
    expect((await deleteAccount(parent.cookie, { password: parent.password })).status).toBe(200);
    const before = await t.deps.db.select().from(mailOutbox);
    const res = await send(t, "PUT", `/api/lessons/${started.bookingId}/attendance`, { cookie: teacher.cookie, body: { outcome: "cancelled", note: "" } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.lesson).toMatchObject({ status: "cancelled", student: { firstName: DELETED_USER_NAME } });
    expect(await t.deps.db.select().from(mailOutbox)).toHaveLength(before.length);
    expect(await t.deps.db.select().from(makeUpCredits).where(eq(makeUpCredits.issuedForBookingId, started.bookingId))).toEqual([]);
  });
});

describe("a teacher deletes their account", () => {
  it("cancels the families' future lessons and requests, voids their credits, emails each family in its zone, keeps the past as Deleted teacher", async () => {
    const { teacher, parent, attended, ahead, aheadStart, pending } = await history();
    const other = await family();
    const otherLesson = await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: other.parentId, studentId: other.studentIds[0]!, status: "accepted", startsAt: hoursFromNow(7 * 24) });
    // The family holds an unused credit, and one spent on the pending request.
    const unused = await issueCredit(t.deps, { teacherId: teacher.teacherId, studentId: parent.studentIds[0]!, forBookingId: attended, issuedAt: new Date(Date.now() - 10 * DAY) });
    const cancelledEarlier = await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, status: "accepted", startsAt: hoursFromNow(-10 * 24) });
    const spent = await issueCredit(t.deps, {
      teacherId: teacher.teacherId,
      studentId: parent.studentIds[0]!,
      forBookingId: cancelledEarlier.bookingId,
      issuedAt: new Date(Date.now() - 9 * DAY),
      usedByBookingId: pending,
      usedAt: new Date(Date.now() - 8 * DAY),
    });

    const res = await deleteAccount(teacher.cookie, { password: teacher.password });
    expect(res.status, res.text).toBe(200);

    const state = await bookingState([attended, ahead, pending, otherLesson.bookingId]);
    expect(state[ahead]).toMatchObject({ status: "cancelled", closed: true, cancelledBy: "teacher", slot: "released", teacherId: null, studentId: parent.studentIds[0] });
    expect(state[pending]).toMatchObject({ status: "cancelled", closed: true, teacherId: null });
    expect(state[otherLesson.bookingId]).toMatchObject({ status: "cancelled", closed: true });
    expect(state[attended]).toMatchObject({ status: "accepted", attendance: "attended", teacherId: null, parentId: parent.parentId });

    // The family's lessons: the past one kept with "Deleted teacher"; nobody can change it.
    const lessons = (await send(t, "GET", "/api/lessons/mine", { cookie: parent.cookie })).json.lessons as LessonDTO[];
    expect(lessons.find((l) => l.id === attended)).toMatchObject({ attendance: "attended", teacher: { id: null, firstName: DELETED_TEACHER_NAME } });
    expect(lessons.find((l) => l.id === ahead)).toMatchObject({ status: "cancelled", cancelledBy: "teacher" });
    expect((await send(t, "POST", `/api/lessons/${attended}/cancel`, { cookie: parent.cookie, body: { scope: "one" } })).status).toBe(404);
    const requests = (await send(t, "GET", "/api/bookings/mine", { cookie: parent.cookie })).json.bookings as BookingRequestDTO[];
    expect(requests.find((r) => r.id === pending)).toMatchObject({ status: "cancelled", teacher: { id: null, firstName: DELETED_TEACHER_NAME } });

    // Billing keeps the attended lesson at the price stored on it (issue 28): the family still knows what it owed.
    const billing = (await send(t, "GET", `/api/billing?year=${yearIn(hoursFromNow(-3 * 24), "America/New_York")}&timeZone=America%2FNew_York`, { cookie: parent.cookie })).json as Statement;
    expect(billing.lessons.find((l) => l.bookingId === attended)).toMatchObject({ outcome: "attended", teacherName: DELETED_TEACHER_NAME, priceCents: 4000, amountCents: 4000 });

    // Credits: the spent one came back and, with the unused one, is void; each step recorded.
    const [ledger] = (await send(t, "GET", "/api/lessons/credits", { cookie: parent.cookie })).json.ledgers as CreditLedgerDTO[];
    expect(ledger!.teacher).toEqual({ id: null, firstName: DELETED_TEACHER_NAME, lastName: "", canTeach: false });
    expect(ledger!.summary).toMatchObject({ issued: 2, voided: 2, available: 0 });
    const history2 = Object.fromEntries(ledger!.credits.map((c) => [c.id, c.history.map((s) => [s.kind, s.reason])]));
    expect(history2[unused]).toEqual([
      ["issued", null],
      ["voided", "teacher_left"],
    ]);
    expect(history2[spent]).toEqual([
      ["issued", null],
      ["spent", null],
      ["returned", "teacher_left"],
      ["voided", "teacher_left"],
    ]);

    // Each family is emailed once, in its own zone (New York), the credits named.
    const { mail } = await lastMail(t, parent.email, "account-closed");
    expect(mail.subject).toBe("Lessons with Terry Teacher are cancelled");
    // Issue 41: the teacher can no longer teach; never that the teacher cancelled.
    expect(mail.textBody).toContain("Lessons with Terry Teacher are cancelled: Terry can no longer teach on Music Lessons.");
    expect(mail.textBody).not.toContain("Terry Teacher cancelled");
    expect(mail.textBody).toContain(formatLessonTime(aheadStart, "America/New_York"));
    expect(mail.textBody).toMatch(/E[SD]T/);
    expect(mail.textBody).toContain("They do not count as a cancellation by you: nothing is late and nothing is charged.");
    expect(mail.textBody).toContain("Kid1's make-up credits with Terry Teacher are void: Terry can no longer teach on Music Lessons, so they could not be used.");
    expect(mail.textBody).toContain('the teacher shown as "Deleted teacher"');
    expect((await lastMail(t, other.email, "account-closed")).mail.textBody).toContain(formatLessonTime(hoursFromNow(7 * 24), "America/New_York"));
    const sent = await t.deps.db.select({ to: mailOutbox.toAddress }).from(mailOutbox).where(and(eq(mailOutbox.kind, "account-closed"), inArray(mailOutbox.toAddress, [parent.email, other.email]))).orderBy(asc(mailOutbox.toAddress));
    expect(sent).toHaveLength(2);
    const [tombstone] = await t.deps.db.select({ deleted: user.deleted }).from(user).where(eq(user.id, teacher.userId));
    expect(tombstone?.deleted).toBe(true);
  });

  it("the family's billing names the teacher \"Deleted teacher\" and says what is still owed is no longer payable in the app (issue 41)", async () => {
    const [teacher, parent] = await Promise.all([chicagoTeacher(), family()]);
    await setBillingSettings(t.deps, teacher.teacherId, { paymentInstructions: "Zelle to casey@example.test" });
    const lesson = await attendedLesson(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]! }, hoursFromNow(-4 * 24), 6495);
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    const sent = await sentInvoice(t.deps, teacher.teacherId, { parentId: parent.parentId, from: day(-10), to: day(1) });
    expect(sent.lines.map((line) => line.bookingId)).toContain(lesson);

    // A lesson ahead too: the family is emailed, and told what it still owes.
    await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, status: "accepted", startsAt: hoursFromNow(5 * 24) });

    expect((await deleteAccount(teacher.cookie, { password: teacher.password })).status).toBe(200);

    const { mail } = await lastMail(t, parent.email, "account-closed");
    expect(mail.textBody).toContain("The $64.95 USD you still owed Terry Teacher on invoices is no longer payable in the app; your billing shows it as such.");
    const list = (await send(t, "GET", "/api/billing/invoices", { cookie: parent.cookie })).json as InvoiceListDTO;
    expect(list.invoices).toEqual([expect.objectContaining({ id: sent.id, teacherName: DELETED_TEACHER_NAME, teacherLeft: true, balanceCents: 6495, state: "sent" })]);
    const invoice = (await send(t, "GET", `/api/invoices/${sent.id}`, { cookie: parent.cookie })).json as InvoiceDTO;
    // Nobody to pay or write to: the copied contact and payment details are not offered.
    expect(invoice).toMatchObject({ teacherName: DELETED_TEACHER_NAME, teacherLeft: true, teacherEmail: "", teacherPhone: "", paymentInstructions: "" });
    expect(TEACHER_LEFT_OWED_TEXT).toBe("The teacher deleted their account: no longer payable in the app");
  });

  it("a family that only owes the teacher (no lesson ahead, no credit) is told too (issue 41)", async () => {
    const [teacher, parent] = await Promise.all([chicagoTeacher(), family()]);
    await attendedLesson(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]! }, hoursFromNow(-4 * 24), 5000);
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    await sentInvoice(t.deps, teacher.teacherId, { parentId: parent.parentId, from: day(-10), to: day(0) });

    expect((await deleteAccount(teacher.cookie, { password: teacher.password })).status).toBe(200);

    const { mail } = await lastMail(t, parent.email, "account-closed");
    expect(mail.subject).toBe("Terry Teacher can no longer teach on Music Lessons");
    expect(mail.textBody).toContain("The $50.00 USD you still owed Terry Teacher on invoices is no longer payable in the app");
    expect(mail.textBody).not.toContain("cancelled, and");
  });

  it("a departing teacher may leave how families who still owe them can pay: on the invoices, the PDF and the email (issue 41)", async () => {
    const [teacher, parent] = await Promise.all([chicagoTeacher(), family()]);
    await attendedLesson(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]! }, hoursFromNow(-4 * 24), 5000);
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    const sent = await sentInvoice(t.deps, teacher.teacherId, { parentId: parent.parentId, from: day(-10), to: day(0) });
    const contact = "terry.music@example.net, Zelle 555-0142";

    // Refused, and nothing deleted: too long, or with a NUL.
    for (const contactForFamilies of ["x".repeat(CONTACT_FOR_FAMILIES_MAX + 1), "a\u0000b"]) {
      const refused = await deleteAccount(teacher.cookie, { password: teacher.password, contactForFamilies });
      expect(refused.status).toBe(400);
      expect(refused.json.error.fields.contactForFamilies).toMatch(/Contact details for families|contactForFamilies/);
    }
    expect((await send(t, "GET", "/api/teachers/me", { cookie: teacher.cookie })).status).toBe(200);

    expect((await deleteAccount(teacher.cookie, { password: teacher.password, contactForFamilies: `  ${contact}  ` })).status).toBe(200);
    const invoice = (await send(t, "GET", `/api/invoices/${sent.id}`, { cookie: parent.cookie })).json as InvoiceDTO;
    expect(invoice).toMatchObject({ teacherName: DELETED_TEACHER_NAME, teacherLeft: true, teacherLeftContact: contact, teacherEmail: "" });
    const { mail } = await lastMail(t, parent.email, "account-closed");
    expect(mail.textBody).toContain(`You still owe Terry Teacher $50.00 USD on invoices. Terry left these details for it:\n\n${contact}`);
    const pdf = await t.app.request(`/api/invoices/${sent.id}/pdf`, { headers: { cookie: parent.cookie } });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), { mergePages: true });
    expect(text.replace(/\s+/g, " ")).toContain(`${TEACHER_LEFT_CONTACT_TEXT} ${contact}`);
    // The year statement too (the README says so).
    const statement = await t.app.request(`/api/billing/statement?teacherId=${teacher.teacherId}&year=${sent.issueDate.slice(0, 4)}`, { headers: { cookie: parent.cookie } });
    expect(statement.status).toBe(200);
    const statementText = (await extractText(await getDocumentProxy(new Uint8Array(await statement.arrayBuffer())), { mergePages: true })).text;
    expect(statementText.replace(/\s+/g, " ")).toContain(`${TEACHER_LEFT_CONTACT_TEXT} ${contact}`);
  });
});
