import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TeacherReviewStatus } from "../../shared/operator/operator.constants";
import { createOperator, createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { createClass } from "../../../tests/factories/classes";
import { attendedLesson, sentInvoice } from "../../../tests/factories/invoices";
import { send, signIn, signInOperator } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { DIGEST_KIND, scheduleWeeklyRound, SUMMARY_KIND, zonesInUse } from "../digest/weekly-digest.repo";
import type { ClaimedJob } from "../jobs/job.types";
import { unreadEmailJob } from "../messages/unread-email.job";
import { invoiceReminderJob } from "../invoices/invoices.jobs";
import { reminderJob } from "../lessons/reminders.jobs";
import { calendarEvents, jobs, mailOutbox, teacherProfiles } from "./schema";

/**
 * Issue 39: one rule (account-standing.ts) decides who may still act, be emailed and be contacted,
 * and every path asks it. Each row is a state the teacher's account is put in after the family has
 * a conversation with them, a lesson tomorrow and an unpaid invoice, and the teacher has a calendar
 * feed, a signed-in browser and an .ics download; each column a path, the session, token-based and
 * background ones included. The states are reached the way they are in production: a review
 * decision in the table the desk writes, Suspend through the operator desk's route, deletion through
 * the account's own DELETE /api/accounts/me. The second table does the same for the family's account.
 */
const t = testAppForFile();
let operatorCookie: string;
beforeAll(async () => {
  const operator = await createOperator(t.deps);
  operatorCookie = await signInOperator(t, operator.email, operator.password);
});

type TeacherState = { review?: TeacherReviewStatus; suspended?: boolean; deleted?: boolean };
interface Expected {
  /** The account's own paths with the cookie it had: a session route, the live stream, its .ics download. */
  session: number;
  live: number;
  ownIcs: number;
  feed: number;
  /**
   * The family's .ics download of tomorrow's lesson: "confirmed", or "cancelled" (kept for the
   * family's history, marked STATUS:CANCELLED so a calendar app takes it off), and whether it
   * still carries the teacher's email.
   */
  familyIcs: "confirmed" | "cancelled";
  familyIcsContact: boolean;
  weeklySummary: boolean;
  openConversation: number;
  send: number | string;
  unreadEmail: boolean;
  /** The lesson reminder to the teacher, and the invoice reminder to the family. */
  lessonReminder: boolean;
  invoiceReminder: boolean;
  /** Reporting the teacher's profile, and a message the teacher sent before. */
  reportProfile: number;
  reportMessage: number;
}

const SIGNED_IN = { session: 200, live: 200, ownIcs: 200 };
const SIGNED_OUT = { session: 401, live: 401, ownIcs: 401 };
const IN_REVIEW = { ...SIGNED_IN, feed: 200, familyIcs: "confirmed" as const, familyIcsContact: true, weeklySummary: false, openConversation: 404, send: "recipient_unavailable", unreadEmail: false, lessonReminder: true, invoiceReminder: true, reportProfile: 404, reportMessage: 201 };
const GONE = { ...SIGNED_OUT, weeklySummary: false, openConversation: 404, unreadEmail: false, lessonReminder: false, invoiceReminder: false, reportProfile: 404, reportMessage: 201 };

const TEACHER_STATES: { state: string; make: TeacherState; expected: Expected }[] = [
  {
    state: "approved and active",
    make: {},
    expected: { ...SIGNED_IN, feed: 200, familyIcs: "confirmed" as const, familyIcsContact: true, weeklySummary: true, openConversation: 200, send: 201, unreadEmail: true, lessonReminder: true, invoiceReminder: true, reportProfile: 201, reportMessage: 201 },
  },
  { state: "waiting for review", make: { review: "pending" }, expected: IN_REVIEW },
  { state: "asked for changes", make: { review: "changes_requested" }, expected: IN_REVIEW },
  { state: "rejected", make: { review: "rejected" }, expected: IN_REVIEW },
  // Suspending or leaving cancels the lessons ahead and takes the profile down for everyone, the
  // family included (discoverable.ts); what the teacher wrote to them can still be reported.
  { state: "suspended", make: { suspended: true }, expected: { ...GONE, feed: 404, familyIcs: "cancelled" as const, familyIcsContact: false, send: "recipient_unavailable" } },
  { state: "deleted", make: { deleted: true }, expected: { ...GONE, feed: 404, familyIcs: "cancelled" as const, familyIcsContact: false, send: "conversation_closed" } },
];

async function putInState(account: { userId: string; password: string }, cookie: string, state: TeacherState & { teacherId?: string }) {
  if (state.review && state.teacherId) {
    await t.deps.db.update(teacherProfiles).set({ reviewStatus: state.review, isDiscoverable: false, discoveryEnabledAt: null }).where(eq(teacherProfiles.id, state.teacherId));
  }
  if (state.suspended) {
    const res = await send(t, "POST", `/api/operator/accounts/${account.userId}/suspend`, { cookie: operatorCookie, body: { reason: "Checking the rule" } });
    expect(res.status, res.text).toBe(200);
  }
  if (state.deleted) {
    const res = await send(t, "DELETE", "/api/accounts/me", { cookie, body: { password: account.password } });
    expect(res.status, res.text).toBe(200);
  }
}

/** The live stream's status for a cookie; an open stream is closed at once. */
async function liveStatus(cookie: string): Promise<number> {
  const response = await t.app.request("/api/live", { headers: { cookie } });
  await response.body?.cancel();
  return response.status;
}

/** The calendar event of a booking's lesson (the .ics download's id). */
async function lessonEventId(bookingId: string): Promise<string> {
  const [event] = await t.deps.db.select({ id: calendarEvents.id }).from(calendarEvents).where(eq(calendarEvents.bookingId, bookingId));
  return event!.id;
}

let week = 0;
/**
 * Whether Sunday's weekly round schedules the account: every zone's round of a week of the row's
 * own (a zone's round is scheduled once a week), then a job of that week naming the account.
 */
async function weeklyScheduled(audience: "parent" | "teacher", userId: string, now: Date): Promise<boolean> {
  const weekStart = `2041-02-${String(++week).padStart(2, "0")}`;
  for (const zone of await zonesInUse(t.deps.db, audience)) await scheduleWeeklyRound(t.deps.db, audience, zone, weekStart, now);
  const kind = audience === "parent" ? DIGEST_KIND : SUMMARY_KIND;
  const rows = await t.deps.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), sql`${jobs.payload}->>'weekStart' = ${weekStart}`, sql`${jobs.payload}->'userIds' @> ${JSON.stringify([userId])}::jsonb`));
  return rows.length > 0;
}

