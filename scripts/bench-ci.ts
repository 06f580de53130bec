// npm run bench:ci [-- memory search …]: every bench and the soak at a small size, one after the
// other, so that CI notices the day one can no longer seed, start or get answers (issue "Benches
// that cannot rot"). Each runs as `npm run <bench>` with BENCH_SMOKE=1 (scripts/bench/bench-mode.ts:
// performance targets printed, not enforced; errors, non-2xx answers, lost writes still fail) and
// the sizes below; then one line per bench with its seconds and pass/fail. Exit 1 if any failed.
//
// Needs PostgreSQL at BENCH_DATABASE_URL (else TEST_DATABASE_URL, else the local test server, as the
// benches) and a web build: bench:web and the soak serve the dist/ of an earlier `npm run build`
// (CI builds first) rather than building again. The server itself is compiled by each bench as
// always (scripts/build-server.mjs, a second). Arguments pick benches by name (`search`, `soak`).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";

interface Bench {
  script: string;
  env: Record<string, string>;
  /** Serves the web app: needs dist/ from `npm run build`. */
  web?: true;
}

/** Small enough for seconds each on a 2-core CI machine; the full sizes stay the scripts' defaults. */
const BENCHES: Bench[] = [
  { script: "bench:memory", env: { BENCH_IDLE_SECONDS: "1", BENCH_SECONDS: "1" } },
  { script: "bench:messages", env: { BENCH_PAIRS: "10", BENCH_STREAMS_PER_USER: "2", BENCH_RATE: "10", BENCH_SECONDS: "3" } },
  { script: "bench:search", env: { BENCH_TEACHERS: "300", BENCH_SECONDS: "1", BENCH_WARMUP_SECONDS: "0" } },
  { script: "bench:slots", env: { BENCH_SECONDS: "1", BENCH_WARMUP_SECONDS: "0" } },
  { script: "bench:tap", env: { BENCH_TAPS: "1" }, web: true },
  { script: "bench:web", env: { BENCH_RUNS: "1" }, web: true },
  { script: "soak", env: { SOAK_SECONDS: "10", SOAK_TEACHERS: "2", SOAK_FAMILIES_PER_TEACHER: "2", SOAK_STREAMS: "4" }, web: true },
];
/** A bench that runs longer than this is stuck: its process group is stopped and it fails. */
const TIMEOUT_SECONDS = Number(process.env.BENCH_CI_TIMEOUT_SECONDS ?? 300);

const root = path.resolve(import.meta.dirname, "..");
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const say = (line: string) => console.log(`[bench:ci] ${line}`);

interface Outcome {
  script: string;
  seconds: number;
  passed: boolean;
  note: string;
}

function chosen(args: readonly string[]): Bench[] {
  if (args.length === 0) return BENCHES;
  return args.map((arg) => {
    const bench = BENCHES.find((b) => b.script === arg || b.script === `bench:${arg}`);
    if (!bench) throw new Error(`no bench "${arg}": one of ${BENCHES.map((b) => b.script).join(", ")}`);
    return bench;
  });
}

async function postgresAnswers(): Promise<string | null> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The current bench's process group (npm, tsx, the server it starts), for a timeout or Ctrl-C. */
let running: ChildProcess | undefined;
let interrupted = false;

function stopGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

function run(bench: Bench): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    // Its own process group, so a stuck bench is stopped with the server it started.
    const child = spawn("npm", ["run", "--silent", bench.script], {
      cwd: root,
      stdio: "inherit",
      detached: true,
      env: { ...process.env, BENCH_DATABASE_URL: DATABASE_URL, BENCH_SMOKE: "1", BENCH_SKIP_BUILD: "1", ...bench.env },
    });
    running = child;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      say(`${bench.script} still running after ${TIMEOUT_SECONDS} s: stopping it`);
      stopGroup(child, "SIGTERM");
      setTimeout(() => stopGroup(child, "SIGKILL"), 15_000).unref();
    }, TIMEOUT_SECONDS * 1000);
    const finish = (passed: boolean, note: string) => {
      clearTimeout(timer);
      running = undefined;
      resolve({ script: bench.script, seconds: (performance.now() - started) / 1000, passed, note });
    };
    child.once("error", (error) => finish(false, `could not start: ${error.message}`));
    child.once("exit", (code, signal) => {
      if (timedOut) finish(false, `timed out after ${TIMEOUT_SECONDS} s`);
      else if (code === 0) finish(true, "");
      else finish(false, signal ? `killed by ${signal}` : `exit code ${code}`);
    });
  });
}

async function main() {
  const benches = chosen(process.argv.slice(2));
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      interrupted = true;
      if (running) stopGroup(running, signal);
    });
  }
  say(`${benches.length} bench(es) at a small size (BENCH_SMOKE=1: targets printed, not enforced); PostgreSQL at ${new URL(DATABASE_URL).host}`);
  const postgresError = await postgresAnswers();
  if (postgresError) {
    say(`PostgreSQL at ${DATABASE_URL} does not answer (${postgresError}): set BENCH_DATABASE_URL or TEST_DATABASE_URL`);
    process.exit(1);
  }
  const missingBuild = ["dist/web/index.html", "dist/web-ssr"].filter((file) => !existsSync(path.join(root, file)));
  if (missingBuild.length > 0 && benches.some((b) => b.web)) {
    say(`${missingBuild.join(" and ")} missing: run \`npm run build\` first; ${benches.filter((b) => b.web).map((b) => b.script).join(" and ")} will fail`);
  }

  const outcomes: Outcome[] = [];
  for (const bench of benches) {
    if (bench.web && missingBuild.length > 0) {
      outcomes.push({ script: bench.script, seconds: 0, passed: false, note: "not run: no web build (npm run build)" });
      continue;
    }
    say(`${bench.script}: ${Object.entries(bench.env).map(([k, v]) => `${k}=${v}`).join(" ")}`);
    const outcome = await run(bench);
    outcomes.push(outcome);
    say(`${bench.script}: ${outcome.passed ? "pass" : "FAIL"} in ${outcome.seconds.toFixed(1)} s${outcome.note ? ` (${outcome.note})` : ""}`);
    if (interrupted) break;
  }

  const width = Math.max(...outcomes.map((o) => o.script.length));
  console.log("\nbench:ci (small sizes, BENCH_SMOKE=1)");
  for (const o of outcomes) {
    console.log(`${o.script.padEnd(width)}  ${o.seconds.toFixed(1).padStart(6)} s  ${o.passed ? "pass" : "FAIL"}${o.note ? `  ${o.note}` : ""}`);
  }
  if (interrupted) console.log(`interrupted: ${benches.length - outcomes.length} bench(es) not run`);
  const failed = outcomes.filter((o) => !o.passed).length + benches.length - outcomes.length;
  const total = outcomes.reduce((sum, o) => sum + o.seconds, 0);
  console.log(`${"total".padEnd(width)}  ${total.toFixed(1).padStart(6)} s  ${failed === 0 ? "pass" : `FAIL (${failed} of ${benches.length})`}`);
  process.exitCode = failed === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
