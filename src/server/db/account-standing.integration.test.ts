import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TeacherReviewStatus } from "../../shared/operator/operator.constants";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createClass } from "../../../tests/factories/classes";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { scheduleWeeklyEmails } from "../digest/weekly-digest.repo";
import type { ClaimedJob } from "../jobs/job.types";
import { unreadEmailJob } from "../messages/unread-email.job";
import { accountSuspensions, jobs, mailOutbox, teacherProfiles, user } from "./schema";

/**
 * Issue 39: one rule (account-standing.ts) decides who may still act, be emailed and be contacted,
 * and every path asks it. Each row is a state the teacher's account is put in after the family has
 * a conversation with them and the teacher has a calendar feed; each column a path, token-based
 * and background ones included.
 */
const t = testAppForFile();

type TeacherState = { review?: TeacherReviewStatus; suspended?: boolean; deleted?: boolean };
interface Expected {
  feed: number;
  weeklySummary: boolean;
  openConversation: number;
  send: number | string;
  unreadEmail: boolean;
}

const TEACHER_STATES: { state: string; make: TeacherState; expected: Expected }[] = [
  { state: "approved and active", make: {}, expected: { feed: 200, weeklySummary: true, openConversation: 200, send: 201, unreadEmail: true } },
  { state: "waiting for review", make: { review: "pending" }, expected: { feed: 200, weeklySummary: false, openConversation: 404, send: "recipient_unavailable", unreadEmail: false } },
  { state: "asked for changes", make: { review: "changes_requested" }, expected: { feed: 200, weeklySummary: false, openConversation: 404, send: "recipient_unavailable", unreadEmail: false } },
  { state: "rejected", make: { review: "rejected" }, expected: { feed: 200, weeklySummary: false, openConversation: 404, send: "recipient_unavailable", unreadEmail: false } },
  { state: "suspended", make: { suspended: true }, expected: { feed: 404, weeklySummary: false, openConversation: 404, send: "recipient_unavailable", unreadEmail: false } },
  { state: "deleted", make: { deleted: true }, expected: { feed: 404, weeklySummary: false, openConversation: 404, send: "conversation_closed", unreadEmail: false } },
];

async function putInState(teacher: { userId: string; teacherId: string }, state: TeacherState) {
  if (state.review) {
    await t.deps.db.update(teacherProfiles).set({ reviewStatus: state.review, isDiscoverable: false, discoveryEnabledAt: null }).where(eq(teacherProfiles.id, teacher.teacherId));
  }
  if (state.suspended) await t.deps.db.insert(accountSuspensions).values({ userId: teacher.userId, reason: "Test" });
  if (state.deleted) await t.deps.db.update(user).set({ deleted: true }).where(eq(user.id, teacher.userId));
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

    await putInState(teacher, make);
    const now = new Date();

    const feedStatus = (await t.app.request(new URL(feed.json.url as string).pathname)).status;
    await scheduleWeeklyEmails(t.deps.db, now, 8 * 86_400_000, 86_400_000);
    const summaries = await t.deps.db.select({ key: jobs.key }).from(jobs).where(like(jobs.key, `weekly-summary:${teacher.userId}:%`));
    const reopened = await send(t, "POST", "/api/messages/conversations", { cookie: parentCookie, body: { teacherId: teacher.teacherId } });
    const sent = await send(t, "POST", `/api/messages/conversations/${conversationId}/messages`, { cookie: parentCookie, body: { text: "Still there?" } });
    await unreadEmailJob.handle({ kind: unreadEmailJob.kind, key: `test:${first.json.id}`, payload: { messageId: first.json.id } } as unknown as ClaimedJob, {
      deps: t.deps,
      now: new Date(now.getTime() + 11 * 60_000),
    });

    expect({
      feed: feedStatus,
      weeklySummary: summaries.length > 0,
      openConversation: reopened.status,
      send: sent.status === 201 ? 201 : (sent.json.error.reason as string),
      unreadEmail: (await sentMail(teacher.email, "message-unread")) > 0,
    }).toEqual(expected);
  });

  it.each([
    { state: "active", make: async () => {}, feed: 200, weekly: true, contacted: 200 },
    { state: "suspended", make: async (userId: string) => void (await t.deps.db.insert(accountSuspensions).values({ userId, reason: "Test" })), feed: 404, weekly: false, contacted: 403 },
  ])("a family $state: feed $feed, weekly email $weekly, a teacher opening a conversation $contacted", async ({ make, feed, weekly, contacted }) => {
    const [teacher, parent] = await Promise.all([createTeacher(t.deps), createParent(t.deps)]);
    const [teacherCookie, parentCookie] = await Promise.all([
      signIn(t, "teacher", teacher.email, teacher.password),
      signIn(t, "parent", parent.email, parent.password),
    ]);
    const created = await send(t, "POST", "/api/calendar/feed", { cookie: parentCookie });
    await createClass(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]! });
    await make(parent.userId);
    expect((await t.app.request(new URL(created.json.url as string).pathname)).status).toBe(feed);
    await scheduleWeeklyEmails(t.deps.db, new Date(), 8 * 86_400_000, 86_400_000);
    expect((await t.deps.db.select({ key: jobs.key }).from(jobs).where(like(jobs.key, `weekly-digest:${parent.userId}:%`))).length > 0).toBe(weekly);
    const open = await send(t, "POST", "/api/messages/conversations/family", { cookie: teacherCookie, body: { studentId: parent.studentIds[0]! } });
    expect(open.status, open.text).toBe(contacted);
  });
});