const asJob = (kind: string, key: string, payload: Record<string, unknown>) => ({ kind, key, payload }) as unknown as ClaimedJob;

/** Runs the lesson reminder of `role` for a lesson starting at `startsAt`, as the runner would. */
async function remindOfLesson(bookingId: string, startsAt: Date, role: "parent" | "teacher", now: Date) {
  const payload = { bookingId, startsAt: startsAt.toISOString(), role };
  await reminderJob.handle(asJob(reminderJob.kind, `test-reminder:${bookingId}:${role}`, payload), { deps: t.deps, now });
}

async function remindOfInvoice(invoiceId: string, now: Date) {
  await invoiceReminderJob.handle(asJob(invoiceReminderJob.kind, `test-invoice-reminder:${invoiceId}`, { invoiceId, n: 1 }), { deps: t.deps, now });
}

/** A family with a lesson tomorrow and a sent, unpaid invoice of one lesson last month. */
async function lessonAndInvoice(family: { teacherId: string; parentId: string; studentId: string }) {
  const startsAt = new Date(Date.now() + 20 * 3_600_000);
  const { bookingId } = await createBooking(t.deps, { ...family, startsAt });
  // Noon UTC: the invoice's range is days on the teacher's clock, and a lesson at 01:00 UTC is the day
  // before in New York (this failed whenever the suite ran between midnight and 05:00 UTC).
  const past = new Date(Date.now() - 40 * 86_400_000);
  past.setUTCHours(12, 0, 0, 0);
  await attendedLesson(t.deps, family, past, 6000);
  const day = past.toISOString().slice(0, 10);
  const invoice = await sentInvoice(t.deps, family.teacherId, { parentId: family.parentId, from: day, to: day });
  return { bookingId, startsAt, invoiceId: invoice.id };
}

