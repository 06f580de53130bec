// Where a page's main thread goes while it loads on a phone (issue 43): a Chrome trace of the page
// (390×844, touch, a 4× CPU slowdown through the DevTools protocol) with the CPU profiler sampling
// the main thread every 100 µs beside it. The trace gives the tasks (RunTask) and the first
// contentful paint; the long tasks after that paint (50 ms or more: what Total Blocking Time
// counts) have their time attributed sample by sample to
// - the module whose function is on top of the stack (self time), named through the build's source
//   maps (vite `build.sourcemap: "hidden"`, which bench:web asks for when tracing: the chunks are
//   byte for byte the usual ones, with .map files beside them): an app file (src/web/...) or a
//   package (react-dom, react-router, @tanstack/query-core...);
// - for the browser's own work (the profiler's "(program)"), the trace event it was in: style,
//   layout, paint, parsing HTML or CSS, compiling scripts;
// - "(garbage collector)".
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

export interface MainThreadTrace {
  /** Tasks of 50 ms or more after the first contentful paint: [start after the paint, duration] in ms (slowed 4×). */
  longTasks: [number, number][];
  /** The sum over those long tasks of their time over 50 ms: what Total Blocking Time counts. */
  blockingMs: number;
  /** Time inside those long tasks per module (or kind of browser work), in ms (slowed 4×). */
  byModule: Map<string, number>;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
}

// ---------------------------------------------------------------------------------------------
// Source maps: enough of the format (version 3, VLQ mappings) to name the module at a position.
// ---------------------------------------------------------------------------------------------

const VLQ_DIGITS = new Map([..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].map((c, i) => [c, i]));

function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = VLQ_DIGITS.get(char)!;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Per generated line, the [column, source index] segments in column order. */
type LineMap = [number, number][][];

function parseSourceMap(file: string): { sources: string[]; lines: LineMap } {
  const map = JSON.parse(readFileSync(file, "utf8")) as { sources: string[]; mappings: string };
  const lines: LineMap = [];
  let source = 0;
  for (const line of map.mappings.split(";")) {
    const segments: [number, number][] = [];
    let column = 0;
    for (const segment of line.split(",")) {
      if (!segment) continue;
      const [dColumn = 0, dSource] = decodeVlq(segment);
      column += dColumn;
      if (dSource !== undefined) {
        source += dSource;
        segments.push([column, source]);
      }
    }
    lines.push(segments);
  }
  return { sources: map.sources, lines };
}

/** "react-dom", "@tanstack/query-core", or the app file relative to the repository ("src/web/app/layout.tsx"). */
export function moduleName(source: string): string {
  const normalized = source.replace(/\\/g, "/");
  const nm = normalized.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = normalized.slice(nm + "node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const src = normalized.indexOf("src/");
  return src >= 0 ? normalized.slice(src) : normalized.replace(/^(\.\.\/)+/, "");
}

/** Names the module of a position in a built script, from the .map beside it under `distDir`. */
export function moduleLocator(distDir: string | null) {
  const maps = new Map<string, ReturnType<typeof parseSourceMap> | null>();
  return (url: string, line: number, column: number): string => {
    let pathname: string;
    try {
      pathname = new URL(url).pathname;
    } catch {
      return url || "(anonymous)";
    }
    if (!pathname.endsWith(".js")) return `inline script of the page`;
    let map = maps.get(pathname);
    if (map === undefined) {
      const file = distDir ? path.join(distDir, `${pathname}.map`) : "";
      map = distDir && existsSync(file) ? parseSourceMap(file) : null;
      maps.set(pathname, map);
    }
    if (!map) return `${path.basename(pathname)} (no source map)`;
    const segments = map.lines[line] ?? [];
    let found: number | undefined;
    for (const [segmentColumn, source] of segments) {
      if (segmentColumn > column) break;
      found = source;
    }
    found ??= segments[0]?.[1];
    return found === undefined ? path.basename(pathname) : moduleName(map.sources[found] ?? "?");
  };
}

// ---------------------------------------------------------------------------------------------

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
  userAgent: "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
};

const TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading", "v8.execute"];

/**
 * Loads `url` on a phone profile (4× CPU, no network throttling: the main thread's work is what is
 * measured) and attributes its long tasks' time, with `distDir`'s source maps.
 */
