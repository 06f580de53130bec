import { DELETED_TEACHER_NAME } from "../../shared/accounts/accounts.constants";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { createClass } from "../../../tests/factories/classes";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import {
  CONVERSATION_NOT_FOUND_MESSAGE,
  type ConversationList,
  type MessagePage,
} from "../../shared/messages/messages.api";
import { MESSAGE_REQUIRED_MESSAGE, MESSAGE_TOO_LONG_MESSAGE } from "../../shared/messages/messages.schemas";
import { queryRows } from "../db/client";
import { COLD_OUTREACH_MESSAGE, STUDENT_MESSAGES_OFF_MESSAGE } from "./conversations.service";
import { CONVERSATION_CLOSED_MESSAGE, SEND_LIMIT } from "./messages.service";

const t = testAppForFile();

async function teacher() {
  const account = await createTeacher(t.deps);
  return { ...account, cookie: await signIn(t, "teacher", account.email, account.password) };
}

async function parent(firstName?: string) {
  const account = await createParent(t.deps, firstName ? { firstName } : {});
  return { ...account, cookie: await signIn(t, "parent", account.email, account.password) };
}

type Person = { cookie: string };

async function open(who: Person & { teacherId?: string }, body: Record<string, unknown>) {
  return send(t, "POST", "/api/messages/conversations", { cookie: who.cookie, body });
}

async function say(who: Person, conversationId: string, text: string) {
  return send(t, "POST", `/api/messages/conversations/${conversationId}/messages`, { cookie: who.cookie, body: { text } });
}

/** A parent and a teacher with a conversation the parent opened and wrote in. */
async function pair() {
  const [p, tr] = await Promise.all([parent(), teacher()]);
  const opened = await open(p, { teacherId: tr.teacherId });
  expect(opened.status).toBe(200);
  const id = opened.json.id as string;
  return { p, tr, id };
}

describe("opening a conversation", () => {
  it("the profile, the student page and the class page open the SAME conversation of a parent and a teacher", async () => {
    const [p, tr] = await Promise.all([parent(), teacher()]);
    const { classId } = await createClass(t.deps, { teacherId: tr.teacherId, parentId: p.parentId, studentId: p.studentIds[0]! });
    const fromProfile = await open(p, { teacherId: tr.teacherId });
    const fromStudent = await open(p, { teacherId: tr.teacherId, studentId: p.studentIds[0] });
    const fromClass = await open(p, { teacherId: tr.teacherId, classId });
    expect([fromProfile.status, fromStudent.status, fromClass.status]).toEqual([200, 200, 200]);
    expect(fromStudent.json.id).toBe(fromProfile.json.id);
    expect(fromClass.json.id).toBe(fromProfile.json.id);
    expect(fromClass.json).toMatchObject({
      myRole: "parent",
      other: { name: "Terry Teacher", firstName: "Terry", initials: "TT", role: "teacher", teacherId: tr.teacherId, deleted: false },
      lastMessage: null,
      unreadCount: 0,
      canSend: true,
      // The first context given stays.
      context: { student: { id: p.studentIds[0], firstName: "Kid1" }, class: { id: classId, name: "Piano Basics" } },
    });
    // An empty conversation is in nobody's inbox yet.
    expect((await send(t, "GET", "/api/messages/conversations", { cookie: p.cookie })).json.conversations).toEqual([]);
  });

  it("refuses another family's student or a class with another teacher (404), a missing teacher (404) and teachers (403)", async () => {
    const [p, other, tr, tr2] = await Promise.all([parent(), parent(), teacher(), teacher()]);
    const { classId } = await createClass(t.deps, { teacherId: tr2.teacherId, parentId: p.parentId, studentId: p.studentIds[0]! });
    expect((await open(p, { teacherId: tr.teacherId, studentId: other.studentIds[0] })).json.error.message).toBe("Student not found");
    const wrongClass = await open(p, { teacherId: tr.teacherId, classId });
    expect([wrongClass.status, wrongClass.json.error.message]).toEqual([404, "Class not found"]);
    const missing = await open(p, { teacherId: "00000000-0000-4000-8000-000000000000" });
    expect([missing.status, missing.json.error.message]).toEqual([404, "Teacher not found"]);
    expect((await open(tr, { teacherId: tr2.teacherId })).status).toBe(403);
    expect((await send(t, "POST", "/api/messages/conversations", { body: { teacherId: tr.teacherId } })).status).toBe(401);
  });

  it("no cold outreach: a teacher opens a conversation only with a family that booked them or is in their class", async () => {
    const [p, stranger, tr] = await Promise.all([parent(), parent(), teacher()]);
    const cold = await send(t, "POST", "/api/messages/conversations/family", { cookie: tr.cookie, body: { studentId: stranger.studentIds[0] } });
    expect([cold.status, cold.json.error.message]).toEqual([403, COLD_OUTREACH_MESSAGE]);
    const { classId } = await createClass(t.deps, { teacherId: tr.teacherId });
    const emptyClass = await send(t, "POST", "/api/messages/conversations/family", { cookie: tr.cookie, body: { classId } });
    expect(emptyClass.status).toBe(403);

    await createBooking(t.deps, { teacherId: tr.teacherId, parentId: p.parentId, studentId: p.studentIds[0]!, status: "pending" });
    const booked = await send(t, "POST", "/api/messages/conversations/family", { cookie: tr.cookie, body: { studentId: p.studentIds[0] } });
    expect(booked.status).toBe(200);
    expect(booked.json).toMatchObject({ myRole: "teacher", other: { name: "Pat Parent", role: "parent", teacherId: null } });
    // The parent's own "Message {first name}" finds the conversation the teacher opened.
    expect((await open(p, { teacherId: tr.teacherId })).json.id).toBe(booked.json.id);

    const [p2] = await Promise.all([parent()]);
    const { classId: joined } = await createClass(t.deps, { teacherId: tr.teacherId, parentId: p2.parentId, studentId: p2.studentIds[0]! });
    const fromClass = await send(t, "POST", "/api/messages/conversations/family", { cookie: tr.cookie, body: { classId: joined } });
    expect(fromClass.status).toBe(200);
    expect(fromClass.json.context.class).toEqual({ id: joined, name: "Piano Basics" });
    expect((await send(t, "POST", "/api/messages/conversations/family", { cookie: p.cookie, body: { classId: joined } })).status).toBe(403);
  });

  it("Message teachers from student and class pages off: the student and class entry points are refused, the profile still works", async () => {
    const [p, tr] = await Promise.all([parent(), teacher()]);
    const off = await send(t, "PATCH", "/api/parents/me", { cookie: p.cookie, body: { allowStudentMessages: false } });
    expect(off.status).toBe(200);
    const refused = await open(p, { teacherId: tr.teacherId, studentId: p.studentIds[0] });
    expect([refused.status, refused.json.error.message]).toEqual([403, STUDENT_MESSAGES_OFF_MESSAGE]);
    expect((await open(p, { teacherId: tr.teacherId })).status).toBe(200);
  });
});

