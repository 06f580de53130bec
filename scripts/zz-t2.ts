import { chromium } from "@playwright/test";
import { moduleLocator } from "./bench/main-thread-trace";
const url = process.argv[2]!;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
await cdp.send("Profiler.enable"); await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading", "v8.execute"] });
await cdp.send("Profiler.start");
await page.goto(url, { waitUntil: "load" }); await page.waitForLoadState("networkidle"); await page.waitForTimeout(2000);
const { profile } = (await cdp.send("Profiler.stop")) as any;
const ev = JSON.parse((await browser.stopTracing()).toString()).traceEvents as any[];
await browser.close();
const fcp = ev.find((e) => e.name === "firstContentfulPaint");
const main = (e: any) => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === "X";
console.log("fcp", !!fcp, ev.filter((e) => e.name === "RunTask").length);
const tasks = ev.filter((e) => main(e) && e.name === "RunTask" && e.dur >= 50000 && e.ts >= fcp.ts - 2e6).sort((a, b) => a.ts - b.ts);
const locate = moduleLocator("dist/web");
const nodes = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
const parent = new Map<number, number>(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (id: number) => { const f = nodes.get(id).callFrame; return f.url ? `${locate(f.url, f.lineNumber, f.columnNumber)}` : f.functionName; };
for (const t of tasks) {
  const by = new Map<string, number>(); const incl = new Map<string, number>();
  let ts = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) { ts += profile.timeDeltas[i]; if (ts < t.ts || ts >= t.ts + t.dur) continue; const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const k = label(profile.samples[i]) + ":" + nodes.get(profile.samples[i]).callFrame.functionName + "@" + nodes.get(profile.samples[i]).callFrame.columnNumber; by.set(k, (by.get(k) ?? 0) + ms);
    const seen = new Set<string>(); let id: number | undefined = profile.samples[i];
    while (id !== undefined) { const f = nodes.get(id).callFrame; const kk = `${label(id)}:${f.functionName}`; if (/src\//.test(kk) && !seen.has(kk)) { seen.add(kk); incl.set(kk, (incl.get(kk) ?? 0) + ms); } id = parent.get(id); } }
  const kids = ev.filter((e) => main(e) && e.ts >= t.ts && e.ts < t.ts + t.dur && e !== t && e.dur > 5000 && e.name !== "ThreadControllerImpl::RunTask").map((e) => `${e.name} ${Math.round(e.dur / 1000)}`).slice(0, 8);
  console.log(`task ${((t.ts - fcp.ts) / 1000).toFixed(0)} ${(t.dur / 1000).toFixed(0)} ms [${kids.join(", ")}]\n  self: ` + [...by].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(" | ") + "\n  app incl: " + [...incl].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(" | "));
}
