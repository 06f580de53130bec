// npm run bench:memory: the compiled server's resident memory (issue 30), embedded and on PostgreSQL.
//
// For each mode it starts the server as `npm start` does (flags and environment of that mode,
// scripts/server-launch.mjs) with the demo seed, waits until it is ready and has been idle for
// BENCH_IDLE_SECONDS (default 20), reads its RSS, then loads it for BENCH_SECONDS (default 10) on
// a bare endpoint and on a search, and reads its RSS again. Targets: embedded ≤ 300 MB idle and
// ≤ 350 MB after the search load; PostgreSQL ≤ 250 MB. The search's req/s beside the bare
// endpoint's, in the same run, shows what the memory settings cost in speed on this machine.
// The PostgreSQL database is created for the run and dropped after it, also when something fails.
// Exit 1 when a target is missed or anything failed (a server that does not become ready, a
// request answered with an error or not at all); BENCH_SMOKE=1 (npm run bench:ci, at a small
// BENCH_IDLE_SECONDS and BENCH_SECONDS) prints the targets without enforcing them.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { freePort, residentMegabytes, spawnCompiledServer } from "../tests/fixtures/server-process";
import { autocannonFailure, envNumber, settle } from "./bench/bench-mode";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const IDLE_SECONDS = envNumber("BENCH_IDLE_SECONDS", 20);
const SECONDS = envNumber("BENCH_SECONDS", 10, 1);
const CONNECTIONS = 20;
const SEARCH = "/api/search/teachers?instrument=piano&location=New%20York%2C%20NY&distance=any&minRating=any";
const TARGETS = { embedded: { idle: 300, loaded: 350 }, postgres: { idle: 250, loaded: 250 } } as const;

const log = (...args: unknown[]) => console.error("[bench:memory]", ...args);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Row {
  mode: keyof typeof TARGETS;
  idle: number | null;
  loaded: number | null;
  bare: number;
  search: number;
  failures: number;
  /** What went wrong with the requests, in words. */
  failed: string[];
}

async function waitReady(child: ChildProcess, base: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error("the server did not become ready in 180 s");
}

async function load(url: string): Promise<{ rps: number; failures: number; failure: string | null }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return { rps: result.requests.average, failures: result.non2xx + result.errors + result.timeouts, failure: autocannonFailure(url, result) };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function measureMode(mode: Row["mode"], databaseUrl: string | undefined): Promise<Row> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "mlm-bench-memory-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: undefined, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base, SEED_DEMO: "true", LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawnCompiledServer(env, ["ignore", "ignore", "inherit"]);
  try {
    await waitReady(child, base);
    log(`${mode}: ready; idle for ${IDLE_SECONDS} s`);
    await sleep(IDLE_SECONDS * 1000);
    const idle = residentMegabytes(child.pid);
    log(`${mode}: ${idle} MB idle; loading for ${SECONDS} s twice`);
    const bare = await load(`${base}/api/health`);
    const search = await load(`${base}${SEARCH}`);
    const loaded = residentMegabytes(child.pid);
    const failed = [bare.failure, search.failure].filter((f): f is string => f !== null).map((f) => `${mode}: ${f}`);
    return { mode, idle, loaded, bare: bare.rps, search: search.rps, failures: bare.failures + search.failures, failed };
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const rows: Row[] = [await measureMode("embedded", undefined)];
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const name = `mlm_bench_memory_${Date.now()}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    await admin.query(`create database "${name}"`);
    rows.push(await measureMode("postgres", url.toString()));
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }

  let met = true;
  const mark = (value: number | null, target: number) => {
    const ok = value !== null && value <= target;
    if (!ok) met = false;
    return `≤ ${target}: ${ok ? "met" : "MISSED"}`;
  };
  console.log(`\nCompiled server with the demo seed; RSS after ${IDLE_SECONDS} s idle and after ${SECONDS} s of ${CONNECTIONS} connections on each endpoint.`);
  console.log("| mode | RSS idle (MB) | target | RSS after load (MB) | target | bare req/s | search req/s | search / bare | failed requests |");
  console.log("|---|---:|---|---:|---|---:|---:|---:|---:|");
  for (const row of rows) {
    const target = TARGETS[row.mode];
    console.log(
      `| ${row.mode} | ${row.idle ?? "?"} | ${mark(row.idle, target.idle)} | ${row.loaded ?? "?"} | ${mark(row.loaded, target.loaded)} | ${row.bare.toFixed(0)} | ${row.search.toFixed(0)} | ${((row.search / row.bare) * 100).toFixed(0)}% | ${row.failures} |`,
    );
  }
  const failures = rows.flatMap((row) => row.failed);
  console.log(`\ntargets: ${met && failures.length === 0 ? "met" : "NOT met"}`);
  settle(met, failures);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
