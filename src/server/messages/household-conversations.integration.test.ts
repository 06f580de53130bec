import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { createBooking } from "../../../tests/factories/bookings";
import { createGuardian, createInvitation } from "../../../tests/factories/households";
import { send, signIn } from "../../../tests/fixtures/http";
import { testAppForFile } from "../../../tests/fixtures/test-app";
import { CONVERSATION_NOT_FOUND_MESSAGE, SEND_BLOCKED_MESSAGE, type ConversationSummary, type MessageDTO } from "../../shared/messages/messages.api";
import { liveEvents } from "../db/schema";

/**
 * Issue 45, "everyone sees what the teacher says": a conversation with a teacher is the
 * household's. Every guardian lists, reads and writes it, each message says who wrote it, each
 * person has their own unread count, and nobody outside the household (a former guardian included)
 * can reach it.
 */

const t = testAppForFile();

type Person = { userId: string; cookie: string };

async function teacher() {
  const account = await createTeacher(t.deps);
  return { ...account, cookie: await signIn(t, "teacher", account.email, account.password) };
}

/** A founder (with a student) and a second guardian with a login of their own. */
async function household() {
  const founder = await createParent(t.deps, { firstName: "Anna" });
  const second = await createGuardian(t.deps, founder.parentId, { firstName: "Tom" });
  const [founderCookie, secondCookie] = await Promise.all([
    signIn(t, "parent", founder.email, founder.password),
    signIn(t, "parent", second.email, second.password),
  ]);
  return { a: { ...founder, cookie: founderCookie }, b: { ...second, cookie: secondCookie } };
}

/** A household whose student has a lesson request with the teacher (so the teacher may write first). */
async function familyWithTeacher() {
  const [{ a, b }, tr] = await Promise.all([household(), teacher()]);
  await createBooking(t.deps, { teacherId: tr.teacherId, parentId: a.parentId, studentId: a.studentIds[0]!, status: "accepted" });
  return { a, b, tr };
}

const path = (id: string) => `/api/messages/conversations/${id}`;
const say = (who: Person, id: string, text: string) => send(t, "POST", `${path(id)}/messages`, { cookie: who.cookie, body: { text } });
const page = async (who: Person, id: string) => (await send(t, "GET", `${path(id)}/messages`, { cookie: who.cookie })).json.messages as MessageDTO[];
const unread = async (who: Person) => (await send(t, "GET", "/api/messages/unread", { cookie: who.cookie })).json.unread as number;
const inbox = async (who: Person) => (await send(t, "GET", "/api/messages/conversations", { cookie: who.cookie })).json.conversations as ConversationSummary[];
const read = (who: Person, id: string) => send(t, "POST", `${path(id)}/read`, { cookie: who.cookie });

async function eventsOf(userId: string, type: string) {
  return t.deps.db
    .select({ payload: liveEvents.payload })
    .from(liveEvents)
    .where(and(eq(liveEvents.userId, userId), eq(liveEvents.type, type)))
    .orderBy(asc(liveEvents.id));
}

