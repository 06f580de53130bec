// npm run bench:web: first-load performance of the three pages of issue 16 item 3 on a phone.
//
// 1. Builds the web app (vite build) and starts the real server on a fresh data directory with the
//    demo seed, as a newcomer's `npm start` would. `-- --against <commit>` (issue 43) also builds
//    that commit (scripts/bench/web-builds.ts) and starts its server beside this one: the pages are
//    measured alternately, base and this build, run after run, and the table shows both columns.
// 2. Measures `/`, `/find-teachers?instrument=piano&location=New%20York` and a teacher profile (the
//    first piano teacher the search returns) with the OS Chromium (/usr/bin/chromium or CHROMIUM_PATH).
//    - With the `lighthouse` package installed (12.x, Node ≥ 18.16): Lighthouse mobile, simulated
//      throttling, performance and accessibility categories; figures from its report.
//    - Without it: Playwright + Chrome DevTools Protocol at 390×844, DevTools' "Slow 4G" network
//      (562.5 ms RTT, 1.47 Mbit/s) and 4× CPU slowdown. LCP and CLS from PerformanceObserver, TBT as
//      the sum of long tasks' time over 50 ms between first paint and the end of loading, JS as
//      the bytes of scripts on the wire. No score: only Lighthouse computes one, and none is invented.
// 3. Prints one table against issue 24's targets (score ≥ 97, accessibility 100, LCP ≤ 2.0 s,
//    TBT ≤ 150 ms, CLS ≤ 0.05, JavaScript transferred as served (brotli, with its response headers)
//    ≤ 115 KB for / and ≤ 125 KB for the other two) and stops the server(s).
//    BENCH_RUNS=n (default 3) runs each page n times and reports the median.
// 4. `-- --trace` (issue 43): where the main thread goes. Each page of each build is loaded again
//    BENCH_RUNS times on a 4×-slowed phone profile with the CPU profiler on, and the time of its long
//    tasks is attributed to source modules through hidden source maps the build then writes
//    (scripts/bench/main-thread-trace.ts): the top contributors are printed per page and build.
//
// The targets are shown (✓/✗), not enforced. Exit 1 when it could not measure: the build, the
// server, a page or the search answered with an error, Lighthouse reported an error or no score,
// no LCP. BENCH_SKIP_BUILD=1 uses the dist/ of an earlier `npm run build` for this tree (npm run
// bench:ci runs it so after CI's build, with BENCH_SMOKE=1 and BENCH_RUNS=1).
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type CDPSession } from "@playwright/test";
import { freePort } from "../tests/fixtures/server-process";
import { envNumber, settle } from "./bench/bench-mode";
import { medianTrace, traceMainThread, type MainThreadTrace } from "./bench/main-thread-trace";
import { buildTree, checkoutCommit, ROOT, startBuild, stopBuild, type RunningBuild, type WebBuild } from "./bench/web-builds";

const RUNS = envNumber("BENCH_RUNS", 3, 1);
const CHROMIUM = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p): p is string => Boolean(p && existsSync(p)));
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const TARGET = { score: 97, accessibility: 100, lcpMs: 2000, tbtMs: 150, cls: 0.05 };
/** JavaScript transferred per page (KB = 1024 bytes), as Lighthouse counts it: the bytes on the wire. */
const JS_TARGET_KB = { landing: 115, search: 125, profile: 125 };

interface PageResult {
  score: number | null;
  accessibility: number | null;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  lcpElement: string;
}

const log = (...args: unknown[]) => console.error("[bench:web]", ...args);