export async function traceMainThread(url: string, options: { chromiumPath?: string; chromiumArgs: string[]; distDir: string | null; settleMs?: number }): Promise<MainThreadTrace> {
  const browser = await chromium.launch({ ...(options.chromiumPath ? { executablePath: options.chromiumPath } : {}), args: options.chromiumArgs });
  try {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await cdp.send("Profiler.start");
    const response = await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    if (!response?.ok()) throw new Error(`${url}: HTTP ${response?.status() ?? "no answer"}`);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(options.settleMs ?? 2000);
    const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    return attribute(profile, traceEvents, moduleLocator(options.distDir));
  } finally {
    await browser.close();
  }
}

/** The browser's own work, by the trace event a "(program)" sample falls in. */
const BROWSER_WORK: Record<string, string> = {
  ParseHTML: "(browser) parse HTML",
  ParseAuthorStyleSheet: "(browser) parse CSS",
  UpdateLayoutTree: "(browser) style",
  Layout: "(browser) layout",
  PrePaint: "(browser) paint",
  Paint: "(browser) paint",
  Layerize: "(browser) paint",
  Commit: "(browser) paint",
  "v8.compile": "(browser) compile scripts",
  "v8.compileModule": "(browser) compile scripts",
  "V8.CompileCode": "(browser) compile scripts",
  HitTest: "(browser) hit test",
};

export function attribute(profile: Profile, events: TraceEvent[], locate: (url: string, line: number, column: number) => string): MainThreadTrace {
  // The page's main thread: where its first contentful paint was recorded.
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  if (!fcp) throw new Error("the trace has no first contentful paint");
  const onMain = (e: TraceEvent) => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === "X" && e.dur !== undefined;
  const tasks = events.filter((e) => onMain(e) && e.name === "RunTask" && e.ts >= fcp.ts && e.dur! >= 50_000).sort((a, b) => a.ts - b.ts);
  const work = events.filter((e) => onMain(e) && e.name in BROWSER_WORK);

  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const nameOf = new Map<number, string>();
  const name = (id: number): string => {
    let known = nameOf.get(id);
    if (known === undefined) {
      const frame = nodes.get(id)?.callFrame;
      if (!frame) known = "?";
      else if (!frame.url) known = frame.functionName.startsWith("(") ? frame.functionName : `(native) ${frame.functionName || "anonymous"}`;
      else known = locate(frame.url, frame.lineNumber, frame.columnNumber);
      nameOf.set(id, known);
    }
    return known;
  };
  /** The innermost kind of browser work going on at `ts`. */
  const browserWork = (ts: number): string => {
    let inner: TraceEvent | undefined;
    for (const e of work) if (e.ts <= ts && ts < e.ts + e.dur! && (!inner || e.dur! < inner.dur!)) inner = e;
    return inner ? BROWSER_WORK[inner.name]! : "(browser) other";
  };

  const byModule = new Map<string, number>();
  let ts = profile.startTime;
  let task = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    ts += profile.timeDeltas[i]!;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    while (task < tasks.length && ts >= tasks[task]!.ts + tasks[task]!.dur!) task++;
    const current = tasks[task];
    if (!current || ts < current.ts) continue;
    let module = name(profile.samples[i]!);
    if (module === "(idle)" || module === "(root)") continue;
    if (module === "(program)") module = browserWork(ts);
    byModule.set(module, (byModule.get(module) ?? 0) + ms);
  }
  return {
    longTasks: tasks.map((t) => [(t.ts - fcp.ts) / 1000, t.dur! / 1000]),
    blockingMs: tasks.reduce((sum, t) => sum + t.dur! / 1000 - 50, 0),
    byModule,
  };
}

/** The median of several traces: blocking time and each module's time, module by module. */
export function medianTrace(traces: MainThreadTrace[]): { blockingMs: number; longTaskCount: number; byModule: [string, number][] } {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const modules = new Set(traces.flatMap((t) => [...t.byModule.keys()]));
  const byModule = [...modules].map((m): [string, number] => [m, median(traces.map((t) => t.byModule.get(m) ?? 0))]).sort((a, b) => b[1] - a[1]);
  return { blockingMs: median(traces.map((t) => t.blockingMs)), longTaskCount: median(traces.map((t) => t.longTasks.length)), byModule };
}
