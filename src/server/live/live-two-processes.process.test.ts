import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parentSignUpBody } from "../../../tests/factories/sign-up";
import { teacherApplicationBody } from "../../../tests/factories/teacher-application";
import { cookieHeader } from "../../../tests/fixtures/http";
import { freePort, startServerProcess, waitHealthy, type ServerProcess } from "../../../tests/fixtures/server-process";
import { SseReader } from "../../../tests/fixtures/sse";
import { createScratchDatabase, type ScratchDatabase } from "../../../tests/fixtures/scratch-database";
import type { LiveEventPayloads } from "../../shared/messages/messages.api";
import { approveTeacherIn } from "../../../tests/fixtures/approve-teacher";

/**
 * Two server processes on one PostgreSQL database: a message sent through one reaches an event
 * stream held by the other (LISTEN/NOTIFY), and a reconnect with Last-Event-ID gets what it missed.
 * Needs TEST_DATABASE_URL (an admin URL; the test makes and drops its own database).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const started: ServerProcess[] = [];
const readers: SseReader[] = [];
let scratch: ScratchDatabase | null = null;
let databaseUrl = "";

beforeAll(async () => {
  if (!adminUrl) return;
  // The servers migrate it at start, as in production.
  scratch = await createScratchDatabase(adminUrl, "mlm_live", { migrate: false });
  databaseUrl = scratch.url;
});

afterAll(async () => {
  await Promise.all(readers.map((r) => r.cancel()));
  started.forEach((s) => s.child.kill("SIGKILL"));
  await Promise.all(started.map((s) => s.exited));
  await scratch?.drop();
});

async function post(server: ServerProcess, pathname: string, body: unknown, cookie?: string) {
  const res = await fetch(`${server.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : undefined) as Record<string, any>, headers: res.headers };
}

async function stream(server: ServerProcess, cookie: string, lastEventId?: string) {
  const res = await fetch(`${server.url}/api/live`, { headers: { cookie, ...(lastEventId ? { "last-event-id": lastEventId } : {}) } });
  expect(res.status).toBe(200);
  const reader = new SseReader(res.body!);
  readers.push(reader);
  await reader.ready();
  return reader;
}

const textsOf = (reader: SseReader) =>
  reader.events.filter((e) => e.event === "message").map((e) => (JSON.parse(e.data) as LiveEventPayloads["message"]).message.text);

describe.skipIf(!adminUrl)("live messages across two server processes on one PostgreSQL", () => {
  it("a message sent through A reaches a stream on B within 1 s; a reconnect with Last-Event-ID gets what it missed", async () => {
    const env = { DATABASE_URL: databaseUrl, AUTH_SECRET: "live-test-secret-live-test-secret-0123456" };
    const [portA, portB] = [await freePort(), await freePort()];
    const a = startServerProcess({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), "live-a-")) }, portA);
    started.push(a);
    await waitHealthy(a);
    const b = startServerProcess({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), "live-b-")) }, portB);
    started.push(b);
    await waitHealthy(b);

    const parentBody = parentSignUpBody();
    const parentSignUp = await post(a, "/api/accounts/parents", parentBody);
    expect(parentSignUp.status).toBe(201);
    const teacherBody = teacherApplicationBody();
    expect((await post(a, "/api/teachers", teacherBody)).status).toBe(201);
    const parentCookie = cookieHeader((await post(a, "/api/session", { role: "parent", email: parentBody.parent.email, password: parentBody.parent.password })).headers);
    const teacherSession = await post(b, "/api/session", { role: "teacher", email: teacherBody.personal.email, password: teacherBody.personal.password });
    const teacherCookie = cookieHeader(teacherSession.headers);
    const me = await fetch(`${b.url}/api/teachers/me`, { headers: { cookie: teacherCookie } });
    const teacherId = ((await me.json()) as { id: string }).id;
    // Approved, as the desk would: families write only to a teacher in good standing (issue 39).
    await approveTeacherIn(databaseUrl, teacherId);

    const opened = await post(a, "/api/messages/conversations", { teacherId }, parentCookie);
    expect(opened.status).toBe(200);
    const conversation = opened.json.id as string;

    const onB = await stream(b, teacherCookie);
    const startedAt = performance.now();
    const sent = await post(a, `/api/messages/conversations/${conversation}/messages`, { text: "Hello from process A" }, parentCookie);
    expect(sent.status).toBe(201);
    const delivered = await onB.next((e) => e.event === "message", 1000);
    const latency = performance.now() - startedAt;
    expect(latency).toBeLessThan(1000);
    expect((JSON.parse(delivered.data) as LiveEventPayloads["message"]).message).toMatchObject({ id: sent.json.id, text: "Hello from process A" });

    // The teacher goes away; two messages are sent meanwhile; the reconnect (to A this time) replays them.
    await onB.cancel();
    for (const text of ["Missed one", "Missed two"]) {
      expect((await post(a, `/api/messages/conversations/${conversation}/messages`, { text }, parentCookie)).status).toBe(201);
    }
    const again = await stream(a, teacherCookie, delivered.id);
    await again.next(() => textsOf(again).length >= 2, 3000);
    expect(textsOf(again)).toEqual(["Missed one", "Missed two"]);
    // And it is live again, now fed through B's sends.
    expect((await post(b, `/api/messages/conversations/${conversation}/messages`, { text: "Live again" }, parentCookie)).status).toBe(201);
    await again.next(() => textsOf(again).length >= 3, 1000);
    expect(textsOf(again)).toEqual(["Missed one", "Missed two", "Live again"]);
  }, 240_000);
});
