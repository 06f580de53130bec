import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBooking } from "../../../tests/factories/bookings";
import { createOperator, createParent, createTeacher } from "../../../tests/factories/accounts";
import { send, signIn, signInOperator } from "../../../tests/fixtures/http";
import { lastMail } from "../../../tests/fixtures/outbox";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { JOB_KINDS, JOB_SWEEPS } from "../job-kinds";
import { runDueJobs } from "../jobs/job-runner";
import { missedLiveEvents } from "../live/live.service";
import { REMOVED_MESSAGE_TEXT } from "../../shared/reports/reports.schemas";
import { accountSuspensions, mailOutbox, messages, operatorActions, reports, session, teacherProfiles } from "../db/schema";

const t = testAppForFile();

/**
 * A family and a teacher who talk (a message each way) and a review by the parent; a second
 * parent; an operator. Everyone signed in.
 */
async function scene() {
  const [parent, otherParent, teacher, operator] = await Promise.all([
    createParent(t.deps),
    createParent(t.deps, { firstName: "Olly" }),
    createTeacher(t.deps),
    createOperator(t.deps),
  ]);
  await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, status: "accepted" });
  const cookies = {
    parent: await signIn(t, "parent", parent.email, parent.password),
    otherParent: await signIn(t, "parent", otherParent.email, otherParent.password),
    teacher: await signIn(t, "teacher", teacher.email, teacher.password),
    operator: await signInOperator(t, operator.email, operator.password),
  };
  const review = await send(t, "POST", `/api/teachers/${teacher.teacherId}/reviews`, {
    cookie: cookies.parent,
    body: { rating: 1, body: "Rude and always late to every lesson." },
  });
  expect(review.status).toBe(201);
  const opened = await send(t, "POST", "/api/messages/conversations", { cookie: cookies.parent, body: { teacherId: teacher.teacherId } });
  const conversationId = opened.json.id as string;
  const fromParent = await send(t, "POST", `/api/messages/conversations/${conversationId}/messages`, {
    cookie: cookies.parent,
    body: { text: "You are a terrible teacher." },
  });
  const fromTeacher = await send(t, "POST", `/api/messages/conversations/${conversationId}/messages`, {
    cookie: cookies.teacher,
    body: { text: "Please keep it polite." },
  });
  return {
    parent,
    otherParent,
    teacher,
    operator,
    cookies,
    reviewId: review.json.id as string,
    conversationId,
    parentMessageId: fromParent.json.id as string,
    teacherMessageId: fromTeacher.json.id as string,
  };
}

const report = (cookie: string | undefined, targetKind: string, targetId: string, extra: Record<string, unknown> = {}) =>
  send(t, "POST", "/api/reports", { cookie, body: { targetKind, targetId, reason: "harassment", ...extra } });

const reportsOn = (targetId: string) => t.deps.db.select().from(reports).where(eq(reports.targetId, targetId));
const auditOn = (targetId: string) => t.deps.db.select().from(operatorActions).where(eq(operatorActions.targetId, targetId));

