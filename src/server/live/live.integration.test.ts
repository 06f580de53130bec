import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { send, signIn } from "../../../tests/fixtures/http";
import { SseReader } from "../../../tests/fixtures/sse";
import { createTestApp, type TestApp } from "../../../tests/fixtures/test-app";
import type { LiveEventPayloads } from "../../shared/messages/messages.api";
import { liveHubFor } from "./live-hub";
import { LIVE_CHANNEL } from "./live.repo";
import { missedLiveEvents, pruneLiveEvents } from "./live.service";

let t: TestApp;
const readers: SseReader[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all(readers.map((r) => r.cancel()));
  await liveHubFor(t.deps).close();
  await t.close();
});

async function people() {
  const [p, tr] = await Promise.all([createParent(t.deps), createTeacher(t.deps)]);
  const [pc, tc] = await Promise.all([signIn(t, "parent", p.email, p.password), signIn(t, "teacher", tr.email, tr.password)]);
  const opened = await send(t, "POST", "/api/messages/conversations", { cookie: pc, body: { teacherId: tr.teacherId } });
  return { p: { ...p, cookie: pc }, tr: { ...tr, cookie: tc }, id: opened.json.id as string };
}

async function connect(cookie: string | undefined, lastEventId?: string) {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (lastEventId) headers["last-event-id"] = lastEventId;
  const response = await t.app.request("/api/live", { headers });
  if (response.status !== 200) return { response, reader: null };
  const reader = new SseReader(response.body!);
  readers.push(reader);
  // The stream is registered once its first line (the retry interval) is written.
  await new Promise((r) => setTimeout(r, 50));
  return { response, reader };
}

const say = (cookie: string, id: string, text: string) =>
  send(t, "POST", `/api/messages/conversations/${id}/messages`, { cookie, body: { text } });

describe("GET /api/live", () => {
  it("delivers the message and the new unread total to the recipient, and the message to the sender's other tabs", async () => {
    const { p, tr, id } = await people();
    const { response, reader: teacherStream } = await connect(tr.cookie);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("content-encoding")).toBeNull();
    const { reader: parentStream } = await connect(p.cookie);
    const sent = await say(p.cookie, id, "Hello <live>");
    expect(sent.status).toBe(201);

    const message = await teacherStream!.next((e) => e.event === "message");
    expect(Number(message.id)).toBeGreaterThan(0);
    const payload = JSON.parse(message.data) as LiveEventPayloads["message"];
    expect(payload.message).toMatchObject({ id: sent.json.id, conversationId: id, text: "Hello <live>", mine: false });
    const unread = await teacherStream!.next((e) => e.event === "unread");
    expect(JSON.parse(unread.data)).toEqual({ unread: 1 });
    const own = JSON.parse((await parentStream!.next((e) => e.event === "message")).data) as LiveEventPayloads["message"];
    expect(own.message).toMatchObject({ id: sent.json.id, mine: true });

    // Read receipt: the parent hears it, the teacher's tabs get the new total.
    const from = parentStream!.events.length;
    await send(t, "POST", `/api/messages/conversations/${id}/read`, { cookie: tr.cookie });
    const read = JSON.parse((await parentStream!.next((e) => e.event === "read", 5000, from)).data) as LiveEventPayloads["read"];
    expect(read).toMatchObject({ conversationId: id, readerUserId: tr.userId });
    await teacherStream!.next((e) => e.event === "unread" && JSON.parse(e.data).unread === 0);
    // The sender gets no unread total for their own message.
    expect(parentStream!.events.filter((e) => e.event === "unread")).toEqual([]);
  });

  it("replays what a reconnecting client missed after its Last-Event-ID, then goes on live", async () => {
    const { p, tr, id } = await people();
    const { reader: first } = await connect(tr.cookie);
    await say(p.cookie, id, "one");
    const seen = await first!.next((e) => e.event === "message");
    await first!.cancel();
    await say(p.cookie, id, "two");
    await say(p.cookie, id, "three");

    const { reader: again } = await connect(tr.cookie, seen.id);
    const texts = async (n: number) => {
      await again!.next(() => again!.events.filter((e) => e.event === "message").length >= n);
      return again!.events.filter((e) => e.event === "message").map((e) => (JSON.parse(e.data) as LiveEventPayloads["message"]).message.text);
    };
    expect(await texts(2)).toEqual(["two", "three"]);
    await say(p.cookie, id, "four");
    expect(await texts(3)).toEqual(["two", "three", "four"]);
    const ids = again!.events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("writes a replayed event once when the hub delivers it again after the replay read it", async () => {
    const { p, tr, id } = await people();
    const { reader: first } = await connect(tr.cookie);
    await say(p.cookie, id, "one");
    const seen = await first!.next((e) => e.event === "message");
    await first!.cancel();
    await say(p.cookie, id, "two");
    const { reader: again } = await connect(tr.cookie, seen.id);
    await again!.next((e) => e.event === "message");
    // On PostgreSQL an event committed while the browser reconnects can reach the hub after the
    // replay read it from the table (its NOTIFY is read asynchronously): here, all of them do.
    const replayed = await missedLiveEvents(t.deps, tr.userId, Number(seen.id));
    if (t.deps.driver === "postgres") {
      for (const event of replayed) await t.deps.db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${`${tr.userId}:${event.id}`})`);
    } else {
      liveHubFor(t.deps).announce(replayed);
    }
    await say(p.cookie, id, "three");
    await again!.next(() => again!.events.filter((e) => e.event === "message").length >= 2);
    const texts = again!.events.filter((e) => e.event === "message").map((e) => (JSON.parse(e.data) as LiveEventPayloads["message"]).message.text);
    expect(texts).toEqual(["two", "three"]);
    const ids = again!.events.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("a teacher's stream hears of a new booking request", async () => {
    const { tr } = await people();
    const { reader } = await connect(tr.cookie);
    const { publishLiveEvents } = await import("./live.service");
    await publishLiveEvents(t.deps, [{ userId: tr.userId, type: "booking_request", payload: { bookingId: "b-1" } }]);
    expect(JSON.parse((await reader!.next((e) => e.event === "booking_request")).data)).toEqual({ bookingId: "b-1" });
  });

  it("anonymous gets 401; the stream ends once its session is signed out; heartbeats are comments", async () => {
    expect((await connect(undefined)).response.status).toBe(401);
    const { tr } = await people();
    const { reader } = await connect(tr.cookie);
    await liveHubFor(t.deps).sweep();
    await reader!.next(() => reader!.comments > 0 || false, 2000).catch(() => undefined);
    expect(reader!.comments).toBeGreaterThan(0);
    const out = await send(t, "POST", "/api/auth/sign-out", { cookie: tr.cookie, body: {}, headers: { origin: "http://localhost:3000" } });
    expect(out.status).toBe(200);
    await liveHubFor(t.deps).sweep();
    await reader!.waitEnded();
  });

  it("prunes events older than two days", async () => {
    const { p, id } = await people();
    await say(p.cookie, id, "old");
    const later = new Date(Date.now() + 3 * 24 * 3600_000);
    expect(await pruneLiveEvents(t.deps, later)).toBeGreaterThan(0);
    expect(await pruneLiveEvents(t.deps, later)).toBe(0);
  });
});
