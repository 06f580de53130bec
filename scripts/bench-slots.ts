// npm run bench:slots: a teacher's open slots for a month (issue 16, "open slots in milliseconds").
//
// 1. Starts the real server as a newcomer does: embedded PGlite in a fresh temporary DATA_DIR,
//    SEED_DEMO=true (a child process: tsx src/server/main.ts, DATABASE_URL unset).
// 2. Finds the demo teacher (teacher@demo.test, open every day 09:00-17:00 in New York) through
//    the public search.
// 3. With autocannon (10 connections, 10 s each) measures /api/health and the intro slots of
//    the current and the next month, prints req/s, p50/p99 latency, each scenario's share of
//    the health req/s and checks the targets (≥ 30 % of health, p99 ≤ 25 ms).
// 4. Issue 46, a busy teacher: serves the demo teacher a calendar of 2,000 events a year from a
//    local HTTP server, adds it through the teacher's settings API, waits for the jobs runner to
//    read it (the read's server time must be < 2 s), and measures the same months again with the
//    imported busy times closing slots (same targets).
// 5. Stops the server and removes the data directory, also when something fails.
//
// Exit 1 when a target is missed or anything failed: the server, finding the demo teacher, a
// request answered with an error or not at all (warm-ups included). BENCH_SMOKE=1 (npm run
// bench:ci, at a small BENCH_SECONDS and BENCH_WARMUP_SECONDS) prints the targets without enforcing them.
// BENCH_CPU_PROF=dir writes the server's CPU profile there (node --cpu-prof) for a closer look.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import type { SlotsResponse } from "../src/shared/booking/booking.schemas";
import type { TeacherSearchResponse } from "../src/shared/search/search.schemas";
import type { BusyCalendarDTO } from "../src/shared/calendar/busy-calendars.schemas";
import { DEMO_TEACHER } from "../src/server/db/seed/demo-accounts";
import { DEMO_PASSWORD } from "../src/server/db/seed/demo-seed";
import { busyYearCalendar } from "../tests/fixtures/calendar-fixtures";
import { startCalendarServer } from "../tests/fixtures/calendar-server";
import { cpuSeconds, freePort, spawnCompiledServer } from "../tests/fixtures/server-process";
import { autocannonFailure, envNumber, settle } from "./bench/bench-mode";

const CONNECTIONS = 10;
const DURATION_SECONDS = envNumber("BENCH_SECONDS", 10, 1);
/** Unmeasured load on each scenario first (0: none). */
const WARMUP_SECONDS = envNumber("BENCH_WARMUP_SECONDS", 2);
const TARGET_P99_MS = 25;
const TARGET_SHARE = 0.3;
/** The viewer's zone: the demo teacher's own, so a month of the viewer is a month of the teacher. */
const VIEWER_ZONE = DEMO_TEACHER.timeZone;
/** Issue 46: a teacher with this many imported events a year, and the longest a read of them may take. */
const BUSY_EVENTS_PER_YEAR = 2000;
const TARGET_READ_MS = 2000;

