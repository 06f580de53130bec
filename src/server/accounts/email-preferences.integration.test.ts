import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBareUser, createOperator, createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { attendedLesson, draftInvoice } from "../../../tests/factories/invoices";
import { newYorkTeacher as factoryNewYorkTeacher, newYorkTime } from "../../../tests/factories/lessons";
import { book, newParent, newYorkTeacher, slotsOf } from "../../../tests/fixtures/booking";
import { cookieHeader, send, signIn, signInOperator } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import type { EmailPreferences, EmailPreferencesDTO } from "../../shared/accounts/email-preferences";
import { mailOutbox, parentProfiles, studentProfiles } from "../db/schema";
import { JOB_KINDS, JOB_SWEEPS } from "../job-kinds";
import { runDueJobs } from "../jobs/job-runner";

const t = testAppForFile();

const PATH = "/api/accounts/me/email-preferences";
const ALL_ON: EmailPreferences = { booking: true, reminders: true, messages: true, weekly: true };
const ALL_OFF: EmailPreferences = { booking: false, reminders: false, messages: false, weekly: false };
const H = 3_600_000;
const MINUTE = 60_000;

const getPreferences = (cookie: string | undefined) => send(t, "GET", PATH, { cookie });
const patchPreferences = (cookie: string | undefined, body: unknown) => send(t, "PATCH", PATH, { cookie, body: body as Record<string, unknown> });

/** Sets switches and checks the answer; the gate tests start from here. */
async function setPreferences(cookie: string, patch: Partial<EmailPreferences>) {
  const res = await patchPreferences(cookie, patch);
  expect(res.status, res.text).toBe(200);
  return res.json as EmailPreferencesDTO;
}

/** The parent settings page's two switches (stored as wants_notifications / preferred_communication). */
async function setParentNotifications(cookie: string, notifications: { email: boolean; sms: boolean }) {
  const res = await send(t, "PATCH", "/api/parents/me", { cookie, body: { notifications } });
  expect(res.status, res.text).toBe(200);
}

/** What the outbox holds for an address, of one kind: the mail the people would get. */
async function mailsTo(address: string, kind: string) {
  return t.deps.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, address), eq(mailOutbox.kind, kind)));
}

const runJobsAt = (now: Date) => runDueJobs(t.deps, { kinds: JOB_KINDS, sweeps: JOB_SWEEPS, now });

async function signedInParent() {
  const parent = await createParent(t.deps);
  return { ...parent, cookie: await signIn(t, "parent", parent.email, parent.password) };
}

async function signedInTeacher() {
  const teacher = await createTeacher(t.deps);
  return { ...teacher, cookie: await signIn(t, "teacher", teacher.email, teacher.password) };
}

