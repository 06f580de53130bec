// npm run soak [-- --minutes N | --seconds N]: the product under steady mixed use (issue 30, item 8).
//
// 1. Builds the web app and the server (what `npm start` runs), creates its own database on the
//    PostgreSQL at BENCH_DATABASE_URL (default the local test server), writes the demo data and
//    SOAK_TEACHERS teachers (default 10) with SOAK_FAMILIES_PER_TEACHER families each (default 2),
//    starts the compiled server on it in production mode with every rate limit on, and signs
//    everyone in through the API, each from a loopback address of their own.
// 2. Opens SOAK_STREAMS live streams (default 40) and holds them for the whole run.
// 3. For the run's length (default 10 minutes) sends traffic at a FIXED RATE (open loop: each
//    request is started when its time comes, whether or not earlier ones have answered): pages,
//    API browsing, searches, bookings each accepted by the teacher, messages, uploads (class files
//    and intro videos) and downloads (ranged video reads, whole class files). SOAK_RATE scales it.
// 4. Each minute: requests, errors and p50/p99 per kind, and the server's RSS (/proc), heap
//    (prom-client's nodejs_heap_size_used_bytes from /metrics), open file descriptors (/proc) and
//    database connections (pg_stat_activity).
// 5. At the end reads back every acknowledged write (messages and bookings in the database, files
//    through the API, byte for byte), checks every message reached every open stream of its
//    recipient, and judges RSS over the last 5 minutes (a shorter run: its second half).
//    Exit 1 unless 0 errors, 0 lost writes, 0 missed deliveries and RSS flat within 10 %.
// 6. Stops the server and drops the database, also when something fails (BENCH_KEEP=1 keeps it).
//
// SOAK_SECONDS sets the length too (the arguments win). BENCH_SMOKE=1 (npm run bench:ci, a few
// seconds with a few people) does not judge RSS, which a short run on a busy machine cannot; errors,
// lost writes, missed deliveries and ended streams still fail it. BENCH_SKIP_BUILD=1 serves the
// web app of an earlier `npm run build`.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { SEND_LIMIT, SEND_WINDOW_MS } from "../src/server/messages/messages.service";
import { freePort, residentMegabytes } from "../tests/fixtures/server-process";
import { markdownTable, p50p99, promValue, rssDrift, soakSeconds, type RssSample } from "./soak/soak-figures";
import { makeCommunity, signInCommunity, startServer, type RunningServer } from "./soak/soak-setup";
import { KINDS, Recorder, Traffic, type LiveStream } from "./soak/soak-traffic";
import { buildWebApp, envNumber, SMOKE } from "./bench/bench-mode";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const TEACHERS = envNumber("SOAK_TEACHERS", 10, 1);
const FAMILIES_PER_TEACHER = envNumber("SOAK_FAMILIES_PER_TEACHER", 2, 1);
const STREAMS = envNumber("SOAK_STREAMS", 40);
const RATE_SCALE = envNumber("SOAK_RATE", 1, 0.01);
/** Operations a second at SOAK_RATE=1; a booking is three requests (its calendar, the request, the acceptance). */
const RATES: Record<"page" | "browse" | "search" | "book" | "message" | "upload" | "download", number> = {
  page: 2,
  browse: 4,
  search: 3,
  book: 0.4,
  message: 2,
  upload: 0.3,
  download: 1.5,
};
const SAMPLE_MS = 5_000;
const SECRET = randomBytes(32).toString("base64url");
const METRICS_TOKEN = randomBytes(24).toString("base64url");

const progress = (...parts: unknown[]) => console.error("[soak]", ...parts);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sample extends RssSample {
  heapMb: number | null;
  fds: number | null;
  dbConnections: number | null;
}

/** The server's resources now: RSS and open descriptors from /proc, heap from /metrics, connections from pg_stat_activity. */
async function sample(server: RunningServer, admin: pg.Client, database: string, atMs: number): Promise<Sample> {
  const pid = server.child.pid;
  let fds: number | null = null;
  try {
    fds = readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    fds = null;
  }
  let heapMb: number | null = null;
  try {
    const res = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const used = res.ok ? promValue(await res.text(), "nodejs_heap_size_used_bytes") : null;
    heapMb = used === null ? null : Math.round(used / 1024 / 1024);
  } catch {
    heapMb = null;
  }
  const { rows } = await admin.query<{ n: string }>("select count(*) as n from pg_stat_activity where datname = $1", [database]);
  return { atMs, rssMb: residentMegabytes(pid) ?? NaN, heapMb, fds, dbConnections: Number(rows[0]!.n) };
}