describe("a household's conversation with a teacher (issue 45)", () => {
  it("the teacher (from the student) and each guardian (from the profile) open the same one conversation", async () => {
    const { a, b, tr } = await familyWithTeacher();
    const fromStudent = await send(t, "POST", "/api/messages/conversations/family", { cookie: tr.cookie, body: { studentId: a.studentIds[0] } });
    expect(fromStudent.status).toBe(200);
    const fromA = await send(t, "POST", "/api/messages/conversations", { cookie: a.cookie, body: { teacherId: tr.teacherId } });
    const fromB = await send(t, "POST", "/api/messages/conversations", { cookie: b.cookie, body: { teacherId: tr.teacherId, studentId: a.studentIds[0] } });
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(new Set([fromStudent.json.id, fromA.json.id, fromB.json.id]).size).toBe(1);
    // The teacher sees the family as its guardians, founder first; each guardian sees the teacher and who shares it.
    expect(fromStudent.json.other).toMatchObject({ name: "Anna Parent & Tom Parent", firstName: "Anna & Tom", role: "parent" });
    expect(fromB.json.other).toMatchObject({ name: "Terry Teacher", role: "teacher" });
    expect(fromB.json.guardians).toEqual([
      { userId: a.userId, name: "Anna Parent", isYou: false },
      { userId: b.userId, name: "Tom Parent", isYou: true },
    ]);
  });

  it("a teacher's message reaches both guardians: both list it, both hear it live, each has it unread until THEY read it", async () => {
    const { a, b, tr } = await familyWithTeacher();
    const id = (await send(t, "POST", "/api/messages/conversations/family", { cookie: tr.cookie, body: { studentId: a.studentIds[0] } })).json.id as string;
    const sent = await say(tr, id, "Lesson moved to 5pm on Tuesday");
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({ mine: true, senderName: "Terry Teacher", senderRole: "teacher" });

    for (const guardian of [a, b]) {
      const [row] = await inbox(guardian);
      expect(row).toMatchObject({ id, unreadCount: 1, lastMessage: { text: "Lesson moved to 5pm on Tuesday", mine: false, senderRole: "teacher" } });
      expect(await unread(guardian)).toBe(1);
      const live = (await eventsOf(guardian.userId, "message")).map((e) => (e.payload.message as MessageDTO).text);
      expect(live).toEqual(["Lesson moved to 5pm on Tuesday"]);
      expect((await eventsOf(guardian.userId, "unread")).map((e) => e.payload.unread)).toEqual([1]);
    }

    // Anna reads: hers is clear, Tom's stays; the teacher sees "Read" (the household read it) and hears it.
    const receipt = await read(a, id);
    expect(receipt.json).toMatchObject({ marked: 1 });
    expect([await unread(a), await unread(b)]).toEqual([0, 1]);
    expect((await page(tr, id))[0]!.readAt).toBe(receipt.json.readAt);
    expect(await eventsOf(tr.userId, "read")).toHaveLength(1);
    expect((await page(a, id))[0]!.readAt).toBe(receipt.json.readAt);
    expect((await page(b, id))[0]!.readAt).toBeNull();
    expect((await inbox(b))[0]!.unreadCount).toBe(1);

    // Tom reads: his clears; the teacher's receipt does not move and nobody is told twice.
    expect((await read(b, id)).json.marked).toBe(1);
    expect([await unread(a), await unread(b)]).toEqual([0, 0]);
    expect(await eventsOf(tr.userId, "read")).toHaveLength(1);
    expect((await read(b, id)).json.marked).toBe(0);
  });

  it("a reply by the second guardian shows them as its author to the teacher and to the first guardian", async () => {
    const { a, b, tr } = await familyWithTeacher();
    const id = (await send(t, "POST", "/api/messages/conversations", { cookie: a.cookie, body: { teacherId: tr.teacherId } })).json.id as string;
    expect((await say(a, id, "Can we switch to Thursdays?")).status).toBe(201);
    expect((await say(tr, id, "Thursday at 4 works")).status).toBe(201);
    const reply = await say(b, id, "Thursday is great, I'll drive her");
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({ mine: true, senderUserId: b.userId, senderName: "Tom Parent", senderRole: "parent" });

    const authors = (messages: MessageDTO[]) => messages.map((m) => [m.senderName, m.senderRole, m.mine]).reverse();
    expect(authors(await page(tr, id))).toEqual([
      ["Anna Parent", "parent", false],
      ["Terry Teacher", "teacher", true],
      ["Tom Parent", "parent", false],
    ]);
    expect(authors(await page(a, id))).toEqual([
      ["Anna Parent", "parent", true],
      ["Terry Teacher", "teacher", false],
      ["Tom Parent", "parent", false],
    ]);
    // Tom's reply goes to the teacher and to Anna (live, and unread for each of them), not back to Tom as news.
    // (Each sender's own event is for their other tabs.)
    expect((await eventsOf(tr.userId, "message")).map((e) => (e.payload.message as MessageDTO).senderName)).toEqual([
      "Anna Parent",
      "Terry Teacher",
      "Tom Parent",
    ]);
    expect((await eventsOf(a.userId, "message")).map((e) => (e.payload.message as MessageDTO).senderName)).toEqual([
      "Anna Parent",
      "Terry Teacher",
      "Tom Parent",
    ]);
    expect(await unread(tr)).toBe(2);
    expect(await unread(a)).toBe(2);
    expect(await unread(b)).toBe(2);
    expect((await inbox(a))[0]!.lastMessage).toMatchObject({ senderFirstName: "Tom", senderRole: "parent", mine: false });
  });

  it("another household's guardian, a removed guardian and one who left get 404 on every route, and lose it from their inbox", async () => {
    const { a, b, tr } = await familyWithTeacher();
    const third = await createGuardian(t.deps, a.parentId, { firstName: "Lea" });
    const thirdCookie = await signIn(t, "parent", third.email, third.password);
    const c = { ...third, cookie: thirdCookie };
    const id = (await send(t, "POST", "/api/messages/conversations", { cookie: b.cookie, body: { teacherId: tr.teacherId } })).json.id as string;
    expect((await say(tr, id, "Private to the family")).status).toBe(201);
    expect((await inbox(c)).map((row) => row.id)).toEqual([id]);

    const stranger = await createParent(t.deps, { firstName: "Sam" });
    const strangerGuardian = await createGuardian(t.deps, stranger.parentId, { firstName: "Kim" });
    const outsider = { ...strangerGuardian, cookie: await signIn(t, "parent", strangerGuardian.email, strangerGuardian.password) };

    // Anna removes Tom; Lea leaves.
    expect((await send(t, "DELETE", `/api/household/guardians/${b.guardianId}`, { cookie: a.cookie })).status).toBe(200);
    expect((await send(t, "POST", "/api/household/leave", { cookie: c.cookie })).status).toBe(200);

    for (const who of [outsider, b, c]) {
      for (const [method, route, body] of [
        ["GET", path(id), undefined],
        ["GET", `${path(id)}/messages`, undefined],
        ["POST", `${path(id)}/messages`, { text: "hi" }],
        ["POST", `${path(id)}/read`, undefined],
        ["POST", `${path(id)}/block`, undefined],
        ["DELETE", `${path(id)}/block`, undefined],
      ] as const) {
        const res = await send(t, method, route, { cookie: who.cookie, ...(body ? { body } : {}) });
        expect([method, route, res.status, res.json?.error?.message]).toEqual([method, route, 404, CONVERSATION_NOT_FOUND_MESSAGE]);
      }
      expect(await inbox(who)).toEqual([]);
      expect(await unread(who)).toBe(0);
    }
    // The household and the teacher keep it whole.
    expect((await page(a, id)).map((m) => m.text)).toEqual(["Private to the family"]);
    expect((await inbox(tr))[0]).toMatchObject({ id, other: { name: "Anna Parent" } });
  });

  it("blocks are a side's: the teacher's shuts out every guardian; a guardian's is the household's, and the other guardian may lift it", async () => {
    const { a, b, tr } = await familyWithTeacher();
    const id = (await send(t, "POST", "/api/messages/conversations", { cookie: a.cookie, body: { teacherId: tr.teacherId } })).json.id as string;
    expect((await send(t, "POST", `${path(id)}/block`, { cookie: tr.cookie })).json).toMatchObject({ blockedByMe: true, canSend: false });
    for (const guardian of [a, b]) {
      const refused = await say(guardian, id, "Hello?");
      expect([refused.status, refused.json.error.message]).toEqual([409, SEND_BLOCKED_MESSAGE]);
      expect((await send(t, "GET", path(id), { cookie: guardian.cookie })).json).toMatchObject({ blockedByMe: false, sendBlocked: true });
    }
    // A guardian cannot lift the teacher's block.
    expect((await send(t, "DELETE", `${path(id)}/block`, { cookie: b.cookie })).json).toMatchObject({ sendBlocked: true });
    expect((await send(t, "DELETE", `${path(id)}/block`, { cookie: tr.cookie })).json).toMatchObject({ sendBlocked: false, canSend: true });

    expect((await send(t, "POST", `${path(id)}/block`, { cookie: a.cookie })).status).toBe(200);
    expect((await send(t, "GET", path(id), { cookie: b.cookie })).json).toMatchObject({ blockedByMe: true, canSend: false });
    const fromB = await say(b, id, "Sorry");
    expect([fromB.status, fromB.json.error.reason]).toEqual([409, "blocked_by_me"]);
    expect((await say(tr, id, "Hello?")).json.error.message).toBe(SEND_BLOCKED_MESSAGE);
    expect((await send(t, "DELETE", `${path(id)}/block`, { cookie: b.cookie })).json).toMatchObject({ blockedByMe: false, canSend: true });
    expect((await send(t, "GET", path(id), { cookie: a.cookie })).json).toMatchObject({ blockedByMe: false, sendBlocked: false });
    expect((await say(tr, id, "Hello again")).status).toBe(201);
  });

  it("a parent who joins brings their own conversations: one with the same teacher is merged, and the household's history is not news to them", async () => {
    const [{ a }, tr, tr2] = await Promise.all([household(), teacher(), teacher()]);
    const householdId = (await send(t, "POST", "/api/messages/conversations", { cookie: a.cookie, body: { teacherId: tr.teacherId } })).json.id as string;
    expect((await say(a, householdId, "From Anna")).status).toBe(201);
    expect((await say(tr, householdId, "Hello Anna")).status).toBe(201);

    const joiner = await createParent(t.deps, { firstName: "Noor", students: 0 });
    const n = { ...joiner, cookie: await signIn(t, "parent", joiner.email, joiner.password) };
    const own = (await send(t, "POST", "/api/messages/conversations", { cookie: n.cookie, body: { teacherId: tr.teacherId } })).json.id as string;
    const other = (await send(t, "POST", "/api/messages/conversations", { cookie: n.cookie, body: { teacherId: tr2.teacherId } })).json.id as string;
    expect((await say(n, own, "From Noor")).status).toBe(201);
    expect((await say(tr2, other, "Hello Noor")).status).toBe(201);

    const invitation = await createInvitation(t.deps, { householdId: a.parentId, email: joiner.email });
    expect((await send(t, "POST", "/api/household/invitations/accept", { cookie: n.cookie, body: { token: invitation.token } })).status).toBe(200);

    expect((await inbox(n)).map((row) => row.id).sort()).toEqual([householdId, other].sort());
    expect((await page(a, householdId)).map((m) => m.text).reverse()).toEqual(["From Anna", "Hello Anna", "From Noor"]);
    expect((await send(t, "GET", path(own), { cookie: n.cookie })).status).toBe(404);
    // Anna now sees the conversation Noor brought; Noor's unread is only what was unread for her.
    expect((await inbox(a)).map((row) => row.id).sort()).toEqual([householdId, other].sort());
    expect((await inbox(n)).find((row) => row.id === householdId)!.unreadCount).toBe(0);
    expect((await inbox(n)).find((row) => row.id === other)!.unreadCount).toBe(1);
    expect((await inbox(tr)).map((row) => row.id)).toEqual([householdId]);
  });
});
