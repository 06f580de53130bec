// npm run bench:messages: live message delivery at scale (issue 13).
//
// 1. Creates its own database on the PostgreSQL at BENCH_DATABASE_URL (default the local test
//    server), starts the compiled server on it (one process), and makes PAIRS parents and
//    teachers with a conversation each (rows written directly; sign-in through the API).
// 2. Opens STREAMS_PER_USER event streams (GET /api/live) per user: 1,000 streams in all.
// 3. Sends RATE messages a second for SECONDS seconds, each from a random side of a random pair,
//    and times each message from the moment its POST is issued to the moment each of the
//    recipient's streams has it.
// 4. Prints a table: streams, messages, delivery latency p50/p95/p99/max, events lost, and the
//    server's resident memory (RSS) before the streams, with them open, and after the load.
// 5. Stops the server and drops the database, also when something fails (BENCH_KEEP=1 keeps it).
//
// No latency target is judged; exit 1 when anything failed: making the people, the server, a
// sign-in, a stream, a send, a delivery. npm run bench:ci runs it small (BENCH_SMOKE=1 and the
// variables above).
import { randomBytes } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { createAuth } from "../src/server/auth/auth";
import { openPostgres } from "../src/server/db/client";
import { runMigrations } from "../src/server/db/migrate";
import { loadEnv } from "../src/server/env";
import { createMailer } from "../src/server/mail/mailer";
import type { LiveEventPayloads } from "../src/shared/messages/messages.api";
import { createParent, createTeacher } from "../tests/factories/accounts";
import { createConversation } from "../tests/factories/messages";
import { cookieHeader } from "../tests/fixtures/http";
import { freePort, cpuSeconds, residentMegabytes, spawnCompiledServer } from "../tests/fixtures/server-process";
import { SseReader } from "../tests/fixtures/sse";
import { envNumber, settle } from "./bench/bench-mode";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const PAIRS = envNumber("BENCH_PAIRS", 100, 1);
const STREAMS_PER_USER = envNumber("BENCH_STREAMS_PER_USER", 5, 1);
const RATE = envNumber("BENCH_RATE", 50, 0.1);
const SECONDS = envNumber("BENCH_SECONDS", 20, 1);
const SECRET = "bench-messages-secret-bench-messages-secret";

const log = (...parts: unknown[]) => console.log(...parts);

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function startServer(port: number, databaseUrl: string, dataDir: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: "false",
    AUTH_RATE_LIMIT: "false",
    AUTH_SECRET: SECRET,
    LOG_LEVEL: "warn",
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: "development",
  };
  // BENCH_PROFILE=<folder>: the server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawnCompiledServer(env, ["ignore", "ignore", "inherit"], profile);
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not answer /api/health within 180 s");
}

