import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverLaunch } from "../../scripts/server-launch.mjs";
import { createBooking } from "../../tests/factories/bookings";
import { parentSignUpBody } from "../../tests/factories/sign-up";
import { teacherApplicationBody } from "../../tests/factories/teacher-application";
import { cookieHeader } from "../../tests/fixtures/http";
import { startRoundRobinProxy, UPSTREAM_HEADER, type RoundRobinProxy } from "../../tests/fixtures/round-robin-proxy";
import { freePort, serverArgs, waitHealthy, type ServerProcess } from "../../tests/fixtures/server-process";
import { SseReader } from "../../tests/fixtures/sse";
import type { LiveEventPayloads } from "../shared/messages/messages.api";
import { openPostgres, type DatabaseHandle } from "./db/client";
import { SEND_LIMIT } from "./messages/messages.service";

/**
 * Issue 30, "several servers, one product": two compiled server processes on one PostgreSQL
 * database, each with its own empty data directory, behind a proxy that sends each request to the
 * other one in turn (no sticky sessions). Whatever one process did, the other must know: sessions,
 * live events, rate limits and jobs live in the database. Needs TEST_DATABASE_URL (an admin URL;
 * the test makes and drops its own database); CI sets it.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const root = fileURLToPath(new URL("../..", import.meta.url));
const AUTH_SECRET = "several-servers-secret-several-servers-0123";

const servers: ServerProcess[] = [];
const readers: SseReader[] = [];
let proxy: RoundRobinProxy | undefined;
let database: DatabaseHandle | undefined;
let sql: pg.Client | undefined;
let databaseName = "";

/** Starts the already built server (dist/server/main.js) with `args`, as startServerProcess does, without building again. */
function startBuilt(args: string[], env: Record<string, string>, port: number): ServerProcess {
  const fullEnv = { ...process.env, PORT: String(port), LOG_LEVEL: "warn", SEED_DEMO: "false", ...env };
  const child = spawn(process.execPath, args, { cwd: root, env: serverLaunch(fullEnv).env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

beforeAll(async () => {
  if (!adminUrl) return;
  databaseName = `mlm_several_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${databaseName}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();

  const ports = [await freePort(), await freePort()];
  proxy = await startRoundRobinProxy(ports.map((port) => `http://127.0.0.1:${port}`));
  const env = {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET,
    PUBLIC_URL: proxy.url,
    // Every process runs the jobs runner; once a second, so a due job is taken within the test.
    JOBS_INTERVAL_SECONDS: "1",
    // better-auth's limits count per client address, and behind this proxy every client has the
    // proxy's; the test's own rate limit (messages per sender) is on whatever this says.
    AUTH_RATE_LIMIT: "false",
  };
  const args = serverArgs({ compiled: true, env: { ...process.env, ...env } });
  // One after the other: the first migrates the new database, the second finds it migrated.
  for (const port of ports) {
    const server = startBuilt(args, { ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), "several-servers-")) }, port);
    servers.push(server);
    await waitHealthy(server);
  }
  database = openPostgres(databaseUrl, { max: 2 });
  sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
}, 240_000);

afterAll(async () => {
  await Promise.all(readers.map((r) => r.cancel()));
  await proxy?.close();
  servers.forEach((s) => s.child.kill("SIGKILL"));
  await Promise.all(servers.map((s) => s.exited));
  await sql?.end();
  await database?.close();
  if (!adminUrl || !databaseName) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${databaseName}" with (force)`);
  await admin.end();
});

interface Answer {
  status: number;
  json: Record<string, any>;
  headers: Headers;
  /** Which server answered (0 or 1), as the proxy says. */
  upstream: number;
}