/** The table of one minute's completed requests per kind, with the last resource sample of that minute. */
function minuteRow(minute: number, recorder: Recorder, from: number, to: number, last: Sample | undefined): string[] {
  const done = recorder.completed.filter((c) => c.doneAt >= from && c.doneAt < to);
  const cells = KINDS.map((kind) => p50p99(done.filter((c) => c.kind === kind).map((c) => c.ms)));
  return [
    String(minute),
    String(done.length),
    String(done.filter((c) => !c.ok).length),
    ...cells,
    String(last?.rssMb ?? "?"),
    String(last?.heapMb ?? "?"),
    String(last?.fds ?? "?"),
    String(last?.dbConnections ?? "?"),
  ];
}

/** Refuses a configuration whose own traffic would meet the per-person message limit (a 429 measures nothing). */
function checkRateLimits(families: number): void {
  const perPersonPerWindow = (RATES.message * RATE_SCALE * (SEND_WINDOW_MS / 1000)) / (2 * families);
  if (perPersonPerWindow > SEND_LIMIT / 2) {
    throw new Error(`${perPersonPerWindow.toFixed(1)} messages a person a minute is too close to the limit of ${SEND_LIMIT}: lower SOAK_RATE or add families`);
  }
  // Sign-ins are 10 a minute per address: everyone signs in once, from an address of their own (soak-setup.ts).
  if (TEACHERS * (1 + FAMILIES_PER_TEACHER) > 250) throw new Error("at most 250 people: one loopback address each");
}

