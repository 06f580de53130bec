import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../tests/fixtures/server-process";

const root = fileURLToPath(new URL("../..", import.meta.url));
const leftovers: number[] = [];
afterAll(() => {
  for (const pid of leftovers) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

/** Every process below `pid` (children, grandchildren …), from ps. */
function descendants(pid: number): number[] {
  const out = execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" });
  const pairs = out
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of pairs) {
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("npm start under a supervisor", () => {
  // What a newcomer runs on a fresh clone (it builds the web app and the server when they changed),
  // then what a supervisor does to stop it: SIGTERM to npm's own process.
  it("serves, and SIGTERM to npm stops the server gracefully: npm exits 0 and nothing is left running", async () => {
    const port = await freePort();
    // Vitest runs with NODE_ENV=test; a user's shell has none.
    const { NODE_ENV: _ignored, ...env } = process.env;
    const npm = spawn("npm", ["start"], {
      cwd: root,
      env: { ...env, PORT: String(port), DATA_DIR: mkdtempSync(path.join(tmpdir(), "npm-start-")), SEED_DEMO: "false", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    leftovers.push(npm.pid!);
    let output = "";
    npm.stdout.on("data", (d: Buffer) => (output += d.toString()));
    npm.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      npm.once("exit", (code, signal) => resolve({ code, signal })),
    );

    const deadline = Date.now() + 280_000;
    let healthy = false;
    while (!healthy && Date.now() < deadline && npm.exitCode === null) {
      healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
      if (!healthy) await new Promise((r) => setTimeout(r, 500));
    }
    expect(healthy, output.slice(-2000)).toBe(true);

    const below = descendants(npm.pid!);
    leftovers.push(...below);
    expect(below.length).toBeGreaterThanOrEqual(2); // start.mjs and the server (and maybe a shell)

    const signalled = Date.now();
    npm.kill("SIGTERM");
    const result = await exited;
    expect(Date.now() - signalled).toBeLessThan(12_000);
    expect(result, output.slice(-2000)).toEqual({ code: 0, signal: null });
    // No process of ours survives (a helper such as esbuild's service ends when its parent has
    // gone, so allow a moment), and the port is free. Exit code 0 is the graceful path: the
    // server's 10 s timeout exits 1.
    const until = Date.now() + 5_000;
    while (below.some(alive) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(below.filter(alive)).toEqual([]);
    expect(await fetch(`http://127.0.0.1:${port}/api/health`).then(() => "answered", () => "refused")).toBe("refused");
  }, 300_000);
});
