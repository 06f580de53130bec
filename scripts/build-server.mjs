// `npm run build:server`: compiles the server to dist/server/main.js (one ESM file, packages left
// to node_modules), so production runs plain JavaScript instead of transpiling TypeScript with tsx
// at every start. The files the server reads beside its modules (migrations, the gazetteer) are
// copied next to it: their paths are `new URL("./…", import.meta.url)`, which in the bundle means
// dist/server/.
import { cpSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "dist/server");

export async function buildServer() {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: [path.join(root, "src/server/main.ts")],
    outfile: path.join(out, "main.js"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
  cpSync(path.join(root, "src/server/db/migrations"), path.join(out, "migrations"), { recursive: true });
  cpSync(path.join(root, "src/server/geo/us-places.json.gz"), path.join(out, "us-places.json.gz"));
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