describe("sending, reading, paging", () => {
  it("stores text as typed, lists the inbox newest first with unread counts, marks read with a receipt", async () => {
    const { p, tr, id } = await pair();
    const typed = "  Hello <b>there</b>\n\n  second line  ";
    const sent = await say(p, id, typed);
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({ conversationId: id, senderUserId: p.userId, mine: true, text: typed, readAt: null });

    const inbox = (await send(t, "GET", "/api/messages/conversations", { cookie: tr.cookie })).json.conversations;
    expect(inbox[0]).toMatchObject({ id, unreadCount: 1, other: { name: "Pat Parent" }, lastMessage: { text: typed, mine: false } });
    expect((await send(t, "GET", "/api/messages/unread", { cookie: tr.cookie })).json).toEqual({ unread: 1 });
    expect((await send(t, "GET", "/api/messages/unread", { cookie: p.cookie })).json).toEqual({ unread: 0 });

    const read = await send(t, "POST", `/api/messages/conversations/${id}/read`, { cookie: tr.cookie });
    expect(read.json).toMatchObject({ conversationId: id, marked: 1 });
    expect(read.json.readAt).toEqual(expect.any(String));
    expect((await send(t, "GET", "/api/messages/unread", { cookie: tr.cookie })).json).toEqual({ unread: 0 });
    const page = await send(t, "GET", `/api/messages/conversations/${id}/messages`, { cookie: p.cookie });
    expect(page.json.messages[0]).toMatchObject({ text: typed, readAt: read.json.readAt, mine: true });
    // Reading again marks nothing; one's own messages are never "unread" for oneself.
    expect((await send(t, "POST", `/api/messages/conversations/${id}/read`, { cookie: p.cookie })).json.marked).toBe(0);

    const { id: older } = await pair();
    const reply = await say(tr, id, "Reply");
    expect(reply.status).toBe(201);
    const order = ((await send(t, "GET", "/api/messages/conversations", { cookie: tr.cookie })).json as ConversationList).conversations.map((c) => c.id);
    expect(order[0]).toBe(id);
    expect(order).not.toContain(older);
  });

  it("pages backwards by cursor with no message lost or repeated, even with identical send times", async () => {
    const { p, tr, id } = await pair();
    for (let i = 0; i < 7; i++) expect((await say(i % 2 ? tr : p, id, `m${i}`)).status).toBe(201);
    // Four of them at the very same instant: the id breaks the tie, so pages neither skip nor repeat.
    await t.deps.db.execute(sql`update messages set created_at = '2026-01-01T10:00:00.123456Z'
      where conversation_id = ${id} and body in ('m1', 'm2', 'm3', 'm4')`);
    const expected = (
      await queryRows<{ body: string }>(t.deps.db, sql`select body from messages where conversation_id = ${id} order by created_at desc, id desc`)
    ).map((r) => r.body);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=3&before=${encodeURIComponent(cursor)}` : "?limit=3";
      const page = await send(t, "GET", `/api/messages/conversations/${id}/messages${query}`, { cookie: tr.cookie });
      expect(page.status).toBe(200);
      seen.push(...(page.json as MessagePage).messages.map((m) => m.text));
      cursor = page.json.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(expected);
    expect([...seen].sort()).toEqual(["m0", "m1", "m2", "m3", "m4", "m5", "m6"]);
    expect(pages).toBe(3);
    const bad = await send(t, "GET", `/api/messages/conversations/${id}/messages?before=yesterday`, { cookie: tr.cookie });
    expect(bad.status).toBe(400);
  });

  it("refuses empty, blank and over-long text, storing nothing", async () => {
    const { p, id } = await pair();
    expect((await say(p, id, "   \n ")).json.error.message).toBe(MESSAGE_REQUIRED_MESSAGE);
    expect((await say(p, id, "x".repeat(5001))).json.error.message).toBe(MESSAGE_TOO_LONG_MESSAGE);
    expect((await say(p, id, ` ${"x".repeat(5000)} `)).status).toBe(201);
    const page = await send(t, "GET", `/api/messages/conversations/${id}/messages`, { cookie: p.cookie });
    expect(page.json.messages).toHaveLength(1);
  });
});

describe("who may read and write", () => {
  it("a third parent, another teacher and anonymous get 404/401 on every conversation route; nothing changes", async () => {
    const { p, id } = await pair();
    await say(p, id, "Private");
    const [third, otherTeacher] = await Promise.all([parent(), teacher()]);
    for (const outsider of [third, otherTeacher]) {
      for (const [method, path, body] of [
        ["GET", `/api/messages/conversations/${id}`, undefined],
        ["GET", `/api/messages/conversations/${id}/messages`, undefined],
        ["POST", `/api/messages/conversations/${id}/messages`, { text: "hi" }],
        ["POST", `/api/messages/conversations/${id}/read`, undefined],
      ] as const) {
        const res = await send(t, method, path, { cookie: outsider.cookie, ...(body ? { body } : {}) });
        expect([method, path, res.status, res.json.error.message]).toEqual([method, path, 404, CONVERSATION_NOT_FOUND_MESSAGE]);
      }
      expect((await send(t, "GET", "/api/messages/conversations", { cookie: outsider.cookie })).json.conversations).toEqual([]);
    }
    expect((await send(t, "GET", `/api/messages/conversations/${id}/messages`)).status).toBe(401);
    const page = await send(t, "GET", `/api/messages/conversations/${id}/messages`, { cookie: p.cookie });
    expect((page.json as MessagePage).messages.map((m) => [m.text, m.readAt])).toEqual([["Private", null]]);
    expect((await send(t, "GET", "/api/messages/conversations/not-a-uuid", { cookie: p.cookie })).status).toBe(404);
  });

  it("rate-limits sending per user: 429 with Retry-After, nothing stored", async () => {
    const { p, id } = await pair();
    for (let i = 0; i < SEND_LIMIT; i++) expect((await say(p, id, `n${i}`)).status).toBe(201);
    const limited = await say(p, id, "one too many");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.json.error.message).toMatch(/too quickly.*wait \d+ seconds/);
    const page = await send(t, "GET", `/api/messages/conversations/${id}/messages?limit=1`, { cookie: p.cookie });
    expect(page.json.messages[0].text).toBe(`n${SEND_LIMIT - 1}`);
  });

  it("after the teacher deletes their account the parent sees Deleted teacher (issue 41) and nobody can send", async () => {
    const { p, tr, id } = await pair();
    await say(p, id, "Before");
    expect((await send(t, "DELETE", "/api/accounts/me", { cookie: tr.cookie, body: { password: tr.password } })).status).toBe(200);
    const summary = await send(t, "GET", `/api/messages/conversations/${id}`, { cookie: p.cookie });
    expect(summary.json).toMatchObject({ other: { name: DELETED_TEACHER_NAME, deleted: true, initials: "", photoUrl: null, teacherId: null }, canSend: false });
    const refused = await say(p, id, "After");
    expect([refused.status, refused.json.error.message]).toEqual([409, CONVERSATION_CLOSED_MESSAGE]);
    expect((await send(t, "GET", `/api/messages/conversations/${id}/messages`, { cookie: p.cookie })).json.messages).toHaveLength(1);
    expect((await open(p, { teacherId: tr.teacherId })).status).toBe(404);
  });
});
