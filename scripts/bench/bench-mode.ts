// How the benches (npm run bench:*, npm run soak) are run: their sizes from the environment, and
// the smoke mode of `npm run bench:ci`, which runs each at a small size on every CI run so that a
// bench that can no longer seed, start or get answers fails there instead of when someone needs it.
//
// A bench has two kinds of verdict. A failure (a seeding error, a server that does not start, a
// request answered with an error or not at all, a lost write) means it could not measure: it always
// exits 1. A missed performance target exits 1 too, except in smoke mode (BENCH_SMOKE=1): a small
// run on a busy CI machine says nothing about speed, so its table still shows the targets, unjudged.
import { existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import type autocannon from "autocannon";

/** BENCH_SMOKE=1: targets printed, not enforced; failures still fail. */
export const SMOKE = process.env.BENCH_SMOKE === "1";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * A number from the environment, or `fallback` when the variable is unset or empty. Anything else
 * that is not a number ≥ `min` throws: a typo must not quietly measure NaN teachers or 0 seconds.
 */
export function envNumber(name: string, fallback: number, min = 0): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number ≥ ${min}, got "${raw}"`);
  return value;
}

/**
 * What went wrong in an autocannon run, or null: answers other than 2xx, connection errors and
 * timeouts (autocannon counts them, it does not throw), or no answer at all.
 */
export function autocannonFailure(label: string, result: autocannon.Result): string | null {
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    const codes = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith("2"))
      .map(([code, stats]) => `${stats.count ?? 0}× ${code}`);
    return `${label}: ${result.non2xx} non-2xx answers${codes.length ? ` (${codes.join(", ")})` : ""}, ${result.errors} errors, ${result.timeouts} timeouts`;
  }
  if (result["2xx"] === 0) return `${label}: no answer at all`;
  return null;
}

/**
 * Sets the exit code from the run's `failures` (always fatal) and whether the performance targets
 * were met (fatal unless BENCH_SMOKE=1), and says which it was.
 */
export function settle(targetsMet: boolean, failures: readonly string[], smoke = SMOKE, log: (line: string) => void = (line) => console.log(line)): void {
  for (const failure of failures) log(`FAILED: ${failure}`);
  if (smoke && !targetsMet) log("smoke run (BENCH_SMOKE=1): the targets above are printed, not enforced");
  if (failures.length > 0 || (!targetsMet && !smoke)) process.exitCode = 1;
}

/**
 * The web app the server serves (dist/web and its page renderer dist/web-ssr): built with
 * `npm run build`, unless BENCH_SKIP_BUILD=1 says it already was (CI builds once, before the benches).
 */
export function buildWebApp(stdio: "inherit" | ["ignore", "ignore", "inherit"] = "inherit"): void {
  if (process.env.BENCH_SKIP_BUILD === "1") {
    const missing = ["dist/web/index.html", "dist/web-ssr"].filter((file) => !existsSync(path.join(root, file)));
    if (missing.length > 0) throw new Error(`BENCH_SKIP_BUILD=1 but ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} missing: run \`npm run build\` first`);
    return;
  }
  execFileSync(process.execPath, [path.join(root, "scripts/build-web.mjs")], { cwd: root, stdio });
}
