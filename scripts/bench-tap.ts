// npm run bench:tap: a tap that answers (issue 43 item 3). On a 390 px phone profile with the CPU
// slowed 4×, each landing page's interaction that matters is tapped as soon as the app has hydrated
// its button, BENCH_TAPS page loads each (default 5), and the median time from the tap to the next
// paint (Event Timing, the interaction's INP; scripts/bench/tap-to-paint.ts) is printed against the
// ≤ 200 ms target.
//
// A timed test in the e2e suite did this until CI failed it on load alone: beside CI's other work
// the same build measured 430 ms where it measured 300 ms on its own, and the base build failed the
// same way. So it is a bench (DEVELOPERS.md: speed targets are checked by benches that compare in
// one run): `-- --against <commit>` builds that commit too (scripts/bench/web-builds.ts) and the
// builds are measured alternately, load by load, so that both columns share the machine's load.
//
// Exit 1 when it could not measure (a build, a server, a page or a tap failed), and when a target is
// missed, except with BENCH_SMOKE=1 (npm run bench:ci), where the targets are printed, not enforced.
// BENCH_SKIP_BUILD=1 uses the dist/ of an earlier `npm run build` for this tree.
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { freePort } from "../tests/fixtures/server-process";
import { parentSignUpBody } from "../tests/factories/sign-up";
import { envNumber, settle } from "./bench/bench-mode";
import { phoneContext, TAP_SCENARIOS, throttledPage, type TapScenario } from "./bench/tap-to-paint";
import { buildTree, checkoutCommit, ROOT, startBuild, stopBuild, type RunningBuild, type WebBuild } from "./bench/web-builds";

const TAPS = envNumber("BENCH_TAPS", 5, 1);
const TARGET_MS = 200;
const CHROMIUM = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p): p is string => Boolean(p && existsSync(p)));
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

const log = (...args: unknown[]) => console.error("[bench:tap]", ...args);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Site {
  build: RunningBuild;
  profilePath: string;
  visitor: BrowserContext;
  parent: BrowserContext;
}

/** The first piano teacher the search returns (the demo seed's). */
async function profilePath(base: string): Promise<string> {
  const response = await fetch(`${base}/api/search/teachers?instrument=piano&location=New%20York`);
  if (!response.ok) throw new Error(`${base}: the search answered HTTP ${response.status}`);
  const body = (await response.json()) as { teachers: { teacherId: string }[] };
  if (!body.teachers[0]) throw new Error(`${base}: the search found no piano teacher in New York`);
  return `/teacher/profile/${body.teachers[0].teacherId}`;
}

/** A phone context signed in as a new parent of this build (sign-up signs the parent in). */
async function parentContext(browser: Browser, base: string): Promise<BrowserContext> {
  const signUp = await browser.newContext();
  try {
    const response = await signUp.request.post(`${base}/api/accounts/parents`, { data: parentSignUpBody(), headers: { origin: base } });
    if (!response.ok()) throw new Error(`${base}: parent sign-up answered HTTP ${response.status()}: ${await response.text()}`);
    return await phoneContext(browser, await signUp.storageState());
  } finally {
    await signUp.close();
  }
}

async function tapAll(sites: Site[]): Promise<Map<string, number[]>> {
  const figures = new Map<string, number[]>();
  const key = (site: Site, scenario: TapScenario) => `${site.build.label}\u0000${scenario.name}`;
  for (const scenario of TAP_SCENARIOS) {
    for (let i = 0; i < TAPS; i++) {
      // Alternately: the base first in even loads, this tree first in odd ones.
      for (const site of i % 2 === 0 ? sites : [...sites].reverse()) {
        const page = await throttledPage(scenario.asParent ? site.parent : site.visitor);
        try {
          const tap = await scenario.tapOnce(page, { base: site.build.base, profilePath: site.profilePath });
          figures.set(key(site, scenario), [...(figures.get(key(site, scenario)) ?? []), tap.ms]);
          log(`${scenario.name} [${site.build.label}] ${i + 1}/${TAPS}: ${tap.detail}`);
        } finally {
          await page.close();
        }
      }
    }
  }
  return figures;
}

async function main() {
  const { values } = parseArgs({ options: { against: { type: "string" } }, allowPositionals: false });
  const skipBuild = process.env.BENCH_SKIP_BUILD === "1";
  const current: WebBuild = { label: values.against ? "this tree" : "this build", root: ROOT };
  if (skipBuild) {
    const missing = ["dist/web/index.html", "dist/web-ssr"].filter((file) => !existsSync(`${ROOT}/${file}`));
    if (missing.length > 0) throw new Error(`BENCH_SKIP_BUILD=1 but ${missing.join(" and ")} missing: run \`npm run build\` first`);
    log("BENCH_SKIP_BUILD=1: the web app of the last `npm run build`");
  }
  const trees = [...(values.against ? [checkoutCommit(values.against)] : []), current];
  for (const tree of trees) buildTree(tree, { web: tree !== current || !skipBuild, sourcemaps: false });
  const builds: RunningBuild[] = [];
  const browser = await chromium.launch({ args: CHROMIUM_ARGS, ...(CHROMIUM ? { executablePath: CHROMIUM } : {}) });
  try {
    for (const tree of trees) builds.push(await startBuild(tree, await freePort()));
    const sites: Site[] = [];
    for (const build of builds) {
      sites.push({ build, profilePath: await profilePath(build.base), visitor: await phoneContext(browser), parent: await parentContext(browser, build.base) });
    }
    const figures = await tapAll(sites);
    const failures: string[] = [];
    let met = true;
    console.log(`\nTap to next paint (Event Timing), 390×844 touch, CPU 4× slower; median of ${TAPS} page load(s)${sites.length > 1 ? ", the builds alternately" : ""}\n`);
    const header = ["tap", ...sites.map((s) => (s.build.root === ROOT ? s.build.label : `${s.build.label} (--against)`)), "target"];
    const rows: string[][] = [header];
    for (const scenario of TAP_SCENARIOS) {
      const cells = sites.map((site) => {
        const taps = figures.get(`${site.build.label}\u0000${scenario.name}`) ?? [];
        if (taps.length < TAPS) failures.push(`${scenario.name} [${site.build.label}]: ${taps.length} of ${TAPS} taps measured`);
        const value = taps.length > 0 ? median(taps) : Number.NaN;
        const ok = value <= TARGET_MS;
        // The target is this tree's to meet; a base column is there to compare with.
        if (site.build.root === ROOT && !ok) met = false;
        return `${Math.round(value)} ms ${ok ? "✓" : "✗"} (${taps.map(Math.round).join(", ")})`;
      });
      rows.push([scenario.name, ...cells, `≤ ${TARGET_MS} ms`]);
    }
    const widths = header.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
    for (const row of rows) console.log(row.map((cell, c) => cell.padEnd(widths[c]!)).join(" │ "));
    console.log(`\ntargets (every tap ≤ ${TARGET_MS} ms): ${met ? "met" : "NOT met"}`);
    settle(met, failures);
  } finally {
    await browser.close();
    for (const b of builds) await stopBuild(b);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
