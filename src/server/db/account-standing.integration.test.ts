import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TeacherReviewStatus } from "../../shared/operator/operator.constants";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { createClass } from "../../../tests/factories/classes";
import { attendedLesson, sentInvoice } from "../../../tests/factories/invoices";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { DIGEST_KIND, scheduleWeeklyRound, SUMMARY_KIND, zonesInUse } from "../digest/weekly-digest.repo";
import type { ClaimedJob } from "../jobs/job.types";
import { unreadEmailJob } from "../messages/unread-email.job";
import { invoiceReminderJob } from "../invoices/invoices.jobs";
import { reminderJob } from "../lessons/reminders.jobs";
import { accountSuspensions, jobs, mailOutbox, teacherProfiles, user } from "./schema";

/**
 * Issue 39: one rule (account-standing.ts) decides who may still act, be emailed and be contacted,
 * and every path asks it. Each row is a state the teacher's account is put in after the family has
 * a conversation with them, a lesson tomorrow and an unpaid invoice, and the teacher has a calendar
 * feed; each column a path, token-based and background ones included. The second table does the
 * same for the family's account.
 */
const t = testAppForFile();

type TeacherState = { review?: TeacherReviewStatus; suspended?: boolean; deleted?: boolean };
interface Expected {
  feed: number;
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

const IN_REVIEW = { feed: 200, weeklySummary: false, openConversation: 404, send: "recipient_unavailable", unreadEmail: false, lessonReminder: true, invoiceReminder: true, reportProfile: 404, reportMessage: 201 };
const GONE = { weeklySummary: false, openConversation: 404, unreadEmail: false, lessonReminder: false, invoiceReminder: false, reportProfile: 404, reportMessage: 201 };

const TEACHER_STATES: { state: string; make: TeacherState; expected: Expected }[] = [
  {
    state: "approved and active",
    make: {},
    expected: { feed: 200, weeklySummary: true, openConversation: 200, send: 201, unreadEmail: true, lessonReminder: true, invoiceReminder: true, reportProfile: 201, reportMessage: 201 },
  },
  { state: "waiting for review", make: { review: "pending" }, expected: IN_REVIEW },
  { state: "asked for changes", make: { review: "changes_requested" }, expected: IN_REVIEW },
  { state: "rejected", make: { review: "rejected" }, expected: IN_REVIEW },
  // A family with history still sees a suspended teacher's profile (read only), so may report it.
  { state: "suspended", make: { suspended: true }, expected: { ...GONE, feed: 404, send: "recipient_unavailable", reportProfile: 201 } },
  { state: "deleted", make: { deleted: true }, expected: { ...GONE, feed: 404, send: "conversation_closed" } },
];

async function putInState(teacher: { userId: string; teacherId: string }, state: TeacherState) {
  if (state.review) {
    await t.deps.db.update(teacherProfiles).set({ reviewStatus: state.review, isDiscoverable: false, discoveryEnabledAt: null }).where(eq(teacherProfiles.id, teacher.teacherId));
  }
  if (state.suspended) await t.deps.db.insert(accountSuspensions).values({ userId: teacher.userId, reason: "Test" });
  if (state.deleted) await t.deps.db.update(user).set({ deleted: true }).where(eq(user.id, teacher.userId));
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
  const past = new Date(Date.now() - 40 * 86_400_000);
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

    await putInState(teacher, make);
    const now = new Date();

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
      feed: feedStatus,
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
    { state: "active", make: async () => {}, feed: 200, weekly: true, contacted: 200, sendTo: 201, lessonReminder: true, invoiceReminder: true },
    {
      state: "suspended",
      make: async (userId: string) => void (await t.deps.db.insert(accountSuspensions).values({ userId, reason: "Test" })),
      feed: 404,
      weekly: false,
      contacted: 403,
      sendTo: "recipient_unavailable",
      lessonReminder: false,
      invoiceReminder: false,
    },
    {
      state: "deleted",
      make: async (userId: string) => void (await t.deps.db.update(user).set({ deleted: true }).where(eq(user.id, userId))),
      feed: 404,
      weekly: false,
      contacted: 403,
      sendTo: "conversation_closed",
      lessonReminder: false,
      invoiceReminder: false,
    },
  ])(
    "a family $state: feed $feed, weekly email $weekly, a teacher opening a conversation $contacted and writing $sendTo, reminders $lessonReminder",
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

      await make(parent.userId);
      const now = new Date();
      const feed = (await t.app.request(new URL(created.json.url as string).pathname)).status;
      const weekly = await weeklyScheduled("parent", parent.userId, now);
      const contacted = (await send(t, "POST", "/api/messages/conversations/family", { cookie: teacherCookie, body: { studentId: parent.studentIds[0]! } })).status;
      const sent = await send(t, "POST", `/api/messages/conversations/${opened.json.id}/messages`, { cookie: teacherCookie, body: { text: "About Tuesday" } });
      await remindOfLesson(bookingId, startsAt, "parent", now);
      await remindOfInvoice(invoiceId, now);

      expect({
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