async function profilePath(base: string): Promise<string> {
  const response = await fetch(`${base}/api/search/teachers?instrument=piano&location=New%20York`);
  if (!response.ok) throw new Error(`the search answered HTTP ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { teachers?: { teacherId: string }[] };
  const id = body.teachers?.[0]?.teacherId;
  if (!id) throw new Error("the demo seed returned no piano teacher near New York");
  return `/teacher/profile/${id}`;
}

// ---------------------------------------------------------------------------------------------
// Lighthouse, when installed
// ---------------------------------------------------------------------------------------------

interface LighthouseAudit {
  numericValue?: number;
  details?: { items?: { resourceType?: string; transferSize?: number }[] };
}
interface LighthouseReport {
  /** Set when Lighthouse could not load or audit the page (an error answer, a crash). */
  runtimeError?: { code?: string; message?: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, LighthouseAudit | undefined>;
}
type LighthouseRun = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: LighthouseReport } | undefined>;

async function loadLighthouse(): Promise<{ run: LighthouseRun; launch: (opts: Record<string, unknown>) => Promise<{ port: number; kill: () => unknown }> } | null> {
  try {
    // Optional: not a dependency unless the project adds it (see the report of issue 16).
    // Names in variables: TypeScript would otherwise insist on the packages' types being present.
    const [lighthouseName, launcherName] = ["lighthouse", "chrome-launcher"];
    const lighthouse = (await import(lighthouseName)) as { default: LighthouseRun };
    const launcher = (await import(launcherName)) as {
      launch: (opts: Record<string, unknown>) => Promise<{ port: number; kill: () => unknown }>;
    };
    return { run: lighthouse.default, launch: launcher.launch };
  } catch {
    return null;
  }
}

/** The LCP element's label and the LCP phases (TTFB, load delay, load time, render delay) from the report. */
function lcpElementOf(lhr: LighthouseReport): string {
  const tables = (lhr.audits["largest-contentful-paint-element"]?.details as { items?: { items?: Record<string, unknown>[] }[] } | undefined)?.items ?? [];
  const node = tables[0]?.items?.[0]?.node as { nodeLabel?: string; snippet?: string } | undefined;
  const phases = (tables[1]?.items ?? []).map((i) => `${String(i.phase)} ${Math.round(Number(i.timing))} ms`).join(", ");
  return `${node?.snippet?.slice(0, 80) ?? "?"} "${node?.nodeLabel?.slice(0, 40) ?? ""}" (${phases})`;
}

/**
 * Errors Lighthouse itself says to answer by running again ("Something went wrong with recording
 * the trace"): the browser, not the page. CI saw NO_NAVSTART once on a loaded machine.
 */
const TRACE_HICCUPS = new Set(["NO_NAVSTART", "NO_TRACING_STARTED", "PROTOCOL_TIMEOUT"]);
class TraceHiccup extends Error {}

/** A page measured with Lighthouse, run again (twice at most) after a trace hiccup; any other error stands. */
async function measureWithLighthouseAgain(lh: NonNullable<Awaited<ReturnType<typeof loadLighthouse>>>, url: string): Promise<PageResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measureWithLighthouse(lh, url);
    } catch (error) {
      if (!(error instanceof TraceHiccup) || attempt === 3) throw error;
      console.log(`[bench:web] ${error.message.trim()}; measuring again (attempt ${attempt + 1} of 3)`);
    }
  }
}

async function measureWithLighthouse(lh: NonNullable<Awaited<ReturnType<typeof loadLighthouse>>>, url: string): Promise<PageResult> {
  const chrome = await lh.launch({ chromePath: CHROMIUM, chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
  try {
    // Lighthouse's defaults are the mobile preset with simulated throttling.
    const result = await lh.run(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] });
    if (!result) throw new Error(`Lighthouse returned no report for ${url}`);
    const { lhr } = result;
    // An error page or a crashed audit still gives a report, with a null score: a failed measurement, not 0.
    if (lhr.runtimeError) {
      const message = `Lighthouse on ${url}: ${lhr.runtimeError.code ?? "error"} ${lhr.runtimeError.message ?? ""}`;
      throw TRACE_HICCUPS.has(lhr.runtimeError.code ?? "") ? new TraceHiccup(message) : new Error(message);
    }
    if (typeof lhr.categories.performance?.score !== "number") throw new Error(`Lighthouse on ${url}: no performance score`);
    // BENCH_WEB_REPORTS=dir keeps every run's full Lighthouse report (JSON) for a closer look.
    if (process.env.BENCH_WEB_REPORTS) {
      mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
      writeFileSync(path.join(process.env.BENCH_WEB_REPORTS, `${new URL(url).pathname.replace(/\W+/g, "_")}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    const scripts = lhr.audits["network-requests"]?.details?.items?.filter((i) => i.resourceType === "Script") ?? [];
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
      tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
      cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
      jsBytes: scripts.reduce((sum, i) => sum + (i.transferSize ?? 0), 0),
      lcpElement: lcpElementOf(lhr),
    };
  } finally {
    await chrome.kill();
  }
}