const log = (...parts: unknown[]) => console.log(...parts);

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: "development",
    // The busy teacher's calendar is served by the bench on this machine, and read at once.
    CALENDAR_FETCH_ALLOW_PRIVATE: "true",
    JOBS_INTERVAL_SECONDS: "1",
  };
  // Embedded database, as on a newcomer's machine.
  delete env.DATABASE_URL;
  // stdout only carries the demo accounts banner; warnings and errors go to stderr.
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  const child = spawnCompiledServer(env, ["ignore", "ignore", "inherit"], profile);
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return child;
    } catch {
      // not listening yet (migrations and the demo seed run first)
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not answer /api/health within 180 s");
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The demo teacher's id, from the public search (piano near New York, every page until found). */
async function findDemoTeacher(base: string): Promise<string> {
  const fullName = `${DEMO_TEACHER.firstName} ${DEMO_TEACHER.lastName}`;
  for (let page = 1; page <= 50; page++) {
    const result = await getJson<TeacherSearchResponse>(
      `${base}/api/search/teachers?instrument=piano&location=${encodeURIComponent(`${DEMO_TEACHER.city}, ${DEMO_TEACHER.state}`)}&page=${page}`,
    );
    const found = result.teachers.find((t) => t.fullName === fullName || (t.firstName === DEMO_TEACHER.firstName && t.fullName.startsWith(`${DEMO_TEACHER.firstName} ${DEMO_TEACHER.lastName[0]}`)));
    if (found) return found.teacherId;
    if (!result.hasMore) break;
  }
  throw new Error(`the demo teacher ${fullName} was not found by the search`);
}

/** "2026-11" of now (offset 0) or of a later month, in the viewer's zone. */
function monthOf(offset: number): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: VIEWER_ZONE, year: "numeric", month: "2-digit" }).formatToParts(new Date());
  const year = Number(parts.find((p) => p.type === "year")!.value);
  const month = Number(parts.find((p) => p.type === "month")!.value) - 1 + offset;
  const date = new Date(Date.UTC(year, month, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** What went wrong with the requests (errors, non-2xx, no answer), or null. */
  failure: string | null;
  /**
   * The server's CPU time per request (ms; /proc): unlike req/s it does not move with whatever else
   * the machine runs, so two scenarios compare on a shared machine too. Null where /proc is not readable.
   */
  cpuMsPerRequest: number | null;
}

/** The server's pid, for its CPU time (set once it has started). */
let serverPid: number | undefined;

async function measure(url: string, seconds = DURATION_SECONDS): Promise<Measured> {
  const cpuBefore = cpuSeconds(serverPid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  const cpuAfter = cpuSeconds(serverPid);
  return {
    cpuMsPerRequest: cpuBefore !== null && cpuAfter !== null && result.requests.total > 0 ? ((cpuAfter - cpuBefore) * 1000) / result.requests.total : null,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    failure: autocannonFailure(url, result),
  };
}

/**
 * Signs the demo teacher in, adds a calendar of BUSY_EVENTS_PER_YEAR events a year served at
 * `address`, and waits for the jobs runner to read it; the read as the teacher's settings show it.
 */
async function importBusyCalendar(base: string, address: string): Promise<BusyCalendarDTO> {
  const signIn = await fetch(`${base}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ role: "teacher", email: DEMO_TEACHER.email, password: DEMO_PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`demo teacher sign-in: HTTP ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const added = await fetch(`${base}/api/calendar/busy-calendars`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ url: address, label: "Busy year" }),
  });
  if (added.status !== 201) throw new Error(`adding the calendar: HTTP ${added.status} ${await added.text()}`);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const list = (await (await fetch(`${base}/api/calendar/busy-calendars`, { headers: { cookie } })).json()) as { calendars: BusyCalendarDTO[] };
    const calendar = list.calendars.find((c) => c.label === "Busy year");
    if (calendar?.lastError) throw new Error(`the calendar's read failed: ${calendar.lastError}`);
    if (calendar?.lastSuccessAt) return calendar;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the jobs runner did not read the calendar within 120 s");
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "mlm-bench-slots-"));
  let server: ChildProcess | undefined;
  try {
    const port = await freePort();
    const started = performance.now();
    server = await startServer(port, dataDir);
    serverPid = server.pid;
    const base = `http://127.0.0.1:${port}`;
    log(`server on ${base} (embedded database in ${dataDir}, seeded in ${((performance.now() - started) / 1000).toFixed(1)} s)`);

    const teacherId = await findDemoTeacher(base);
    const scenarios: Array<{ name: string; path: string; slots: number | null; target: boolean }> = [
      { name: "GET /api/health", path: "/api/health", slots: null, target: false },
    ];
    for (const [label, month] of [["current", monthOf(0)], ["next", monthOf(1)]] as const) {
      const slotsPath = `/api/teachers/${teacherId}/slots?type=intro&month=${month}&timeZone=${encodeURIComponent(VIEWER_ZONE)}`;
      const body = await getJson<SlotsResponse>(`${base}${slotsPath}`);
      const count = Object.values(body.days).reduce((sum, list) => sum + list.length, 0);
      scenarios.push({ name: `intro slots, ${label} month (${month})`, path: slotsPath, slots: count, target: true });
    }
    // The current month may be nearly over; the next one is open every day. An empty month would
    // measure an empty answer.
    if (scenarios.at(-1)!.slots === 0) throw new Error(`the demo teacher has no open intro slots in ${monthOf(1)}`);

    const failures: string[] = [];
    if (WARMUP_SECONDS > 0) {
      log("warming up…");
      for (const scenario of scenarios) {
        const warm = await measure(`${base}${scenario.path}`, WARMUP_SECONDS);
        if (warm.failure) failures.push(`warm-up of ${scenario.name}: ${warm.failure}`);
      }
    }

    const results: Measured[] = [];
    for (const scenario of scenarios) {
      log(`measuring: ${scenario.name}`);
      results.push(await measure(`${base}${scenario.path}`));
    }

    // Issue 46: the same months with 2,000 imported events a year closing slots.
    const calendarHost = await startCalendarServer();
    let read: BusyCalendarDTO;
    try {
      calendarHost.serve("/busy-year.ics", busyYearCalendar(new Date(Date.now() - 7 * 86_400_000), BUSY_EVENTS_PER_YEAR));
      read = await importBusyCalendar(base, `${calendarHost.base}/busy-year.ics`);
    } finally {
      await calendarHost.close();
    }
    const readMet = read.lastReadMs !== null && read.lastReadMs < TARGET_READ_MS;
    log(`imported ${BUSY_EVENTS_PER_YEAR} events a year: ${read.busyCount} busy times stored, read in ${read.lastReadMs} ms of server time (target < ${TARGET_READ_MS} ms: ${readMet ? "met" : "MISSED"})`);
    for (const scenario of scenarios.filter((s) => s.target)) {
      const body = await getJson<SlotsResponse>(`${base}${scenario.path}`);
      const count = Object.values(body.days).reduce((sum, list) => sum + list.length, 0);
      const busy = { name: `${scenario.name}, ${BUSY_EVENTS_PER_YEAR} imported events a year`, path: scenario.path, slots: count, target: true };
      if (WARMUP_SECONDS > 0) {
        const warm = await measure(`${base}${busy.path}`, WARMUP_SECONDS);
        if (warm.failure) failures.push(`warm-up of ${busy.name}: ${warm.failure}`);
      }
      log(`measuring: ${busy.name}`);
      scenarios.push(busy);
      results.push(await measure(`${base}${busy.path}`));
    }

    const health = results[0]!;
    log(`\n${CONNECTIONS} connections, ${DURATION_SECONDS} s each, embedded database, demo teacher ${teacherId} (every day 09:00-17:00, ${VIEWER_ZONE})`);
    log("| scenario | slots | req/s | p50 ms | p99 ms | share of health | server CPU ms/request | non-2xx | target |");
    log("|---|---:|---:|---:|---:|---:|---:|---:|---|");
    let allMet = readMet;
    for (const [index, result] of results.entries()) {
      const scenario = scenarios[index]!;
      const share = result.rps / health.rps;
      const met = result.p99 <= TARGET_P99_MS && share >= TARGET_SHARE && result.non2xx === 0 && result.errors === 0;
      if (scenario.target && !met) allMet = false;
      if (result.failure) failures.push(`${scenario.name}: ${result.failure}`);
      log(
        `| ${scenario.name} | ${scenario.slots ?? "-"} | ${result.rps.toFixed(0)} | ${result.p50} | ${result.p99} | ${index === 0 ? "100%" : `${(share * 100).toFixed(0)}%`} | ${result.cpuMsPerRequest?.toFixed(2) ?? "-"} | ${result.non2xx + result.errors} | ${scenario.target ? (met ? "met" : "MISSED") : "-"} |`,
      );
    }
    log(`\ntargets (every slots scenario ≥ ${TARGET_SHARE * 100}% of the health req/s and p99 ≤ ${TARGET_P99_MS} ms; the busy calendar read < ${TARGET_READ_MS} ms): ${allMet ? "met" : "NOT met"}`);
    settle(allMet, failures);
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