/** A JSON request through the proxy. */
async function call(method: string, pathname: string, options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const res = await fetch(`${proxy!.url}${pathname}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : undefined) as Record<string, any>, headers: res.headers, upstream: Number(res.headers.get(UPSTREAM_HEADER)) };
}

async function newParent() {
  const body = parentSignUpBody();
  expect((await call("POST", "/api/accounts/parents", { body })).status).toBe(201);
  const session = await call("POST", "/api/session", { body: { role: "parent", email: body.parent.email, password: body.parent.password } });
  expect(session.status).toBe(200);
  return { email: body.parent.email, password: body.parent.password, cookie: cookieHeader(session.headers), signedInOn: session.upstream };
}

async function newTeacher() {
  const body = teacherApplicationBody();
  expect((await call("POST", "/api/teachers", { body })).status).toBe(201);
  const session = await call("POST", "/api/session", { body: { role: "teacher", email: body.personal.email, password: body.personal.password } });
  expect(session.status).toBe(200);
  const cookie = cookieHeader(session.headers);
  const me = await call("GET", "/api/teachers/me", { cookie });
  expect(me.status).toBe(200);
  return { email: body.personal.email, cookie, teacherId: me.json.id as string };
}

async function openConversation(parentCookie: string, teacherId: string): Promise<string> {
  const opened = await call("POST", "/api/messages/conversations", { body: { teacherId }, cookie: parentCookie });
  expect(opened.status).toBe(200);
  return opened.json.id as string;
}

/** An event stream through the proxy; resolves once the serving process has registered it. */
async function liveStream(cookie: string): Promise<{ reader: SseReader; upstream: number }> {
  const res = await fetch(`${proxy!.url}/api/live`, { headers: { cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const reader = new SseReader(res.body!);
  readers.push(reader);
  await reader.ready();
  return { reader, upstream: Number(res.headers.get(UPSTREAM_HEADER)) };
}

// Two processes sharing two cores with the test: generous per-test time.
describe.skipIf(!adminUrl)("two server processes behind a round-robin proxy, one PostgreSQL database", { timeout: 60_000 }, () => {
  it("a parent signs in through one server and is served by the other; signing out through one ends the session on both", async () => {
    const parent = await newParent();
    const first = await call("GET", "/api/parents/me", { cookie: parent.cookie });
    const second = await call("GET", "/api/parents/me", { cookie: parent.cookie });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    // Each server served the session once, including the one that did not create it.
    expect(new Set([first.upstream, second.upstream])).toEqual(new Set([0, 1]));
    expect(second.json).toEqual(first.json);
    const who = await call("GET", "/api/session", { cookie: parent.cookie });
    expect(who.json).toMatchObject({ user: { email: parent.email } });

    // better-auth's own sign-out checks the Origin against PUBLIC_URL: the proxy's URL is the site's.
    const out = await call("POST", "/api/auth/sign-out", { body: {}, cookie: parent.cookie, headers: { origin: proxy!.url } });
    expect(out.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const after = await call("GET", "/api/parents/me", { cookie: parent.cookie });
      expect(after.status, `server ${after.upstream} still accepts the ended session`).toBe(401);
    }
  });

  it("a message sent through one server reaches a live stream held on the other, within a second", async () => {
    const teacher = await newTeacher();
    const parent = await newParent();
    const conversation = await openConversation(parent.cookie, teacher.teacherId);

    const stream = await liveStream(teacher.cookie);
    // The proxy alternates, so the next request goes to the other process; the test checks it did.
    const startedAt = performance.now();
    const sent = await call("POST", `/api/messages/conversations/${conversation}/messages`, { body: { text: "Hello across servers" }, cookie: parent.cookie });
    expect(sent.status).toBe(201);
    expect(sent.upstream).not.toBe(stream.upstream);
    const delivered = await stream.reader.next((e) => e.event === "message", 1000);
    expect(performance.now() - startedAt).toBeLessThan(1000);
    expect((JSON.parse(delivered.data) as LiveEventPayloads["message"]).message).toMatchObject({ id: sent.json.id, text: "Hello across servers" });
    await stream.reader.cancel();
  });

  it("a rate limit counts across both: the sender's message limit is reached at the same count however the sends are spread", async () => {
    const teacher = await newTeacher();
    const parent = await newParent();
    const conversation = await openConversation(parent.cookie, teacher.teacherId);
    const perServer = [0, 0];
    for (let i = 1; i <= SEND_LIMIT; i++) {
      const sent = await call("POST", `/api/messages/conversations/${conversation}/messages`, { body: { text: `Message ${i}` }, cookie: parent.cookie });
      expect(sent.status, `message ${i}`).toBe(201);
      perServer[sent.upstream]!++;
    }
    // Neither process alone has seen more than half the limit, yet the next send is refused by either.
    expect(perServer).toEqual([SEND_LIMIT / 2, SEND_LIMIT / 2]);
    for (let i = 0; i < 2; i++) {
      const refused = await call("POST", `/api/messages/conversations/${conversation}/messages`, { body: { text: "One too many" }, cookie: parent.cookie });
      expect(refused.status, `server ${refused.upstream}`).toBe(429);
      expect(refused.json.error.code).toBe("rate_limited");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });

  it("a job runs once: both processes run the jobs runner, and each lesson reminder is sent exactly once", async () => {
    const teacher = await newTeacher();
    const parent = await newParent();
    const { rows } = await sql!.query<{ parentId: string; studentId: string }>(
      `select p.id as "parentId", s.id as "studentId"
         from parent_profiles p join "user" u on u.id = p.user_id join student_profiles s on s.parent_id = p.id
        where u.email = $1`,
      [parent.email],
    );
    const [family] = rows;
    // Accepted lessons within the next day: the reminder sweep (run by both processes every
    // second) stores two reminders for each, due at once, and both runners race to take them.
    const lessons = 6;
    const nextHour = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
    const bookingIds: string[] = [];
    for (let i = 0; i < lessons; i++) {
      const { bookingId } = await createBooking(database!, { teacherId: teacher.teacherId, parentId: family!.parentId, studentId: family!.studentId, startsAt: new Date(nextHour + (i + 2) * 3_600_000) });
      bookingIds.push(bookingId);
    }

    const reminders = async () =>
      (
        await sql!.query<{ done: boolean; attempts: number; lastError: string | null }>(
          `select done_at is not null as done, attempts, last_error as "lastError" from jobs where kind = 'lesson-reminder' and payload->>'bookingId' = any($1)`,
          [bookingIds],
        )
      ).rows;
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const jobs = await reminders();
      if (jobs.length === lessons * 2 && jobs.every((j) => j.done)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const jobs = await reminders();
    expect(jobs).toHaveLength(lessons * 2);
    expect(jobs).toEqual(jobs.map(() => ({ done: true, attempts: 1, lastError: null })));

    // A second chance for a duplicate to show: a few more passes of both runners.
    await new Promise((r) => setTimeout(r, 2500));
    const { rows: mails } = await sql!.query<{ to: string; count: number }>(
      `select to_address as "to", count(*)::int as count from mail_outbox where kind = 'lesson-reminder' and to_address = any($1) group by to_address`,
      [[parent.email, teacher.email]],
    );
    expect(Object.fromEntries(mails.map((m) => [m.to, m.count]))).toEqual({ [parent.email]: lessons, [teacher.email]: lessons });
  });
});