// ---------------------------------------------------------------------------------------------
// Playwright + CDP fallback
// ---------------------------------------------------------------------------------------------

/** Collected in the page from its first script on. */
const OBSERVERS = `
  window.__perf = { lcp: 0, lcpElement: "", cls: 0, longTasks: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__perf.lcp = e.startTime;
      const el = e.element;
      window.__perf.lcpElement = el ? (el.tagName.toLowerCase() + (el.className && typeof el.className === "string" ? "." + el.className.split(" ").slice(0, 3).join(".") : "") + ' "' + (el.textContent || "").trim().slice(0, 40) + '"') : "";
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
  // CLS: the largest session window (shifts < 1 s apart, window ≤ 5 s), as Chrome defines it.
  let win = 0, first = 0, last = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      if (win && e.startTime - last < 1000 && e.startTime - first < 5000) { win += e.value; } else { win = e.value; first = e.startTime; }
      last = e.startTime;
      window.__perf.cls = Math.max(window.__perf.cls, win);
    }
  }).observe({ type: "layout-shift", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__perf.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
`;

async function throttle(cdp: CDPSession) {
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1474.56 * 1024) / 8,
    uploadThroughput: (675 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

async function measureWithPlaywright(url: string): Promise<PageResult> {
  const browser = await chromium.launch({ ...(CHROMIUM ? { executablePath: CHROMIUM } : {}), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2.625,
      isMobile: true,
      hasTouch: true,
      userAgent:
        "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
    });
    const page = await context.newPage();
    await page.addInitScript(OBSERVERS);
    const cdp = await context.newCDPSession(page);
    await throttle(cdp);
    const scripts = new Map<string, boolean>();
    let jsBytes = 0;
    cdp.on("Network.responseReceived", (e: { requestId: string; type?: string }) => {
      if (e.type === "Script") scripts.set(e.requestId, true);
    });
    cdp.on("Network.loadingFinished", (e: { requestId: string; encodedDataLength: number }) => {
      if (scripts.has(e.requestId)) jsBytes += e.encodedDataLength;
    });
    const response = await page.goto(url, { waitUntil: "networkidle", timeout: 120_000 });
    if (!response?.ok()) throw new Error(`${url}: HTTP ${response?.status() ?? "no answer"}`);
    await page.waitForTimeout(1500);
    const perf = await page.evaluate(() => {
      const w = window as unknown as { __perf: { lcp: number; lcpElement: string; cls: number; longTasks: [number, number][] } };
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
      const tbt = w.__perf.longTasks
        .filter(([start]) => start >= fcp)
        .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
      return { ...w.__perf, tbt };
    });
    // No LCP entry at all (Chromium sometimes reports none under emulation) is a failed measurement, not 0 s.
    return { score: null, accessibility: null, lcpMs: perf.lcp > 0 ? perf.lcp : Number.NaN, tbtMs: perf.tbt, cls: perf.cls, jsBytes, lcpElement: perf.lcpElement };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------

const median = (values: number[]) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

function mark(ok: boolean | null) {
  return ok === null ? " " : ok ? "✓" : "✗";
}

interface PageSpec {
  name: string;
  targetKb: number;
  /** The page's path on each build's server (the profile's teacher id differs per seed). */
  pathOf: Map<RunningBuild, string>;
}

/** The medians of a page's runs on one build, as the table's cells: score, a11y, LCP, TBT, CLS, JS. */
function cells(runs: PageResult[], targetKb: number, lighthouse: boolean): { cells: string[]; noLcp: boolean } {
  const score = lighthouse ? median(runs.map((r) => r.score!)) : null;
  const a11y = lighthouse ? median(runs.map((r) => r.accessibility!)) : null;
  const lcp = median(runs.map((r) => r.lcpMs));
  const tbt = median(runs.map((r) => r.tbtMs));
  const cls = median(runs.map((r) => r.cls));
  const js = median(runs.map((r) => r.jsBytes)) / 1024;
  return {
    noLcp: Number.isNaN(lcp),
    cells: [
      score === null ? "n/a" : `${score} ${mark(score >= TARGET.score)}`,
      a11y === null ? "n/a" : `${a11y} ${mark(a11y >= TARGET.accessibility)}`,
      `${(lcp / 1000).toFixed(2)} s ${mark(lcp <= TARGET.lcpMs)}`,
      `${Math.round(tbt)} ms ${mark(tbt <= TARGET.tbtMs)}`,
      `${cls.toFixed(3)} ${mark(cls <= TARGET.cls)}`,
      `${js.toFixed(1)} KB ${mark(js <= targetKb)}`,
    ],
  };
}

const METRICS = ["perf score", "a11y", "LCP", "TBT", "CLS", "JS transferred"];
const metricTargets = (targetKb: number) => [`≥ ${TARGET.score}`, `${TARGET.accessibility}`, `≤ ${(TARGET.lcpMs / 1000).toFixed(2)} s`, `≤ ${TARGET.tbtMs} ms`, `≤ ${TARGET.cls}`, `≤ ${targetKb} KB`];

function printTable(table: string[][]) {
  const widths = table[0]!.map((_, c) => Math.max(...table.map((r) => r[c]!.length)));
  for (const r of table) console.log(r.map((cell, c) => cell.padEnd(widths[c]!)).join(" │ "));
}

/** `runs` alternate between the builds (base first in even runs, this tree first in odd ones). */
function alternating<T>(builds: T[], run: number): T[] {
  return run % 2 === 0 ? builds : [...builds].reverse();
}

async function measureAll(builds: RunningBuild[], pages: PageSpec[], lh: Awaited<ReturnType<typeof loadLighthouse>>) {
  const results = new Map<string, PageResult[]>();
  const key = (b: RunningBuild, p: PageSpec) => `${b.label}\u0000${p.name}`;
  for (let i = 0; i < RUNS; i++) {
    for (const p of pages) {
      for (const b of alternating(builds, i)) {
        const url = `${b.base}${p.pathOf.get(b)!}`;
        const result = lh ? await measureWithLighthouseAgain(lh, url) : await measureWithPlaywright(url);
        results.set(key(b, p), [...(results.get(key(b, p)) ?? []), result]);
        log(`${p.name} [${b.label}] run ${i + 1}/${RUNS}: score ${result.score ?? "n/a"}, TBT ${Math.round(result.tbtMs)} ms, LCP ${Math.round(result.lcpMs)} ms, LCP element ${result.lcpElement}`);
      }
    }
  }
  return (b: RunningBuild, p: PageSpec) => results.get(key(b, p)) ?? [];
}

async function traceAll(builds: RunningBuild[], pages: PageSpec[]) {
  const traces = new Map<string, MainThreadTrace[]>();
  for (let i = 0; i < RUNS; i++) {
    for (const p of pages) {
      for (const b of alternating(builds, i)) {
        const trace = await traceMainThread(`${b.base}${p.pathOf.get(b)!}`, { chromiumArgs: CHROMIUM_ARGS, distDir: path.join(b.root, "dist/web"), ...(CHROMIUM ? { chromiumPath: CHROMIUM } : {}) });
        const k = `${b.label}\u0000${p.name}`;
        traces.set(k, [...(traces.get(k) ?? []), trace]);
        log(`trace ${p.name} [${b.label}] run ${i + 1}/${RUNS}: ${trace.longTasks.length} long tasks, ${Math.round(trace.blockingMs)} ms over 50 ms`);
      }
    }
  }
  console.log(`\nMain thread after the first contentful paint, 390×844, 4× CPU, no network throttling (Chrome trace + CPU profile; long tasks ≥ 50 ms; median of ${RUNS} run(s)): time in long tasks by module (self time) or browser work\n`);
  for (const p of pages) {
    const summaries = builds.map((b) => ({ b, t: medianTrace(traces.get(`${b.label}\u0000${p.name}`) ?? []) }));
    const table: string[][] = [["", ...summaries.map(({ b, t }) => `${b.label}: ${t.longTaskCount} long tasks, ${Math.round(t.blockingMs)} ms over 50 ms`)]];
    for (let row = 0; row < 10; row++) {
      table.push([
        row === 0 ? p.name : "",
        ...summaries.map(({ t }) => {
          const entry = t.byModule[row];
          return entry ? `${String(Math.round(entry[1])).padStart(5)} ms  ${entry[0]}` : "";
        }),
      ]);
    }
    printTable(table);
    console.log("");
  }
}

async function main() {
  const { values } = parseArgs({ options: { against: { type: "string" }, trace: { type: "boolean", default: false } }, allowPositionals: false });
  const skipBuild = process.env.BENCH_SKIP_BUILD === "1";
  const current: WebBuild = { label: values.against ? "this tree" : "this build", root: ROOT };
  if (skipBuild) {
    const missing = ["dist/web/index.html", "dist/web-ssr"].filter((file) => !existsSync(path.join(ROOT, file)));
    if (missing.length > 0) throw new Error(`BENCH_SKIP_BUILD=1 but ${missing.join(" and ")} missing: run \`npm run build\` first`);
    log("BENCH_SKIP_BUILD=1: the web app of the last `npm run build`");
  }
  const trees = [...(values.against ? [checkoutCommit(values.against)] : []), current];
  for (const tree of trees) buildTree(tree, { web: tree !== current || !skipBuild, sourcemaps: values.trace });
  // Lighthouse takes seconds to import: while the servers start.
  const lighthouse = loadLighthouse();
  const builds: RunningBuild[] = [];
  try {
    for (const tree of trees) builds.push(await startBuild(tree, await freePort()));
    const lh = await lighthouse;
    log(lh ? "Lighthouse found: mobile preset, simulated throttling" : "Lighthouse is not installed: Playwright + CDP measurement (no score)");
    const pages: PageSpec[] = [
      { name: "/", targetKb: JS_TARGET_KB.landing, pathOf: new Map(builds.map((b) => [b, "/"])) },
      { name: "/find-teachers (piano, New York)", targetKb: JS_TARGET_KB.search, pathOf: new Map(builds.map((b) => [b, "/find-teachers?instrument=piano&location=New%20York"])) },
      { name: "teacher profile", targetKb: JS_TARGET_KB.profile, pathOf: new Map(await Promise.all(builds.map(async (b) => [b, await profilePath(b.base)] as const))) },
    ];
    // One unmeasured visit per page first, so the servers' caches are warm as on a running site.
    for (const b of builds) {
      for (const p of pages) {
        const response = await fetch(`${b.base}${p.pathOf.get(b)!}`);
        if (!response.ok) throw new Error(`${b.label} ${p.pathOf.get(b)!}: HTTP ${response.status}`);
        await response.arrayBuffer();
      }
    }
    const resultsOf = await measureAll(builds, pages, lh);
    const failures: string[] = [];
    const header = `${lh ? "Lighthouse (mobile, simulated throttling)" : "Playwright + CDP at 390×844, Slow 4G, 4× CPU — Lighthouse not installed, so no score; figures are not Lighthouse's"}; median of ${RUNS} run(s)`;
    console.log(`\n${header}${builds.length > 1 ? ", the builds measured alternately" : ""}\n`);
    const table: string[][] = [];
    if (builds.length === 1) {
      const [b] = builds as [RunningBuild];
      table.push(["page", ...METRICS], ["target", ...metricTargets(JS_TARGET_KB.landing).slice(0, 5), `≤ ${JS_TARGET_KB.landing} / ${JS_TARGET_KB.search} / ${JS_TARGET_KB.profile} KB`]);
      for (const p of pages) {
        const row = cells(resultsOf(b, p), p.targetKb, Boolean(lh));
        if (row.noLcp) failures.push(`${p.name}: no LCP in any of the ${RUNS} run(s)`);
        table.push([p.name, ...row.cells]);
      }
    } else {
      table.push(["page", "metric", ...builds.map((b) => (b.root === ROOT ? b.label : `${b.label} (--against)`)), "target"]);
      for (const p of pages) {
        const columns = builds.map((b) => {
          const row = cells(resultsOf(b, p), p.targetKb, Boolean(lh));
          if (row.noLcp) failures.push(`${p.name} [${b.label}]: no LCP in any of the ${RUNS} run(s)`);
          return row.cells;
        });
        const targets = metricTargets(p.targetKb);
        METRICS.forEach((metric, m) => table.push([m === 0 ? p.name : "", metric, ...columns.map((c) => c[m]!), targets[m]!]));
      }
    }
    printTable(table);
    if (values.trace) await traceAll(builds, pages);
    // The targets are marked in the table, not enforced; a page that could not be measured fails.
    settle(true, failures);
  } finally {
    for (const b of builds) await stopBuild(b);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