async function main() {
  const seconds = soakSeconds(process.argv.slice(2), envNumber("SOAK_SECONDS", 600, 1));
  // Ctrl-C ends the traffic early but still reports, stops the server and drops the database.
  let interrupted = false;
  const interrupt = () => {
    interrupted = true;
    progress("interrupted: stopping the traffic, then cleaning up");
  };
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);
  checkRateLimits(TEACHERS * FAMILIES_PER_TEACHER);
  progress(process.env.BENCH_SKIP_BUILD === "1" ? "BENCH_SKIP_BUILD=1: the web app of the last `npm run build`; building the server" : "building the web app and the server (what npm start runs)");
  buildWebApp(["ignore", "ignore", "inherit"]);

  const name = `mlm_soak_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), "mlm-soak-"));
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  let server: RunningServer | undefined;
  let streams: LiveStream[] = [];
  try {
    progress(`database ${name}: demo data, ${TEACHERS} teachers and ${TEACHERS * FAMILIES_PER_TEACHER} families`);
    const community = await makeCommunity(databaseUrl, dataDir, SECRET, TEACHERS, FAMILIES_PER_TEACHER);
    server = await startServer({ port: await freePort(), databaseUrl, dataDir, secret: SECRET, metricsToken: METRICS_TOKEN });
    const { teachers, families } = await signInCommunity(server.base, community);
    const recorder = new Recorder();
    const traffic = new Traffic(server.base, recorder, teachers, families);
    // Every teacher starts with an intro video and every class with a file, so downloads have something from the first second.
    for (const teacher of teachers) await traffic.uploadIntroVideo(teacher);
    for (let i = 0; i < families.length; i++) await traffic.upload();
    if (recorder.errors > 0) throw new Error(`setting up failed:\n${recorder.failures.join("\n")}`);
    recorder.completed.length = 0;
    streams = await traffic.openStreams(STREAMS);
    progress(`${teachers.length + families.length} people signed in, ${streams.length} live streams open; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);

    const operations: Record<keyof typeof RATES, () => Promise<void>> = {
      page: () => traffic.page(),
      browse: () => traffic.browse(),
      search: () => traffic.search(),
      book: () => traffic.bookAndAccept(),
      message: () => traffic.message(),
      upload: () => traffic.upload(),
      download: () => traffic.download(),
    };
    const perSecond = Object.values(RATES).reduce((a, b) => a + b, 0) * RATE_SCALE;
    progress(`${seconds} s of traffic at ${perSecond.toFixed(1)} operations a second (${Object.entries(RATES).map(([k, r]) => `${k} ${(r * RATE_SCALE).toFixed(1)}`).join(", ")})`);

    const started = performance.now();
    const runMs = seconds * 1000;
    const samples: Sample[] = [await sample(server, admin, name, 0)];
    const rows: string[][] = [];
    const inFlight = new Set<Promise<void>>();
    const due = Object.fromEntries(Object.keys(RATES).map((kind) => [kind, started])) as Record<keyof typeof RATES, number>;
    let nextSample = started + SAMPLE_MS;
    // How far the soak itself fell behind its schedule (a busy machine): the rate is only as fixed as this.
    let maxLagMs = 0;
    let operationsStarted = 0;
    let minute = 1;
    for (;;) {
      const now = performance.now();
      if (now - started >= runMs || interrupted) break;
      // Open loop: every operation whose time has come starts now, however many are still running.
      for (const kind of Object.keys(RATES) as (keyof typeof RATES)[]) {
        const interval = 1000 / (RATES[kind] * RATE_SCALE);
        while (due[kind] <= now) {
          maxLagMs = Math.max(maxLagMs, now - due[kind]);
          operationsStarted++;
          const op = operations[kind]().catch((error: unknown) => progress(`${kind} crashed:`, error));
          inFlight.add(op);
          void op.finally(() => inFlight.delete(op));
          due[kind] += interval;
        }
      }
      if (now >= nextSample) {
        nextSample += SAMPLE_MS;
        samples.push(await sample(server, admin, name, now - started));
      }
      if (now - started >= minute * 60_000) {
        const row = minuteRow(minute, recorder, started + (minute - 1) * 60_000, started + minute * 60_000, samples[samples.length - 1]);
        rows.push(row);
        progress(`minute ${minute}: ${row[1]} requests, ${row[2]} errors, RSS ${row[11]} MB, heap ${row[12]} MB, ${row[13]} fds, ${row[14]} db connections`);
        minute++;
      }
      await sleep(Math.max(1, Math.min(...Object.values(due), nextSample) - performance.now()));
    }
    progress(`traffic stopped; waiting for ${inFlight.size} requests still under way`);
    await Promise.all(inFlight);
    const ranMs = Math.min(runMs, performance.now() - started);
    samples.push(await sample(server, admin, name, ranMs));
    const partialFrom = started + (minute - 1) * 60_000;
    if (recorder.completed.some((c) => c.doneAt >= partialFrom)) rows.push(minuteRow(minute, recorder, partialFrom, Infinity, samples[samples.length - 1]));
    await sleep(3000); // the last messages' live events

    // Read back every acknowledged write.
    const ledger = traffic.ledger;
    const readBack = new pg.Client({ connectionString: databaseUrl });
    await readBack.connect();
    const messageIds = ledger.messages.map((m) => m.id);
    const { rows: foundMessages } = await readBack.query<{ id: string }>("select id from messages where id = any($1::uuid[])", [messageIds]);
    const { rows: foundBookings } = await readBack.query<{ id: string; status: string }>("select id, status from bookings where id = any($1::uuid[])", [
      [...ledger.bookings.keys()],
    ]);
    await readBack.end();
    const bookingStatus = new Map(foundBookings.map((b) => [b.id, b.status]));
    const lostMessages = messageIds.length - foundMessages.length;
    const lostBookings = [...ledger.bookings].filter(([id, state]) => bookingStatus.get(id) !== state).length;
    const files = await traffic.readBackFiles();
    const lostWrites = lostMessages + lostBookings + files.lost;
    let missedDeliveries = 0;
    let deliveries = 0;
    for (const message of ledger.messages) {
      for (const stream of message.streams) {
        deliveries++;
        if (!stream.messageIds.has(message.id)) missedDeliveries++;
      }
    }
    const endedStreams = streams.filter((s) => s.ended).length;
    const drift = rssDrift(samples, ranMs);

    const kindHeaders = KINDS.map((k) => `${k} p50/p99 ms`);
    console.log(`\nSoak: ${seconds} s, compiled server on PostgreSQL (production mode, rate limits on), ${teachers.length} teachers, ${families.length} families, ${streams.length} live streams, ${perSecond.toFixed(1)} operations/s scheduled (open loop); load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores at the end.\n`);
    console.log(
      markdownTable(
        ["min", "requests", "errors", ...kindHeaders, "RSS MB", "heap MB", "fds", "db conns"],
        rows,
        new Set(Array.from({ length: 7 + KINDS.length }, (_, i) => i).filter((i) => i > 0)),
      ),
    );
    const all = recorder.completed;
    console.log("");
    console.log(
      markdownTable(
        ["kind", "requests", "errors", "p50/p99 ms"],
        KINDS.map((kind) => {
          const done = all.filter((c) => c.kind === kind);
          return [kind, String(done.length), String(done.filter((c) => !c.ok).length), p50p99(done.map((c) => c.ms))];
        }),
        new Set([1, 2, 3]),
      ),
    );
    const totals: [string, string][] = [
      ["operations started / scheduled", `${operationsStarted} / ${Math.round(perSecond * seconds)} (the schedule fell behind by at most ${Math.round(maxLagMs)} ms)`],
      ["requests", String(all.length)],
      ["errors", String(recorder.errors)],
      ["bookings skipped (every teacher busy, or no open time)", String(traffic.skippedBookings)],
      ["messages acknowledged / found", `${messageIds.length} / ${foundMessages.length}`],
      ["bookings acknowledged / found in their acknowledged state", `${ledger.bookings.size} / ${ledger.bookings.size - lostBookings}`],
      ["files acknowledged / read back identical", `${files.checked} / ${files.checked - files.lost}`],
      ["lost writes", String(lostWrites)],
      ["live deliveries expected / missed", `${deliveries} / ${missedDeliveries}`],
      ["live streams ended by the server", `${endedStreams} of ${streams.length}`],
      ["server log lines at level error", String(server.errorCount)],
      [
        "RSS drift",
        drift
          ? `${drift.min}-${drift.max} MB over ${((drift.to - drift.from) / 60_000).toFixed(1)} min (${drift.samples} samples), spread ${drift.spreadPercent.toFixed(1)} % of the mean ${drift.mean.toFixed(0)} MB: ${drift.flat ? "PASS" : "FAIL"} (≤ 10 %)`
          : "not judged (run too short)",
      ],
    ];
    console.log("");
    console.log(markdownTable(["total", "value"], totals));
    for (const failure of recorder.failures) console.log(`  error: ${failure}`);
    for (const detail of files.details) console.log(`  lost: ${detail}`);
    for (const line of server.errorLines.slice(0, 5)) console.log(`  server: ${line}`);
    if (interrupted) console.log(`interrupted after ${(ranMs / 1000).toFixed(0)} s of ${seconds} s`);
    const sound = !interrupted && recorder.errors === 0 && lostWrites === 0 && missedDeliveries === 0 && endedStreams === 0;
    const passed = sound && drift?.flat === true;
    console.log(`\ntargets (0 errors, 0 lost writes, 0 missed deliveries, RSS flat within 10 %): ${passed ? "met" : "NOT met"}`);
    if (SMOKE && sound && !passed) console.log("smoke run (BENCH_SMOKE=1): RSS is printed, not judged");
    process.exitCode = passed || (SMOKE && sound) ? 0 : 1;
  } finally {
    await Promise.all(streams.map((s) => s.cancel()));
    if (server && server.child.exitCode === null) {
      const exited = new Promise<number | null>((resolve) => server!.child.once("exit", (code) => resolve(code)));
      const stopping = performance.now();
      server.child.kill("SIGTERM");
      let timer: NodeJS.Timeout | undefined;
      const code = await Promise.race([exited, new Promise<"still running">((resolve) => (timer = setTimeout(() => resolve("still running"), 15_000)))]);
      // A timer left running would hold the process for the rest of the 15 s.
      clearTimeout(timer);
      if (code === "still running") {
        progress("the server did not stop within 15 s of SIGTERM: killed");
        server.child.kill("SIGKILL");
      } else progress(`the server stopped on SIGTERM in ${((performance.now() - stopping) / 1000).toFixed(1)} s, exit code ${code}`);
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP === "1") progress(`kept database ${name}`);
    else await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
