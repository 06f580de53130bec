// `npm start`: builds the web app and compiles the server only when their sources changed since
// the last build, then starts the compiled server. A second start of an unchanged checkout goes
// straight to the server.
import { createHash } from "node:crypto";
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildServer } from "./build-server.mjs";
import { buildWeb } from "./build-web.mjs";
import { serverLaunch } from "./server-launch.mjs";

const root = path.resolve(import.meta.dirname, "..");
// Vite's build sets process.env.NODE_ENV=production in this process; the server must get the
// environment the user started us with (a first start would otherwise demand AUTH_SECRET).
const startEnv = { ...process.env };

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name));
  } else {
    yield entry;
  }
}

function sourcesHash(inputs) {
  const hash = createHash("sha256");
  for (const input of inputs) {
    for (const file of files(input)) {
      hash.update(file);
      hash.update(readFileSync(path.join(root, file)));
    }
  }
  return hash.digest("hex");
}

/** Runs `build` unless the stamp in `dir` says it already ran on these exact inputs. */
async function buildIfChanged(name, dir, inputs, build) {
  const stampFile = path.join(root, dir, ".build-stamp");
  const wanted = sourcesHash(inputs);
  const built = existsSync(stampFile) ? readFileSync(stampFile, "utf8").trim() : "";
  if (built === wanted) {
    console.log(`${name} is up to date (${dir}); skipping the build.`);
    return;
  }
  await build();
  writeFileSync(stampFile, `${wanted}\n`);
}

// Everything the web build reads: its sources (src/web and the shared code it imports), its
// configuration and the installed package versions.
await buildIfChanged("Web app", "dist/web", ["src/web", "src/shared", "vite.config.ts", "scripts/build-web.mjs", "tsconfig.json", "package-lock.json"], () =>
  buildWeb().catch((error) => {
    console.error(error);
    process.exit(1);
  }),
);
await buildIfChanged("Server", "dist/server", ["src/server", "src/shared", "scripts/build-server.mjs", "tsconfig.json", "package-lock.json"], buildServer);

// The server replaces this process's role: signals reach it, its exit code is ours. npm runs this
// script through `exec` (package.json), so a supervisor's SIGTERM to npm reaches this process
// and not only the shell between them.
const launch = serverLaunch(startEnv);
const server = spawn(process.execPath, [...launch.flags, "--enable-source-maps", "dist/server/main.js"], { cwd: root, stdio: "inherit", env: launch.env });
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => server.kill(signal));
// If whoever started us dies without a signal reaching us (kill -9 of npm), we are re-parented:
// stop the server rather than leave it serving the port, orphaned.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) server.kill("SIGTERM");
}, 1000).unref();
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 + (signalNumber(signal) ?? 0) : 0)));

function signalNumber(signal) {
  return { SIGHUP: 1, SIGINT: 2, SIGTERM: 15, SIGKILL: 9 }[signal];
}
