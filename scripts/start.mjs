// `npm start`: builds the web app and compiles the server only when their sources changed since
// the last build, then starts the compiled server. A second start of an unchanged checkout goes
// straight to the server.
import { spawn } from "node:child_process";
import path from "node:path";
import { buildServerIfChanged, buildWebIfChanged } from "./build-if-changed.mjs";
import { serverLaunch } from "./server-launch.mjs";

const root = path.resolve(import.meta.dirname, "..");
// Vite's build sets process.env.NODE_ENV=production in this process; the server must get the
// environment the user started us with (a first start would otherwise demand AUTH_SECRET).
const startEnv = { ...process.env };

await buildWebIfChanged().catch((error) => {
  console.error(error);
  process.exit(1);
});
await buildServerIfChanged();

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