describe("reporting", () => {
  it("stores one report per reporter and thing: again, or two at once, answers the same thanks and stores nothing new", async () => {
    const s = await scene();
    const first = await report(s.cookies.otherParent, "review", s.reviewId, { details: "Not true, I was there." });
    expect(first.status).toBe(201);
    expect(first.json).toEqual({ created: true, message: "Thanks, our team will look at it." });
    const again = await report(s.cookies.otherParent, "review", s.reviewId, { reason: "other" });
    expect(again.status).toBe(200);
    expect(again.json.message).toBe("Thanks, our team will look at it.");
    const [a, b] = await Promise.all([report(s.cookies.teacher, "message", s.parentMessageId), report(s.cookies.teacher, "message", s.parentMessageId)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(await reportsOn(s.reviewId)).toHaveLength(1);
    const [stored] = await reportsOn(s.parentMessageId);
    expect(stored).toMatchObject({ reportedUserId: s.parent.userId, reporterUserId: s.teacher.userId, status: "open", reason: "harassment" });
    expect(await reportsOn(s.parentMessageId)).toHaveLength(1);
  });

  it("refuses who may not report: the sender of a message, a stranger to the conversation, anyone about their own things, the anonymous", async () => {
    const s = await scene();
    expect((await report(s.cookies.parent, "message", s.parentMessageId)).status).toBe(404);
    expect((await report(s.cookies.otherParent, "message", s.parentMessageId)).status).toBe(404);
    expect((await report(s.cookies.otherParent, "message", s.teacherMessageId)).status).toBe(404);
    expect((await report(undefined, "message", s.parentMessageId)).status).toBe(401);
    expect((await report(s.cookies.teacher, "teacher", s.teacher.teacherId)).status).toBe(404);
    expect((await report(s.cookies.parent, "review", s.reviewId)).status).toBe(404);
    expect((await report(s.cookies.operator, "teacher", s.teacher.teacherId)).status).toBe(403);
    expect((await report(s.cookies.parent, "teacher", crypto.randomUUID())).status).toBe(404);
    // A teacher who is not listed cannot be reported by someone who cannot see them.
    const hidden = await createTeacher(t.deps, { discoverable: false });
    expect((await report(s.cookies.otherParent, "teacher", hidden.teacherId)).status).toBe(404);
    // The receiving side may.
    expect((await report(s.cookies.parent, "message", s.teacherMessageId)).status).toBe(201);
    expect(await t.deps.db.select().from(reports).where(eq(reports.reportedUserId, s.parent.userId))).toHaveLength(0);
  });

  it("keeps the snapshot after the review and the message are edited and deleted and the profile is edited", async () => {
    const s = await scene();
    expect((await report(s.cookies.otherParent, "review", s.reviewId)).status).toBe(201);
    expect((await report(s.cookies.teacher, "message", s.parentMessageId)).status).toBe(201);
    expect((await report(s.cookies.parent, "teacher", s.teacher.teacherId)).status).toBe(201);
    const [reviewReport] = await reportsOn(s.reviewId);
    const [messageReport] = await reportsOn(s.parentMessageId);
    const [teacherReport] = await reportsOn(s.teacher.teacherId);

    // Edits: the review by its author, the message and the profile in the tables.
    const edit = await send(t, "PATCH", `/api/reviews/${s.reviewId}`, { cookie: s.cookies.parent, body: { rating: 5, body: "Actually a lovely teacher, sorry." } });
    expect(edit.status).toBe(200);
    await t.deps.db.update(messages).set({ body: "Hello!" }).where(eq(messages.id, s.parentMessageId));
    await t.deps.db.update(teacherProfiles).set({ bio: "A brand new bio." }).where(eq(teacherProfiles.id, s.teacher.teacherId));

    const detail = async (id: string) => {
      const res = await send(t, "GET", `/api/operator/reports/${id}`, { cookie: s.cookies.operator });
      expect(res.status).toBe(200);
      return res.json;
    };
    const editedReview = await detail(reviewReport!.id);
    expect(editedReview.snapshot).toMatchObject({ rating: 1, body: "Rude and always late to every lesson.", authorName: "Pat Parent", teacherName: "Terry Teacher" });
    expect(editedReview.target).toMatchObject({ exists: true, edited: true, hidden: false });
    expect(editedReview.target.current.body).toBe("Actually a lovely teacher, sorry.");
    expect(editedReview.reporter).toMatchObject({ userId: s.otherParent.userId, name: "Olly Parent", role: "parent" });
    expect(editedReview.reported).toMatchObject({ userId: s.parent.userId, name: "Pat Parent", suspended: false });
    expect((await detail(messageReport!.id)).snapshot).toMatchObject({ body: "You are a terrible teacher.", senderName: "Pat Parent", conversationId: s.conversationId });
    expect((await detail(messageReport!.id)).target).toMatchObject({ exists: true, edited: true });
    const editedTeacher = await detail(teacherReport!.id);
    expect(editedTeacher.snapshot).toMatchObject({ name: "Terry Teacher", bio: "", teachingStyle: "Patient and structured.", city: "Austin", state: "TX", instruments: ["piano"] });
    expect(editedTeacher.target).toMatchObject({ exists: true, edited: true });

    // Deletions: the review by its author, the message in the table.
    expect((await send(t, "DELETE", `/api/reviews/${s.reviewId}`, { cookie: s.cookies.parent })).status).toBe(200);
    await t.deps.db.delete(messages).where(eq(messages.id, s.parentMessageId));
    const deletedReview = await detail(reviewReport!.id);
    expect(deletedReview.snapshot.body).toBe("Rude and always late to every lesson.");
    expect(deletedReview.target).toEqual({ exists: false, hidden: false, edited: false, current: null });
    const deletedMessage = await detail(messageReport!.id);
    expect(deletedMessage.snapshot.body).toBe("You are a terrible teacher.");
    expect(deletedMessage.target.exists).toBe(false);
    // History: the other reports about the same account.
    expect((deletedReview.history.reports as { id: string }[]).map((r) => r.id)).toEqual([messageReport!.id]);
  });
});

describe("the operator's actions", () => {
  it("hides a review: gone from the profile's list and figures, every open report on it closed, one audit entry", async () => {
    const s = await scene();
    await report(s.cookies.otherParent, "review", s.reviewId);
    await report(s.cookies.teacher, "review", s.reviewId);
    const [first, second] = await reportsOn(s.reviewId);
    const before = await send(t, "GET", `/api/teachers/${s.teacher.teacherId}/reviews`);
    expect(before.json.reviewCount).toBe(1);

    const blank = await send(t, "POST", `/api/operator/reports/${first!.id}/hide-review`, { cookie: s.cookies.operator, body: { reason: "   " } });
    expect(blank.status).toBe(400);
    expect(blank.json.error.message).toBe("Please give a short reason.");
    const wrongKind = await send(t, "POST", `/api/operator/reports/${first!.id}/hide-message`, { cookie: s.cookies.operator, body: { reason: "x" } });
    expect(wrongKind.status).toBe(409);

    // Two operators (two clicks) at once, each hiding and closing: one hides, the other is told
    // the review is already hidden or the report already closed.
    const body = { reason: "Insults, not a review.", close: true };
    const [a, b] = await Promise.all([
      send(t, "POST", `/api/operator/reports/${first!.id}/hide-review`, { cookie: s.cookies.operator, body }),
      send(t, "POST", `/api/operator/reports/${second!.id}/hide-review`, { cookie: s.cookies.operator, body }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? a : b;
    expect(winner.json.target).toMatchObject({ exists: true, hidden: true });
    expect((a.status === 409 ? a : b).json.error.message).toMatch(/already hidden|already closed/);
    expect((await auditOn(s.reviewId)).map(({ action, targetKind, subjectUserId, reason }) => ({ action, targetKind, subjectUserId, reason }))).toEqual([
      { action: "hide_review", targetKind: "review", subjectUserId: s.parent.userId, reason: "Insults, not a review." },
    ]);
    const closed = await reportsOn(s.reviewId);
    expect(closed.map((r) => r.status)).toEqual(["actioned", "actioned"]);
    expect(closed.map((r) => r.resolution)).toEqual(["Review hidden: Insults, not a review.", "Review hidden: Insults, not a review."]);

    const after = await send(t, "GET", `/api/teachers/${s.teacher.teacherId}/reviews`);
    expect(after.json).toMatchObject({ reviews: [], reviewCount: 0, rating: null });
    const profile = await send(t, "GET", `/api/teachers/${s.teacher.teacherId}/public`);
    expect(profile.json.reviewCount).toBe(0);
    // Acting again on a closed report: 409, no new entry.
    const entries = (await t.deps.db.select().from(operatorActions)).length;
    const late = await send(t, "POST", `/api/operator/reports/${first!.id}/dismiss`, { cookie: s.cookies.operator, body: { reason: "x" } });
    expect(late.status).toBe(409);
    expect(await t.deps.db.select().from(operatorActions)).toHaveLength(entries);
  });

  it("hides a message: both sides see that it was removed, in the thread and the inbox preview", async () => {
    const s = await scene();
    // The parent's message is the newest, so it is the conversation's preview.
    await t.deps.db.update(messages).set({ createdAt: sql`now() + interval '1 minute'` }).where(eq(messages.id, s.parentMessageId));
    await report(s.cookies.teacher, "message", s.parentMessageId);
    const [open] = await reportsOn(s.parentMessageId);
    const res = await send(t, "POST", `/api/operator/reports/${open!.id}/hide-message`, { cookie: s.cookies.operator, body: { reason: "Abuse." } });
    expect(res.status).toBe(200);
    for (const cookie of [s.cookies.parent, s.cookies.teacher]) {
      const page = await send(t, "GET", `/api/messages/conversations/${s.conversationId}/messages`, { cookie });
      const hidden = (page.json.messages as { id: string }[]).find((m) => m.id === s.parentMessageId);
      expect(hidden).toMatchObject({ text: REMOVED_MESSAGE_TEXT, removed: true });
      expect(page.text).not.toContain("terrible");
      const inbox = await send(t, "GET", "/api/messages/conversations", { cookie });
      const summary = (inbox.json.conversations as { id: string; lastMessage: { text: string } }[]).find((c) => c.id === s.conversationId);
      expect(summary?.lastMessage.text).toBe(REMOVED_MESSAGE_TEXT);
    }
    expect(await auditOn(s.parentMessageId)).toEqual([expect.objectContaining({ action: "hide_message", targetKind: "message" })]);
    // Both sides' open pages hear of it live.
    for (const userId of [s.parent.userId, s.teacher.userId]) {
      const events = await missedLiveEvents(t.deps, userId, 0);
      expect(events.filter((e) => e.type === "message_removed").map((e) => e.payload)).toEqual([{ conversationId: s.conversationId, messageId: s.parentMessageId }]);
    }
  });

  it("warns the reported account by email with the reason, and dismisses with an audit entry on the report", async () => {
    const s = await scene();
    await report(s.cookies.teacher, "message", s.parentMessageId);
    await report(s.cookies.otherParent, "teacher", s.teacher.teacherId);
    const [messageReport] = await reportsOn(s.parentMessageId);
    const [teacherReport] = await reportsOn(s.teacher.teacherId);
    const warned = await send(t, "POST", `/api/operator/reports/${messageReport!.id}/warn`, {
      cookie: s.cookies.operator,
      body: { reason: "Please stay polite with teachers." },
    });
    expect(warned.status).toBe(200);
    // A step keeps the report open for the next one (issue 41).
    expect(warned.json.status).toBe("open");
    const { mail } = await lastMail(t, s.parent.email, "operator-warning");
    expect(mail.textBody).toContain("> Please stay polite with teachers.");
    expect(await auditOn(s.parent.userId)).toEqual([expect.objectContaining({ action: "warn", targetKind: "account", subjectUserId: s.parent.userId })]);

    const dismissed = await send(t, "POST", `/api/operator/reports/${teacherReport!.id}/dismiss`, { cookie: s.cookies.operator, body: { reason: "Profile checked: fine." } });
    expect(dismissed.status).toBe(200);
    expect(dismissed.json).toMatchObject({ status: "dismissed", resolution: "Dismissed: Profile checked: fine.", resolvedBy: s.operator.email });
    expect(await auditOn(teacherReport!.id)).toEqual([expect.objectContaining({ action: "dismiss", targetKind: "report", subjectUserId: s.teacher.userId })]);
    // The list: open first. Both are closed now; the detail's history names the warning.
    const detail = await send(t, "GET", `/api/operator/reports/${messageReport!.id}`, { cookie: s.cookies.operator });
    expect(detail.json.history.actions).toEqual([expect.objectContaining({ action: "warn", reason: "Please stay polite with teachers." })]);
  });

  it("suspends the reported account: its sessions end and the audit trail says so", async () => {
    const s = await scene();
    await report(s.cookies.otherParent, "review", s.reviewId);
    const [open] = await reportsOn(s.reviewId);
    const res = await send(t, "POST", `/api/operator/reports/${open!.id}/suspend`, { cookie: s.cookies.operator, body: { reason: "Repeated abuse." } });
    expect(res.status).toBe(200);
    expect(res.json.reported.suspended).toBe(true);
    expect(await t.deps.db.select().from(accountSuspensions).where(eq(accountSuspensions.userId, s.parent.userId))).toHaveLength(1);
    expect(await t.deps.db.select().from(session).where(eq(session.userId, s.parent.userId))).toHaveLength(0);
    expect(await auditOn(s.parent.userId)).toEqual([expect.objectContaining({ action: "suspend", subjectUserId: s.parent.userId })]);
  });

  it("lists open reports first, then the newest", async () => {
    const s = await scene();
    await report(s.cookies.otherParent, "review", s.reviewId);
    await report(s.cookies.teacher, "message", s.parentMessageId);
    const [reviewReport] = await reportsOn(s.reviewId);
    await send(t, "POST", `/api/operator/reports/${reviewReport!.id}/dismiss`, { cookie: s.cookies.operator, body: { reason: "Fine." } });
    const list = await send(t, "GET", "/api/operator/reports", { cookie: s.cookies.operator });
    const listed = list.json.reports as { status: string; targetId: string }[];
    const statuses = listed.map((r) => r.status);
    expect(statuses.indexOf("dismissed")).toBeGreaterThan(statuses.lastIndexOf("open"));
    const mine = listed.find((r) => r.targetId === s.parentMessageId);
    expect(mine).toMatchObject({ targetKind: "message", reason: "harassment", reporter: { name: "Terry Teacher" }, reported: { name: "Pat Parent" } });
    const anyone = await send(t, "GET", "/api/operator/reports", { cookie: s.cookies.parent });
    expect(anyone.status).toBe(404);
  });
});

describe("blocking in a conversation", () => {
  it("stops both sides sending, says who blocked to the blocker only, and unblocking opens it again", async () => {
    const s = await scene();
    const path = `/api/messages/conversations/${s.conversationId}`;
    const blocked = await send(t, "POST", `${path}/block`, { cookie: s.cookies.teacher });
    expect(blocked.status).toBe(200);
    expect(blocked.json).toMatchObject({ blockedByMe: true, sendBlocked: true, canSend: false });
    expect((await send(t, "POST", `${path}/block`, { cookie: s.cookies.teacher })).status).toBe(200);
    const parentView = await send(t, "GET", path, { cookie: s.cookies.parent });
    expect(parentView.json).toMatchObject({ blockedByMe: false, sendBlocked: true, canSend: false });

    const fromBlocked = await send(t, "POST", `${path}/messages`, { cookie: s.cookies.parent, body: { text: "Hello?" } });
    expect(fromBlocked.status).toBe(409);
    expect(fromBlocked.json.error.message).toBe("You can't send messages in this conversation.");
    const fromBlocker = await send(t, "POST", `${path}/messages`, { cookie: s.cookies.teacher, body: { text: "Hello?" } });
    expect(fromBlocker.status).toBe(409);
    expect(fromBlocker.json.error.message).toBe("You blocked Pat Parent. Unblock them to send messages again.");
    // Strangers cannot block.
    expect((await send(t, "POST", `${path}/block`, { cookie: s.cookies.otherParent })).status).toBe(404);

    const unblocked = await send(t, "DELETE", `${path}/block`, { cookie: s.cookies.teacher });
    expect(unblocked.json).toMatchObject({ blockedByMe: false, sendBlocked: false, canSend: true });
    expect((await send(t, "POST", `${path}/messages`, { cookie: s.cookies.parent, body: { text: "Hello again" } })).status).toBe(201);
  });

  it("sends no unread-message email to either side while blocked", async () => {
    const s = await scene();
    const path = `/api/messages/conversations/${s.conversationId}`;
    // Both messages of the scene are unread and their emails due in 10 minutes; the parent blocks first.
    expect((await send(t, "POST", `${path}/block`, { cookie: s.cookies.parent })).status).toBe(200);
    await runDueJobs(t.deps, { kinds: JOB_KINDS, sweeps: JOB_SWEEPS, now: new Date(Date.now() + 11 * 60_000) });
    for (const email of [s.parent.email, s.teacher.email]) {
      const mails = await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "message-unread")));
      expect(mails).toHaveLength(0);
    }
  });
});



describe("a report is evidence (issue 39)", () => {
  it("the database refuses any change to what was reported and any deletion; the handling and a deleted account's null still change", async () => {
    const [reporter, teacher, operator] = await Promise.all([createParent(t.deps), createTeacher(t.deps), createOperator(t.deps)]);
    const snapshot = { firstName: "Terry", bio: "As it was when reported" };
    const [row] = await t.deps.db
      .insert(reports)
      .values({ reporterUserId: reporter.userId, targetKind: "teacher", targetId: teacher.teacherId, reportedUserId: teacher.userId, reason: "harassment", details: "Rude", snapshot })
      .returning({ id: reports.id });
    const id = row!.id;
    const evidence = () => t.deps.db.select().from(reports).where(eq(reports.id, id));
    const before = (await evidence())[0]!;

    for (const change of [
      { snapshot: { firstName: "Terry", bio: "Edited afterwards" } },
      { details: "Nothing happened" },
      { reason: "spam" },
      { targetId: reporter.parentId },
      { reporterUserId: operator.userId },
      { createdAt: new Date("2020-01-01T00:00:00Z") },
    ]) {
      await expect(t.deps.db.update(reports).set(change).where(eq(reports.id, id)), JSON.stringify(change)).rejects.toThrow();
    }
    await expect(t.deps.db.delete(reports).where(eq(reports.id, id))).rejects.toThrow();
    await expect(t.deps.db.execute(sql`truncate table reports`)).rejects.toThrow();
    expect((await evidence())[0]).toEqual(before);

    // What the operator actions change: the status and the resolution.
    await t.deps.db
      .update(reports)
      .set({ status: "dismissed", resolution: "Not a violation", resolvedAt: new Date(), resolvedByUserId: operator.userId })
      .where(eq(reports.id, id));
    // A deleted account's id becomes null (ON DELETE SET NULL), the evidence stays.
    await t.deps.db.update(reports).set({ reporterUserId: null }).where(eq(reports.id, id));
    expect((await evidence())[0]).toMatchObject({ status: "dismissed", reporterUserId: null, snapshot, details: "Rude", reason: "harassment" });
  });
});
