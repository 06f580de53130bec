// Builds the web app or the server only when their sources changed since the last build (a stamp
// of their inputs' hash in the output folder): `npm start`, and the test run that builds the server
// once for its process tests (tests/setup/global-build-server.ts).
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildServer } from "./build-server.mjs";
import { buildWeb } from "./build-web.mjs";

const root = path.resolve(import.meta.dirname, "..");

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
export const buildWebIfChanged = () =>
  buildIfChanged("Web app", "dist/web", ["src/web", "src/shared", "vite.config.ts", "scripts/build-web.mjs", "tsconfig.json", "package-lock.json"], () => buildWeb());

export const buildServerIfChanged = () =>
  buildIfChanged("Server", "dist/server", ["src/server", "src/shared", "scripts/build-server.mjs", "tsconfig.json", "package-lock.json"], buildServer);
