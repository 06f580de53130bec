// The builds `npm run bench:web` measures: this working tree's, and with `-- --against <commit>` a
// second one made from that commit, so that a change is measured beside its base in one run on one
// machine (issue 43). Each build runs its own compiled server on a fresh data directory with the
// demo seed, as a newcomer's `npm start` would.
//
// The commit's files are exported with `git archive` into /tmp/mlm-bench-web-<sha> (no worktree is
// registered in the repository); its node_modules is a link to this tree's when its package-lock.json
// is the same, else `npm ci` installs its own. The directory is kept and reused by later runs against
// the same commit (its build is redone each time: a build is a few seconds).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { serverLaunch } from "../server-launch.mjs";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export interface WebBuild {
  /** "this tree" or the commit's short hash. */
  label: string;
  root: string;
}

export interface RunningBuild extends WebBuild {
  base: string;
  child: ChildProcess;
  dataDir: string;
}

const log = (...args: unknown[]) => console.error("[bench:web]", ...args);

function git(args: string[]): string {
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
}

/** The commit's files in a directory of their own, with node_modules in place. */
export function checkoutCommit(commit: string): WebBuild {
  const sha = git(["rev-parse", "--verify", `${commit}^{commit}`]);
  const short = sha.slice(0, 7);
  const dir = path.join(tmpdir(), `mlm-bench-web-${sha}`);
  if (!existsSync(path.join(dir, "package.json"))) {
    log(`exporting ${short} into ${dir}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execFileSync("sh", ["-c", `git archive --format=tar ${sha} | tar -x -C "${dir}"`], { cwd: ROOT, stdio: "inherit" });
  }
  if (!existsSync(path.join(dir, "node_modules"))) {
    const sameLock = readFileSync(path.join(dir, "package-lock.json"), "utf8") === readFileSync(path.join(ROOT, "package-lock.json"), "utf8");
    if (sameLock) {
      symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    } else {
      log(`${short}'s package-lock.json differs from this tree's: npm ci there`);
      execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir, stdio: "inherit" });
    }
  }
  return { label: short, root: dir };
}

/**
 * Builds the tree's web app and server. `sourcemaps`: the browser's build also writes hidden source
 * maps (.map files, no reference in the chunks) for the main-thread trace to name modules by.
 */
export function buildTree(build: WebBuild, { web = true, sourcemaps }: { web?: boolean; sourcemaps: boolean }): void {
  log(`building ${build.label} (${web ? `web app${sourcemaps ? " with hidden source maps" : ""}, page renderer, ` : ""}server)…`);
  const stdio = ["ignore", "ignore", "inherit"] as const;
  if (!web) {
    // BENCH_SKIP_BUILD=1: the web app of an earlier `npm run build`.
  } else if (sourcemaps) {
    // scripts/build-web.mjs's two builds, the browser's with `sourcemap: "hidden"` merged into the
    // config (errors only: Tailwind's CSS transform warns that it has no source map, which is so).
    const script = `
      import { build } from "vite";
      const configFile = "vite.config.ts";
      await build({ configFile, mode: "production", logLevel: "error", build: { sourcemap: "hidden" } });
      await build({ configFile, mode: "production", logLevel: "warn", build: { ssr: "ssr/entry-server.tsx" } });`;
    execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: build.root, stdio: [...stdio] });
  } else {
    execFileSync(process.execPath, ["scripts/build-web.mjs"], { cwd: build.root, stdio: [...stdio] });
  }
  execFileSync(process.execPath, ["scripts/build-server.mjs"], { cwd: build.root, stdio: [...stdio] });
}

/** Starts the tree's compiled server on `port` and waits for /api/health. */
export async function startBuild(build: WebBuild, port: number): Promise<RunningBuild> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "mlm-bench-web-data-"));
  // As `npm start` runs it (no NODE_ENV): the demo seed gives the pages real content.
  const env = { ...process.env, NODE_ENV: undefined, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}`, SEED_DEMO: "true", LOG_LEVEL: "warn" };
  const launch = serverLaunch(env);
  const child = spawn(process.execPath, [...launch.flags, "--enable-source-maps", "dist/server/main.js"], { cwd: build.root, env: launch.env, stdio: ["ignore", "ignore", "inherit"] });
  const running = { ...build, base: `http://localhost:${port}`, child, dataDir };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${build.label}: the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${running.base}/api/health`)).ok) return running;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopBuild(running);
  throw new Error(`${build.label}: the server did not answer /api/health within 120 s`);
}

export async function stopBuild(build: RunningBuild): Promise<void> {
  if (build.child.exitCode === null) {
    const exited = new Promise((resolve) => build.child.once("exit", resolve));
    build.child.kill("SIGTERM");
    await exited;
  }
  rmSync(build.dataDir, { recursive: true, force: true });
}
