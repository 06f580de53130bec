// Where a page's main thread goes while it loads on a phone (issue 43): a CPU profile of the page
// taken through the Chrome DevTools Protocol at 390×844 with a 4× CPU slowdown, cut into tasks, and
// the time of the long ones (over 50 ms, the ones Total Blocking Time counts) attributed to source
// modules through the build's source maps (vite `build.sourcemap: "hidden"`, which bench:web asks
// for when tracing: the chunks are byte for byte the usual ones, with .map files beside them).
//
// The profile samples the main thread every 100 µs. A task is a run of samples without "(idle)"
// between them; its time goes to the function on top of each sample (self time), named by the
// module that defines it: an app file (src/web/...), a package (react-dom, react-router...), or
// "(program)" (the browser's own work: style, layout, parsing HTML) and "(garbage collector)".
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

export interface MainThreadTrace {
  /** Tasks of 50 ms or more after the 4× slowdown, in page time: [start, duration] in ms. */
  longTasks: [number, number][];
  /** The sum over long tasks of their time over 50 ms: what Total Blocking Time counts. */
  blockingMs: number;
  /** Self time inside long tasks per module, in ms (after the 4× slowdown). */
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

/** Samples closer than this are one task; a gap of idle samples at least this long ends one. */
const TASK_GAP_MS = 1;

/**
 * Loads `url` on a phone profile (4× CPU, no network throttling: the main thread's work is what is
 * measured) and attributes its long tasks' time to modules, with `distDir`'s source maps.
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
    await cdp.send("Profiler.start");
    const response = await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    if (!response?.ok()) throw new Error(`${url}: HTTP ${response?.status() ?? "no answer"}`);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(options.settleMs ?? 2000);
    const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
    return attribute(profile, moduleLocator(options.distDir));
  } finally {
    await browser.close();
  }
}

export function attribute(profile: Profile, locate: (url: string, line: number, column: number) => string): MainThreadTrace {
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
  // Each sample's duration is the delta to the next one.
  let time = 0;
  const samples: { at: number; ms: number; module: string }[] = [];
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i]! / 1000;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    samples.push({ at: time, ms, module: name(profile.samples[i]!) });
  }
  const longTasks: [number, number][] = [];
  const byModule = new Map<string, number>();
  let blockingMs = 0;
  let task: typeof samples = [];
  const close = () => {
    if (task.length === 0) return;
    const start = task[0]!.at;
    const last = task.at(-1)!;
    const duration = last.at + last.ms - start;
    if (duration >= 50) {
      longTasks.push([start, duration]);
      blockingMs += duration - 50;
      for (const s of task) byModule.set(s.module, (byModule.get(s.module) ?? 0) + s.ms);
    }
    task = [];
  };
  let idleSince = -1;
  for (const s of samples) {
    if (s.module === "(idle)" || s.module === "(root)") {
      if (idleSince < 0) idleSince = s.at;
      if (s.at + s.ms - idleSince >= TASK_GAP_MS) close();
      continue;
    }
    idleSince = -1;
    task.push(s);
  }
  close();
  return { longTasks, blockingMs, byModule };
}

/** The median of several traces: blocking time and each module's time, module by module. */
export function medianTrace(traces: MainThreadTrace[]): { blockingMs: number; longTaskCount: number; byModule: [string, number][] } {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const modules = new Set(traces.flatMap((t) => [...t.byModule.keys()]));
  const byModule = [...modules].map((m): [string, number] => [m, median(traces.map((t) => t.byModule.get(m) ?? 0))]).sort((a, b) => b[1] - a[1]);
  return { blockingMs: median(traces.map((t) => t.blockingMs)), longTaskCount: median(traces.map((t) => t.longTasks.length)), byModule };
}
