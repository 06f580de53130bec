import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverLaunch } from "../../scripts/server-launch.mjs";
import { createBooking } from "../../tests/factories/bookings";
import { parentSignUpBody } from "../../tests/factories/sign-up";
import { introVideoBytes, teacherApplicationBody } from "../../tests/factories/teacher-application";
import { cookieHeader } from "../../tests/fixtures/http";
import { nginxInstalled, startNginx, type NginxProxy } from "../../tests/fixtures/nginx-proxy";
import { freePort, serverArgs, waitHealthy, type ServerProcess } from "../../tests/fixtures/server-process";
import { startS3Server, type S3TestServer } from "../../tests/fixtures/s3-server";
import { SseReader } from "../../tests/fixtures/sse";
import { approveTeacherIn } from "../../tests/fixtures/approve-teacher";
import { createScratchDatabase, type ScratchDatabase } from "../../tests/fixtures/scratch-database";
import type { LiveEventPayloads } from "../shared/messages/messages.api";
import { openPostgres, type DatabaseHandle } from "./db/client";
import { SEND_LIMIT } from "./messages/messages.service";

/**
 * Issue 30, "several servers, one product": two compiled server processes on one PostgreSQL
 * database, each with its own empty data directory, behind nginx with the configuration the README
 * gives (deploy/nginx/music-lessons.conf, issue 39), which sends each request to the other one in
 * turn (round robin, no sticky sessions). Whatever one process did, the other must know: sessions,
 * live events, rate limits and jobs live in the database. Needs TEST_DATABASE_URL (an admin URL;
 * the test makes and drops its own database); CI sets it.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const root = fileURLToPath(new URL("../..", import.meta.url));
const AUTH_SECRET = "several-servers-secret-several-servers-0123";

const servers: ServerProcess[] = [];
const dataDirs: string[] = [];
let bucket: S3TestServer | undefined;
const readers: SseReader[] = [];
let proxy: NginxProxy | undefined;
let database: DatabaseHandle | undefined;
let sql: pg.Client | undefined;
let scratch: ScratchDatabase | null = null;

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
  // Debian's nginx package (.ci/run installs it): the test runs the configuration the README ships.
  if (!nginxInstalled()) throw new Error("nginx is not installed: apt-get install nginx-light (the two-server test runs behind it)");
  // The servers migrate it at start, as in production.
  scratch = await createScratchDatabase(adminUrl, "mlm_several", { migrate: false });
  const databaseUrl = scratch.url;

  bucket = await startS3Server();
  const ports = [await freePort(), await freePort()];
  proxy = await startNginx(ports.map((port) => `http://127.0.0.1:${port}`));
  const env = {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET,
    PUBLIC_URL: proxy.url,
    // Every process runs the jobs runner; once a second, so a due job is taken within the test.
    JOBS_INTERVAL_SECONDS: "1",
    // The per-address limits on, as in production. The test's requests come as if through a CDN
    // (the X-Forwarded-For they send) and then nginx (which appends what it saw): two proxies.
    AUTH_RATE_LIMIT: "true",
    TRUSTED_PROXIES: "2",
    // Uploads go to one bucket; each process's own data directory stays empty of them.
    ...bucket.env("several-servers"),
  };
  const args = serverArgs({ compiled: true, env: { ...process.env, ...env } });
  // One after the other: the first migrates the new database, the second finds it migrated.
  for (const port of ports) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "several-servers-"));
    dataDirs.push(dataDir);
    const server = startBuilt(args, { ...env, DATA_DIR: dataDir }, port);
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
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  await sql?.end();
  await database?.close();
  await bucket?.stop();
  await scratch?.drop();
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
  return { status: res.status, json: (text ? JSON.parse(text) : undefined) as Record<string, any>, headers: res.headers, upstream: proxy!.upstreamOf(res.headers) };
}

// Each account signs up and in from an address of its own, so the per-address limits never add up across tests.
let lastAddress = 0;
const newClientAddress = () => ({ "x-forwarded-for": `198.51.100.${++lastAddress}` });

async function newParent() {
  const body = parentSignUpBody();
  const headers = newClientAddress();
  expect((await call("POST", "/api/accounts/parents", { body, headers })).status).toBe(201);
  const session = await call("POST", "/api/session", { body: { role: "parent", email: body.parent.email, password: body.parent.password }, headers });
  expect(session.status).toBe(200);
  return { email: body.parent.email, password: body.parent.password, cookie: cookieHeader(session.headers), signedInOn: session.upstream };
}

async function newTeacher() {
  const body = teacherApplicationBody();
  const headers = newClientAddress();
  expect((await call("POST", "/api/teachers", { body, headers })).status).toBe(201);
  const session = await call("POST", "/api/session", { body: { role: "teacher", email: body.personal.email, password: body.personal.password }, headers });
  expect(session.status).toBe(200);
  const cookie = cookieHeader(session.headers);
  const me = await call("GET", "/api/teachers/me", { cookie });
  expect(me.status).toBe(200);
  // Approved, as the desk would: families write only to a teacher in good standing (issue 39).
  await approveTeacherIn(scratch!.url, me.json.id as string);
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
  return { reader, upstream: proxy!.upstreamOf(res.headers) };
}

// Two processes sharing two cores with the test: generous per-test time.
describe.skipIf(!adminUrl)("two server processes behind nginx (the README's configuration), one PostgreSQL database", { timeout: 60_000 }, () => {
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

  it("an intro video uploaded through one server plays, ranged, through the other", async () => {
    const teacher = await newTeacher();
    const video = introVideoBytes();
    const upload = await fetch(`${proxy!.url}/api/teachers/me/intro-video`, {
      method: "PUT",
      headers: { cookie: teacher.cookie, "content-type": "video/mp4", "content-length": String(video.length) },
      body: video,
    });
    expect(upload.status).toBe(200);
    const uploadedOn = proxy!.upstreamOf(upload.headers);
    const { introVideoUrl } = (await upload.json()) as { introVideoUrl: string };
    expect(await bucket!.listKeys("several-servers/")).toContain(`several-servers/teacher-videos/${teacher.teacherId}/intro-video.mp4`);

    // What a video element asks for: a range, then another; each server answers one of them.
    for (const [start, end] of [
      [100, 1099],
      [video.length - 500, video.length - 1],
    ] as const) {
      const part = await fetch(`${proxy!.url}${introVideoUrl}`, { headers: { range: `bytes=${start}-${end}` } });
      expect(part.status).toBe(206);
      expect(part.headers.get("content-range")).toBe(`bytes ${start}-${end}/${video.length}`);
      expect(part.headers.get("content-type")).toBe("video/mp4");
      expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(start, end + 1))).toBe(true);
      if (start === 100) expect(proxy!.upstreamOf(part.headers), "the first range comes from the other server").not.toBe(uploadedOn);
    }
    // Neither process kept the upload on its own disk.
    for (const dataDir of dataDirs) expect(existsSync(path.join(dataDir, "uploads", "teacher-videos", teacher.teacherId))).toBe(false);
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

  it("a per-address limit counts across both, per client behind the balancer: the 11th sign-in attempt in a minute is refused", async () => {
    const parent = await newParent();
    const guessing = { "x-forwarded-for": "203.0.113.7" };
    const perServer = [0, 0];
    for (let i = 1; i <= 10; i++) {
      const attempt = await call("POST", "/api/session", { body: { role: "parent", email: parent.email, password: `wrong-${i}` }, headers: guessing });
      expect(attempt.status, `attempt ${i}`).toBe(401);
      perServer[attempt.upstream]!++;
    }
    expect(perServer).toEqual([5, 5]);
    for (let i = 0; i < 2; i++) {
      const refused = await call("POST", "/api/session", { body: { role: "parent", email: parent.email, password: parent.password }, headers: guessing });
      expect(refused.status, `server ${refused.upstream}`).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // Another client behind the same balancer is not limited by the first one's attempts.
    const other = await call("POST", "/api/session", { body: { role: "parent", email: parent.email, password: parent.password }, headers: { "x-forwarded-for": "203.0.113.8" } });
    expect(other.status).toBe(200);
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
    // More reminders than one claim takes (20), so both runners are likely to take some.
    const lessons = 12;
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
    // Without SMTP each process writes what it sends to its own data directory: together, each reminder once.
    const written = dataDirs.map((dir) => (existsSync(path.join(dir, "outbox")) ? readdirSync(path.join(dir, "outbox")).filter((f) => f.includes("-lesson-reminder-")).length : 0));
    expect(written[0]! + written[1]!).toBe(lessons * 2);
  });
});