describe("GET and PATCH /api/accounts/me/email-preferences", () => {
  it("a new parent and a new teacher have every email on, each with their own wording", async () => {
    const [parent, teacher] = await Promise.all([signedInParent(), signedInTeacher()]);
    const forParent = await getPreferences(parent.cookie);
    expect(forParent.status, forParent.text).toBe(200);
    expect(forParent.json).toEqual({ preferences: ALL_ON, audience: "parent", emailOn: true });
    const forTeacher = await getPreferences(teacher.cookie);
    expect(forTeacher.status, forTeacher.text).toBe(200);
    expect(forTeacher.json).toEqual({ preferences: ALL_ON, audience: "teacher", emailOn: true });
  });

  it("a PATCH changes only the switch it names; a second PATCH keeps the first; nobody else's change", async () => {
    const [parent, other, teacher] = await Promise.all([signedInParent(), signedInParent(), signedInTeacher()]);
    expect(await setPreferences(parent.cookie, { reminders: false })).toEqual({
      preferences: { ...ALL_ON, reminders: false },
      audience: "parent",
      emailOn: true,
    });
    expect((await setPreferences(parent.cookie, { weekly: false })).preferences).toEqual({ ...ALL_ON, reminders: false, weekly: false });
    // Turned back on, the other switch stays off.
    expect((await setPreferences(parent.cookie, { reminders: true })).preferences).toEqual({ ...ALL_ON, weekly: false });
    expect((await getPreferences(parent.cookie)).json.preferences).toEqual({ ...ALL_ON, weekly: false });

    expect((await getPreferences(other.cookie)).json.preferences).toEqual(ALL_ON);
    expect((await setPreferences(teacher.cookie, { booking: false, messages: false })).preferences).toEqual({ ...ALL_ON, booking: false, messages: false });
    expect((await getPreferences(teacher.cookie)).json).toEqual({ preferences: { ...ALL_ON, booking: false, messages: false }, audience: "teacher", emailOn: true });
    expect((await getPreferences(parent.cookie)).json.preferences).toEqual({ ...ALL_ON, weekly: false });
  });

  it("saving the same value twice, or all four at once, answers the stored switches", async () => {
    const teacher = await signedInTeacher();
    expect((await setPreferences(teacher.cookie, { booking: false })).preferences.booking).toBe(false);
    expect((await setPreferences(teacher.cookie, { booking: false })).preferences).toEqual({ ...ALL_ON, booking: false });
    expect((await setPreferences(teacher.cookie, ALL_OFF)).preferences).toEqual(ALL_OFF);
    expect((await setPreferences(teacher.cookie, ALL_ON)).preferences).toEqual(ALL_ON);
  });

  it("emailOn follows a parent's Email notifications switch; the category switches are kept while it is off", async () => {
    const parent = await signedInParent();
    await setPreferences(parent.cookie, { messages: false });
    await setParentNotifications(parent.cookie, { email: false, sms: false });
    expect((await getPreferences(parent.cookie)).json).toEqual({ preferences: { ...ALL_ON, messages: false }, audience: "parent", emailOn: false });
    await setParentNotifications(parent.cookie, { email: true, sms: false });
    expect((await getPreferences(parent.cookie)).json).toEqual({ preferences: { ...ALL_ON, messages: false }, audience: "parent", emailOn: true });
    // A PATCH while it is off answers it too.
    await setParentNotifications(parent.cookie, { email: false, sms: false });
    expect(await setPreferences(parent.cookie, { messages: true })).toEqual({ preferences: ALL_ON, audience: "parent", emailOn: false });
  });

  it("anonymous: 401; an operator or an account with no profile: 403, and nothing is stored", async () => {
    expect((await getPreferences(undefined)).status).toBe(401);
    expect((await patchPreferences(undefined, { booking: false })).status).toBe(401);

    const operator = await createOperator(t.deps);
    const operatorCookie = await signInOperator(t, operator.email, operator.password);
    // The session guard turns an operator away before the service asks for a profile.
    expect((await getPreferences(operatorCookie)).status).toBe(403);
    expect((await patchPreferences(operatorCookie, { booking: false })).status).toBe(403);

    const bare = await createBareUser(t.deps);
    const signedIn = await send(t, "POST", "/api/auth/sign-in/email", {
      body: { email: bare.email, password: bare.password },
      headers: { origin: "http://localhost:3000" },
    });
    expect(signedIn.status).toBe(200);
    const bareCookie = cookieHeader(signedIn.headers);
    for (const res of [await getPreferences(bareCookie), await patchPreferences(bareCookie, { booking: false })]) {
      expect(res.status, res.text).toBe(403);
      expect(res.json.error.message).toBe("Email settings are for parent and teacher accounts.");
    }

    const stored = await t.deps.db.query.emailPreferences.findMany({ where: (row, { inArray }) => inArray(row.userId, [operator.userId, bare.userId]) });
    expect(stored).toEqual([]);
  });

  it("two PATCHes of different switches at once both stick", async () => {
    const teacher = await signedInTeacher();
    const [first, second] = await Promise.all([patchPreferences(teacher.cookie, { booking: false }), patchPreferences(teacher.cookie, { weekly: false })]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await getPreferences(teacher.cookie)).json.preferences).toEqual({ ...ALL_ON, booking: false, weekly: false });
  });

  it("bad input: 400 with a message, and the switches stay as they were", async () => {
    const parent = await signedInParent();
    await setPreferences(parent.cookie, { booking: false });
    const cases: [body: unknown, message: string][] = [
      [{}, "Choose at least one email setting to change"],
      [{ booking: true, sms: true }, "Only booking, reminders, messages and weekly can be set"],
      [{ emailOn: true }, "Only booking, reminders, messages and weekly can be set"],
      [{ booking: "true" }, "Booking emails must be on or off"],
      [{ reminders: null }, "Reminder emails must be on or off"],
      [{ messages: 0 }, "Message emails must be on or off"],
      [{ weekly: [] }, "Weekly emails must be on or off"],
    ];
    for (const [body, message] of cases) {
      const res = await patchPreferences(parent.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.message, JSON.stringify(body)).toBe(message);
    }
    expect((await getPreferences(parent.cookie)).json.preferences).toEqual({ ...ALL_ON, booking: false });
  });
});