const sentMail = async (to: string, kind: string) =>
  (await t.deps.db.select({ id: mailOutbox.id }).from(mailOutbox).where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)))).length;

describe("who may still act: every state × every path (account-standing.ts)", () => {
  it.each(TEACHER_STATES)("a teacher $state", async ({ make, expected }) => {
    const [teacher, parent] = await Promise.all([createTeacher(t.deps), createParent(t.deps)]);
    const [teacherCookie, parentCookie] = await Promise.all([
      signIn(t, "teacher", teacher.email, teacher.password),
      signIn(t, "parent", parent.email, parent.password),
    ]);
    // Made while the teacher was in good standing: a feed, a conversation, a message to them.
    const feed = await send(t, "POST", "/api/calendar/feed", { cookie: teacherCookie });
    const opened = await send(t, "POST", "/api/messages/conversations", { cookie: parentCookie, body: { teacherId: teacher.teacherId } });
    expect(opened.status, opened.text).toBe(200);
    const conversationId = opened.json.id as string;
    const first = await send(t, "POST", `/api/messages/conversations/${conversationId}/messages`, { cookie: parentCookie, body: { text: "Hello!" } });
    expect(first.status).toBe(201);
    const answer = await send(t, "POST", `/api/messages/conversations/${conversationId}/messages`, { cookie: teacherCookie, body: { text: "Hi there" } });
    expect(answer.status).toBe(201);
    const family = { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]! };
    const { bookingId, startsAt, invoiceId } = await lessonAndInvoice(family);

    const eventId = await lessonEventId(bookingId);
    await putInState(teacher, teacherCookie, { ...make, teacherId: teacher.teacherId });
    const now = new Date();

    const session = (await send(t, "GET", "/api/calendar/feed", { cookie: teacherCookie })).status;
    const live = await liveStatus(teacherCookie);
    const ownIcs = (await send(t, "GET", `/api/calendar/events/${eventId}/ics`, { cookie: teacherCookie })).status;
    const familyIcs = await send(t, "GET", `/api/calendar/events/${eventId}/ics`, { cookie: parentCookie });
    const feedStatus = (await t.app.request(new URL(feed.json.url as string).pathname)).status;
    const weeklySummary = await weeklyScheduled("teacher", teacher.userId, now);
    const reopened = await send(t, "POST", "/api/messages/conversations", { cookie: parentCookie, body: { teacherId: teacher.teacherId } });
    const sent = await send(t, "POST", `/api/messages/conversations/${conversationId}/messages`, { cookie: parentCookie, body: { text: "Still there?" } });
    await unreadEmailJob.handle({ kind: unreadEmailJob.kind, key: `test:${first.json.id}`, payload: { messageId: first.json.id } } as unknown as ClaimedJob, {
      deps: t.deps,
      now: new Date(now.getTime() + 11 * 60_000),
    });
    await remindOfLesson(bookingId, startsAt, "teacher", now);
    await remindOfInvoice(invoiceId, now);
    const report = (targetKind: string, targetId: string) =>
      send(t, "POST", "/api/reports", { cookie: parentCookie, body: { targetKind, targetId, reason: "other", details: "Checking the rule" } });
    const reportProfile = await report("teacher", teacher.teacherId);
    const reportMessage = await report("message", answer.json.id as string);

    expect({
      session,
      live,
      ownIcs,
      feed: feedStatus,
      familyIcs: familyIcs.status === 200 && familyIcs.text.includes("STATUS:CANCELLED") ? "cancelled" : familyIcs.status === 200 ? "confirmed" : familyIcs.status,
      familyIcsContact: familyIcs.text.includes(teacher.email),
      weeklySummary,
      openConversation: reopened.status,
      send: sent.status === 201 ? 201 : (sent.json.error.reason as string),
      unreadEmail: (await sentMail(teacher.email, "message-unread")) > 0,
      lessonReminder: (await sentMail(teacher.email, "lesson-reminder")) > 0,
      invoiceReminder: (await sentMail(parent.email, "invoice-reminder")) > 0,
      reportProfile: reportProfile.status,
      reportMessage: reportMessage.status,
    }).toEqual(expected);
  });

  it.each([
    { state: "active", make: {}, ...SIGNED_IN, feed: 200, weekly: true, contacted: 200, sendTo: 201, lessonReminder: true, invoiceReminder: true },
    { state: "suspended", make: { suspended: true }, ...SIGNED_OUT, feed: 404, weekly: false, contacted: 403, sendTo: "recipient_unavailable", lessonReminder: false, invoiceReminder: false },
    { state: "deleted", make: { deleted: true }, ...SIGNED_OUT, feed: 404, weekly: false, contacted: 403, sendTo: "conversation_closed", lessonReminder: false, invoiceReminder: false },
  ])(
    "a family $state: session $session, feed $feed, weekly email $weekly, a teacher opening a conversation $contacted and writing $sendTo, reminders $lessonReminder",
    async ({ state: _state, make, ...expected }) => {
      const [teacher, parent] = await Promise.all([createTeacher(t.deps), createParent(t.deps)]);
      const [teacherCookie, parentCookie] = await Promise.all([
        signIn(t, "teacher", teacher.email, teacher.password),
        signIn(t, "parent", parent.email, parent.password),
      ]);
      const created = await send(t, "POST", "/api/calendar/feed", { cookie: parentCookie });
      await createClass(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]! });
      const opened = await send(t, "POST", "/api/messages/conversations", { cookie: parentCookie, body: { teacherId: teacher.teacherId } });
      expect(opened.status, opened.text).toBe(200);
      const { bookingId, startsAt, invoiceId } = await lessonAndInvoice({ teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]! });
      const eventId = await lessonEventId(bookingId);

      await putInState(parent, parentCookie, make);
      const now = new Date();
      const session = (await send(t, "GET", "/api/calendar/feed", { cookie: parentCookie })).status;
      const live = await liveStatus(parentCookie);
      const ownIcs = (await send(t, "GET", `/api/calendar/events/${eventId}/ics`, { cookie: parentCookie })).status;
      const feed = (await t.app.request(new URL(created.json.url as string).pathname)).status;
      const weekly = await weeklyScheduled("parent", parent.userId, now);
      const contacted = (await send(t, "POST", "/api/messages/conversations/family", { cookie: teacherCookie, body: { studentId: parent.studentIds[0]! } })).status;
      const sent = await send(t, "POST", `/api/messages/conversations/${opened.json.id}/messages`, { cookie: teacherCookie, body: { text: "About Tuesday" } });
      await remindOfLesson(bookingId, startsAt, "parent", now);
      await remindOfInvoice(invoiceId, now);

      expect({
        session,
        live,
        ownIcs,
        feed,
        weekly,
        contacted,
        sendTo: sent.status === 201 ? 201 : (sent.json.error.reason as string),
        lessonReminder: (await sentMail(parent.email, "lesson-reminder")) > 0,
        invoiceReminder: (await sentMail(parent.email, "invoice-reminder")) > 0,
      }).toEqual(expected);
    },
  );
});
