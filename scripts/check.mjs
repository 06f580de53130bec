// `npm run check`: the type check and the lint side by side (each takes one core for a minute or
// two on this code; in turn they took their sum). Fails if either fails; each prints its own findings.
import { spawn } from "node:child_process";

const run = (name, args) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, args, { stdio: "inherit" });
    child.on("exit", (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`${name}: ${code === 0 ? "clean" : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s`);
      resolve(code === 0);
    });
  });

const results = await Promise.all([
  run("tsc", ["node_modules/typescript/bin/tsc", "--noEmit", "-p", "tsconfig.json"]),
  run("eslint", ["node_modules/eslint/bin/eslint.js", "."]),
]);
process.exit(results.every(Boolean) ? 0 : 1);
