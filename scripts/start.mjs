// `npm start`: builds the web app only when its sources changed since the last build, then starts
// the server. A second start of an unchanged checkout goes straight to the server.
import { createHash } from "node:crypto";
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const stampFile = path.join(root, "dist/web/.build-stamp");
// Everything the web build reads: its sources (src/web and the shared code it imports), its
// configuration and the installed package versions.
const inputs = ["src/web", "src/shared", "vite.config.ts", "tsconfig.json", "package-lock.json"];

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name));
  } else {
    yield entry;
  }
}

function sourcesHash() {
  const hash = createHash("sha256");
  for (const input of inputs) {
    for (const file of files(input)) {
      hash.update(file);
      hash.update(readFileSync(path.join(root, file)));
    }
  }
  return hash.digest("hex");
}

const wanted = sourcesHash();
const built = existsSync(stampFile) && existsSync(path.join(root, "dist/web/index.html")) ? readFileSync(stampFile, "utf8").trim() : "";
if (built === wanted) {
  console.log("Web app is up to date (dist/web); skipping the build.");
} else {
  const result = spawnSync("npx", ["vite", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, `${wanted}\n`);
}

// The server replaces this process's role: signals reach it, its exit code is ours.
const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