describe("the mailer's gate, through the real features", () => {
  /** An intro-call request of a new parent with the teacher, at the `day`th open day of next month. */
  async function requestIntro(teacher: { teacherId: string }, day: number) {
    const parent = await newParent(t);
    const slot = Object.values((await slotsOf(t, teacher.teacherId, "intro")).days)[day]![0]!;
    const res = await book(t, parent, teacher.teacherId, [slot.startsAt], "intro");
    expect(res.status, res.text).toBe(201);
    return { parent, bookingId: res.json.bookings[0].id as string };
  }

  it("a teacher with booking emails off gets no new-request email; turned on again, they do", async () => {
    const teacher = await newYorkTeacher(t);
    await setPreferences(teacher.cookie, { booking: false });
    await requestIntro(teacher, 3);
    expect(await mailsTo(teacher.email, "booking-requested")).toHaveLength(0);

    await setPreferences(teacher.cookie, { booking: true });
    await requestIntro(teacher, 4);
    const mails = await mailsTo(teacher.email, "booking-requested");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^New Intro Call request for /);
  });

  it("the teacher's other switches and the parent's settings do not hold back the teacher's request email", async () => {
    const teacher = await newYorkTeacher(t);
    await setPreferences(teacher.cookie, { reminders: false, messages: false, weekly: false });
    const { parent } = await requestIntro(teacher, 3);
    expect(await mailsTo(teacher.email, "booking-requested")).toHaveLength(1);
    // A parent with everything off still sends the request; the teacher is told of the second one.
    await setPreferences(parent.cookie, ALL_OFF);
    await setParentNotifications(parent.cookie, { email: false, sms: false });
    const slot = Object.values((await slotsOf(t, teacher.teacherId, "intro")).days)[5]![0]!;
    expect((await book(t, parent, teacher.teacherId, [slot.startsAt], "intro")).status).toBe(201);
    expect(await mailsTo(teacher.email, "booking-requested")).toHaveLength(2);
  });

  it("a parent whose Email notifications are off gets no booking decision, even with booking emails on", async () => {
    const teacher = await newYorkTeacher(t);
    const off = await requestIntro(teacher, 3);
    await setParentNotifications(off.parent.cookie, { email: false, sms: false });
    expect((await getPreferences(off.parent.cookie)).json).toMatchObject({ preferences: ALL_ON, emailOn: false });
    expect((await send(t, "POST", `/api/bookings/${off.bookingId}/accept`, { cookie: teacher.cookie })).status).toBe(200);
    expect(await mailsTo(off.parent.email, "booking-accepted")).toHaveLength(0);

    // With the switch on, the same decision is emailed.
    const on = await requestIntro(teacher, 4);
    expect((await send(t, "POST", `/api/bookings/${on.bookingId}/accept`, { cookie: teacher.cookie })).status).toBe(200);
    expect(await mailsTo(on.parent.email, "booking-accepted")).toHaveLength(1);
  });

  it("a parent with booking emails off gets no decline, and no cancellation by the teacher", async () => {
    const teacher = await newYorkTeacher(t);
    const declined = await requestIntro(teacher, 3);
    await setPreferences(declined.parent.cookie, { booking: false });
    expect((await send(t, "POST", `/api/bookings/${declined.bookingId}/decline`, { cookie: teacher.cookie, body: { reason: "Away that week" } })).status).toBe(200);
    expect(await mailsTo(declined.parent.email, "booking-declined")).toHaveLength(0);

    const accepted = await requestIntro(teacher, 4);
    expect((await send(t, "POST", `/api/bookings/${accepted.bookingId}/accept`, { cookie: teacher.cookie })).status).toBe(200);
    expect(await mailsTo(accepted.parent.email, "booking-accepted")).toHaveLength(1);
    await setPreferences(accepted.parent.cookie, { booking: false });
    const cancel = await send(t, "POST", `/api/lessons/${accepted.bookingId}/cancel`, { cookie: teacher.cookie, body: { scope: "one" } });
    expect(cancel.status, cancel.text).toBe(200);
    expect(await mailsTo(accepted.parent.email, "lesson-cancelled")).toHaveLength(0);
  });

  it("an account that is a teacher and a parent: its parent Email notifications switch off silences only its mail as a parent", async () => {
    const teacher = await newYorkTeacher(t);
    // The teacher is also a parent (a profile of their own, Email notifications off).
    const [profile] = await t.deps.db
      .insert(parentProfiles)
      .values({ userId: teacher.userId, firstName: "Terry", lastName: "Both", wantsNotifications: false, preferredCommunication: "app" })
      .returning({ id: parentProfiles.id });
    expect((await getPreferences(teacher.cookie)).json).toMatchObject({ audience: "teacher", emailOn: true });

    // As a teacher: told of a new request.
    await requestIntro(teacher, 3);
    expect(await mailsTo(teacher.email, "booking-requested")).toHaveLength(1);

    // As a parent: a lesson of their child cancelled by another teacher is not emailed to them.
    const other = await factoryNewYorkTeacher(t.deps);
    const [child] = await t.deps.db.insert(studentProfiles).values({ parentId: profile!.id, firstName: "Robin", lastName: "Both", age: 9 }).returning({ id: studentProfiles.id });
    const { bookingId } = await createBooking(t.deps, { teacherId: other.teacherId, parentId: profile!.id, studentId: child!.id, status: "accepted", startsAt: newYorkTime(5, 10) });
    const otherCookie = await signIn(t, "teacher", other.email, other.password);
    expect((await send(t, "POST", `/api/lessons/${bookingId}/cancel`, { cookie: otherCookie, body: { scope: "one" } })).status).toBe(200);
    expect(await mailsTo(teacher.email, "lesson-cancelled")).toHaveLength(0);
  });

  it("a teacher with booking emails off is not told of a cancellation by the family; with it on, they are", async () => {
    const teacher = await factoryNewYorkTeacher(t.deps);
    const teacherCookie = await signIn(t, "teacher", teacher.email, teacher.password);
    const parent = await signedInParent();
    const lessonOf = (daysAhead: number) =>
      createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, status: "accepted", startsAt: newYorkTime(daysAhead, 10) });
    const [quiet, told] = [await lessonOf(5), await lessonOf(6)];

    await setPreferences(teacherCookie, { booking: false });
    expect((await send(t, "POST", `/api/lessons/${quiet.bookingId}/cancel`, { cookie: parent.cookie, body: { scope: "one" } })).status).toBe(200);
    expect(await mailsTo(teacher.email, "lesson-cancelled")).toHaveLength(0);

    await setPreferences(teacherCookie, { booking: true });
    expect((await send(t, "POST", `/api/lessons/${told.bookingId}/cancel`, { cookie: parent.cookie, body: { scope: "one" } })).status).toBe(200);
    expect(await mailsTo(teacher.email, "lesson-cancelled")).toHaveLength(1);
  });

  it("a teacher with booking emails off is not told of a lesson the family moved; with it on, they are", async () => {
    const teacher = await factoryNewYorkTeacher(t.deps);
    const teacherCookie = await signIn(t, "teacher", teacher.email, teacher.password);
    const parent = await signedInParent();
    const lessonOf = (daysAhead: number) =>
      createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, status: "accepted", startsAt: newYorkTime(daysAhead, 10) });
    const [quiet, told] = [await lessonOf(5), await lessonOf(6)];
    const move = (bookingId: string, startsAt: Date) =>
      send(t, "POST", `/api/lessons/${bookingId}/reschedule`, { cookie: parent.cookie, body: { startsAt: startsAt.toISOString() } });

    await setPreferences(teacherCookie, { booking: false });
    const moved = await move(quiet.bookingId, newYorkTime(5, 14));
    expect(moved.status, moved.text).toBe(200);
    expect(await mailsTo(teacher.email, "lesson-rescheduled")).toHaveLength(0);

    await setPreferences(teacherCookie, { booking: true });
    expect((await move(told.bookingId, newYorkTime(6, 14))).status).toBe(200);
    expect(await mailsTo(teacher.email, "lesson-rescheduled")).toHaveLength(1);
  });

  it("a parent with reminders off gets no lesson reminder while the teacher gets theirs, and the other way round", async () => {
    const lesson = async (daysAhead: number) => {
      const [teacher, parent] = await Promise.all([factoryNewYorkTeacher(t.deps), signedInParent()]);
      const startsAt = newYorkTime(daysAhead, 13);
      await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, status: "accepted", startsAt });
      return { teacher: { ...teacher, cookie: await signIn(t, "teacher", teacher.email, teacher.password) }, parent, startsAt };
    };
    const parentOff = await lesson(3);
    await setPreferences(parentOff.parent.cookie, { reminders: false });
    const teacherOff = await lesson(4);
    await setPreferences(teacherOff.teacher.cookie, { reminders: false });

    await runJobsAt(new Date(parentOff.startsAt.getTime() - 24 * H));
    await runJobsAt(new Date(teacherOff.startsAt.getTime() - 24 * H));
    expect(await mailsTo(parentOff.parent.email, "lesson-reminder")).toHaveLength(0);
    expect(await mailsTo(parentOff.teacher.email, "lesson-reminder")).toHaveLength(1);
    expect(await mailsTo(teacherOff.teacher.email, "lesson-reminder")).toHaveLength(0);
    expect(await mailsTo(teacherOff.parent.email, "lesson-reminder")).toHaveLength(1);
  });

  /** A parent and a teacher, signed in, with their conversation; `say` posts and answers its time. */
  async function conversation() {
    const [parent, teacher] = await Promise.all([signedInParent(), signedInTeacher()]);
    const opened = await send(t, "POST", "/api/messages/conversations", { cookie: parent.cookie, body: { teacherId: teacher.teacherId } });
    expect(opened.status, opened.text).toBe(200);
    const conversationId = opened.json.id as string;
    const say = async (cookie: string, text: string) => {
      const res = await send(t, "POST", `/api/messages/conversations/${conversationId}/messages`, { cookie, body: { text } });
      expect(res.status, res.text).toBe(201);
      return new Date(res.json.sentAt as string);
    };
    return { parent, teacher, say };
  }

  it("a parent or a teacher with message emails off gets no unread-message email; with them on, they do", async () => {
    const off = await conversation();
    await setPreferences(off.parent.cookie, { messages: false });
    await runJobsAt(new Date((await off.say(off.teacher.cookie, "Lesson notes are up")).getTime() + 11 * MINUTE));
    expect(await mailsTo(off.parent.email, "message-unread")).toHaveLength(0);

    const teacherOff = await conversation();
    await setPreferences(teacherOff.teacher.cookie, { messages: false });
    await runJobsAt(new Date((await teacherOff.say(teacherOff.parent.cookie, "Can we move Tuesday?")).getTime() + 11 * MINUTE));
    expect(await mailsTo(teacherOff.teacher.email, "message-unread")).toHaveLength(0);

    const on = await conversation();
    await setPreferences(on.parent.cookie, { booking: false, reminders: false, weekly: false });
    await runJobsAt(new Date((await on.say(on.teacher.cookie, "Lesson notes are up")).getTime() + 11 * MINUTE));
    expect((await mailsTo(on.parent.email, "message-unread")).map((m) => m.subject)).toEqual(["New message from Terry Teacher"]);
  });

  // Before issue 29 the job returned before stamping for a parent with email off; now the mailer
  // drops the email after the job stamped the conversation's hour, so the other side waits an hour.
  it("an unread-message email the recipient turned off does not hold back the other side's for the hour", async () => {
    const { parent, teacher, say } = await conversation();
    await setPreferences(parent.cookie, { messages: false });
    const toParentAt = await say(teacher.cookie, "Lesson notes are up");
    await runJobsAt(new Date(toParentAt.getTime() + 11 * MINUTE));
    expect(await mailsTo(parent.email, "message-unread")).toHaveLength(0);

    const toTeacherAt = await say(parent.cookie, "Thanks, see you Tuesday");
    await runJobsAt(new Date(toTeacherAt.getTime() + 11 * MINUTE));
    expect((await mailsTo(teacher.email, "message-unread")).map((m) => m.subject)).toEqual(["New message from Pat Parent"]);
  });

  it("account and money emails go with every switch off and Email notifications off", async () => {
    const teacher = await signedInTeacher();
    const parent = await signedInParent();
    await setPreferences(parent.cookie, ALL_OFF);
    await setParentNotifications(parent.cookie, { email: false, sms: false });
    expect((await getPreferences(parent.cookie)).json).toEqual({ preferences: ALL_OFF, audience: "parent", emailOn: false });

    // A password reset (sent at once, through sendSoon).
    const reset = await send(t, "POST", "/api/auth/request-password-reset", {
      body: { email: parent.email, redirectTo: "http://localhost:3000/reset-password" },
      headers: { origin: "http://localhost:3000" },
    });
    expect(reset.status, reset.text).toBe(200);
    expect(await mailsTo(parent.email, "password-reset")).toHaveLength(1);

    // An invoice (stored with the change, through enqueue).
    const family = { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]! };
    await attendedLesson(t.deps, family, new Date("2025-06-02T15:00:00Z"), 6000);
    const draft = await draftInvoice(t.deps, teacher.teacherId, { parentId: parent.parentId, from: "2025-06-01", to: "2025-06-30" });
    const sent = await send(t, "POST", `/api/invoices/${draft.id}/send`, { cookie: teacher.cookie });
    expect(sent.status, sent.text).toBe(200);
    expect(await mailsTo(parent.email, "invoice-sent")).toHaveLength(1);

    // A teacher (who has no Email notifications switch) with every category off: the same.
    await setPreferences(teacher.cookie, ALL_OFF);
    const teacherReset = await send(t, "POST", "/api/auth/request-password-reset", {
      body: { email: teacher.email, redirectTo: "http://localhost:3000/reset-password" },
      headers: { origin: "http://localhost:3000" },
    });
    expect(teacherReset.status).toBe(200);
    expect(await mailsTo(teacher.email, "password-reset")).toHaveLength(1);
  });
});