/** The users and conversations, written straight to the database (the bench measures delivery, not sign-up). */
async function makePeople(databaseUrl: string, dataDir: string) {
  const handle = openPostgres(databaseUrl, { max: 4 });
  try {
    await runMigrations(handle);
    const env = loadEnv({ NODE_ENV: "development", DATA_DIR: dataDir, AUTH_SECRET: SECRET, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" });
    const logger = pino({ level: "silent" });
    const mailer = createMailer(handle.db, logger, { smtpUrl: undefined, from: env.MAIL_FROM, outboxDir: path.join(dataDir, "outbox") });
    const deps = { db: handle.db, auth: createAuth(handle.db, env, mailer, logger) };
    const pairs = [];
    for (let i = 0; i < PAIRS; i++) {
      const [parent, teacher] = await Promise.all([createParent(deps), createTeacher(deps)]);
      const { conversationId } = await createConversation(deps, { parentId: parent.parentId, parentUserId: parent.userId, teacherUserId: teacher.userId, texts: [] });
      pairs.push({ parent, teacher, conversationId });
    }
    return pairs;
  } finally {
    await handle.close();
  }
}

async function signIn(base: string, role: "parent" | "teacher", email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ role, email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookieHeader(res.headers);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  const name = `mlm_bench_messages_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), "mlm-bench-messages-"));
  let server: ChildProcess | undefined;
  const readers: SseReader[] = [];
  await admin((c) => c.query(`create database "${name}"`));
  try {
    log(`database ${name}; making ${PAIRS} parents and ${PAIRS} teachers with a conversation each`);
    const pairs = await makePeople(databaseUrl, dataDir);
    const port = await freePort();
    server = await startServer(port, databaseUrl, dataDir);
    const base = `http://127.0.0.1:${port}`;
    const rssBefore = residentMegabytes(server.pid);

    log(`signing in ${PAIRS * 2} users`);
    const people = [];
    for (const pair of pairs) {
      const [parentCookie, teacherCookie] = await Promise.all([
        signIn(base, "parent", pair.parent.email, pair.parent.password),
        signIn(base, "teacher", pair.teacher.email, pair.teacher.password),
      ]);
      people.push({ ...pair, parentCookie, teacherCookie });
    }

    log(`opening ${PAIRS * 2 * STREAMS_PER_USER} streams`);
    const streamsOf = new Map<string, SseReader[]>();
    const open = async (userId: string, cookie: string) => {
      const res = await fetch(`${base}/api/live`, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`GET /api/live: ${res.status}`);
      const reader = new SseReader(res.body!);
      readers.push(reader);
      await reader.ready();
      streamsOf.set(userId, [...(streamsOf.get(userId) ?? []), reader]);
    };
    for (const person of people) {
      const opening: Promise<void>[] = [];
      for (let s = 0; s < STREAMS_PER_USER; s++) {
        opening.push(open(person.parent.userId, person.parentCookie), open(person.teacher.userId, person.teacherCookie));
      }
      await Promise.all(opening);
    }
    await new Promise((r) => setTimeout(r, 1000));
    const rssStreams = residentMegabytes(server.pid);

    log(`sending ${RATE} messages a second for ${SECONDS} s`);
    const latencies: number[] = [];
    const roundTrips: number[] = [];
    const cpuBefore = cpuSeconds(server.pid);
    const loadBefore = loadavg()[0]!;
    let lost = 0;
    let failedSends = 0;
    const deliveries: Promise<void>[] = [];
    const total = RATE * SECONDS;
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const person = people[i % people.length]!;
      const fromParent = Math.floor(i / people.length) % 2 === 0;
      const cookie = fromParent ? person.parentCookie : person.teacherCookie;
      const recipient = fromParent ? person.teacher.userId : person.parent.userId;
      const text = `bench message ${i}`;
      const sentAt = performance.now();
      const marks = (streamsOf.get(recipient) ?? []).map((reader) => ({ reader, from: reader.events.length }));
      deliveries.push(
        (async () => {
          const res = await fetch(`${base}/api/messages/conversations/${person.conversationId}/messages`, {
            method: "POST",
            headers: { "content-type": "application/json", cookie },
            body: JSON.stringify({ text }),
          });
          await res.text();
          roundTrips.push(performance.now() - sentAt);
          if (res.status !== 201) {
            failedSends++;
            return;
          }
          await Promise.all(
            marks.map(async ({ reader, from }) => {
              try {
                await reader.next(
                  (e) => e.event === "message" && (JSON.parse(e.data) as LiveEventPayloads["message"]).message.text === text,
                  10_000,
                  from,
                );
                latencies.push(performance.now() - sentAt);
              } catch {
                lost++;
              }
            }),
          );
        })(),
      );
    }
    await Promise.all(deliveries);
    const elapsed = (performance.now() - started) / 1000;
    const rssAfter = residentMegabytes(server.pid);
    const cpuAfter = cpuSeconds(server.pid);
    const serverCpu = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;

    latencies.sort((a, b) => a - b);
    roundTrips.sort((a, b) => a - b);
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    const rows: [string, string][] = [
      ["server", "1 process, compiled, PostgreSQL (LISTEN/NOTIFY)"],
      ["open streams", String(readers.filter((r) => !r.ended).length)],
      ["messages sent", `${total - failedSends} of ${total} in ${elapsed.toFixed(1)} s (${((total - failedSends) / elapsed).toFixed(1)}/s)`],
      ["deliveries measured", `${latencies.length} (each message to the recipient's ${STREAMS_PER_USER} streams)`],
      ["deliveries lost", String(lost)],
      ["latency p50", ms(percentile(latencies, 50))],
      ["latency p95", ms(percentile(latencies, 95))],
      ["latency p99", ms(percentile(latencies, 99))],
      ["latency max", ms(latencies[latencies.length - 1] ?? NaN)],
      ["send POST round trip p50 / p99", `${ms(percentile(roundTrips, 50))} / ${ms(percentile(roundTrips, 99))}`],
      ["server CPU during the sends", serverCpu === null ? "?" : `${serverCpu.toFixed(1)} s (${((serverCpu * 1000) / total).toFixed(1)} ms a message)`],
      ["machine load average (1 min) at start", `${loadBefore.toFixed(1)} on ${cpus().length} cores`],
      ["server RSS before streams", `${rssBefore ?? "?"} MB`],
      ["server RSS, streams open", `${rssStreams ?? "?"} MB`],
      ["server RSS after the load", `${rssAfter ?? "?"} MB`],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    log("");
    log(`| ${"measure".padEnd(width)} | value |`);
    log(`| ${"-".repeat(width)} | ----- |`);
    for (const [k, v] of rows) log(`| ${k.padEnd(width)} | ${v} |`);
    const failures = [
      ...(failedSends > 0 ? [`${failedSends} of ${total} sends were not answered 201`] : []),
      ...(lost > 0 ? [`${lost} deliveries lost`] : []),
    ];
    settle(true, failures);
  } finally {
    await Promise.all(readers.map((r) => r.cancel()));
    server?.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, process.env.BENCH_PROFILE ? 5000 : 500));
    if (server && server.exitCode === null) server.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP === "1") log(`kept database ${name}`);
    else await admin((c) => c.query(`drop database if exists "${name}" with (force)`));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
