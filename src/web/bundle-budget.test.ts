import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build, type Rolldown } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleReport, entryKey, kb, readManifest, staticClosure, type Manifest } from "../../scripts/bundle-size";

describe("staticClosure", () => {
  const manifest: Manifest = {
    "index.html": { file: "assets/index.js", isEntry: true, imports: ["_react.js"], dynamicImports: ["page.tsx", "dialog.tsx"] },
    "_react.js": { file: "assets/react.js" },
    "page.tsx": { file: "assets/page.js", isDynamicEntry: true, imports: ["_react.js", "_card.js"], dynamicImports: ["dialog.tsx"] },
    "_card.js": { file: "assets/card.js", imports: ["_react.js"] },
    "dialog.tsx": { file: "assets/dialog.js", isDynamicEntry: true, imports: ["_zod.js"] },
    "_zod.js": { file: "assets/zod.js" },
  };

  it.each([
    [["index.html"], ["index.html", "_react.js"]],
    [["index.html", "page.tsx"], ["index.html", "_react.js", "page.tsx", "_card.js"]],
    [["dialog.tsx"], ["dialog.tsx", "_zod.js"]],
  ])("%j needs %j (static imports only, each once)", (roots, expected) => {
    expect(staticClosure(manifest, roots)).toEqual(expected);
  });

  it("names a chunk the manifest lacks", () => {
    expect(() => staticClosure(manifest, ["missing.tsx"])).toThrow('no chunk "missing.tsx"');
  });
});

// The budget is checked on a build of its own (into a temporary folder), so it holds whatever order
// `npm test` runs things in and whether or not dist/web is current. About 10-30 s.
describe("first-load JavaScript budget (gzip)", () => {
  const outDir = mkdtempSync(path.join(tmpdir(), "bundle-budget-"));
  let chunks: Rolldown.OutputChunk[] = [];
  // Read once: it compresses every first-load chunk (seconds on a busy machine, past a test's 5 s).
  let report: ReturnType<typeof bundleReport> = [];
  beforeAll(async () => {
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      const output = await build({ configFile: path.resolve("vite.config.ts"), mode: "production", logLevel: "error", build: { outDir, emptyOutDir: true } });
      chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => ("output" in o ? o.output : [])).filter((c): c is Rolldown.OutputChunk => c.type === "chunk");
      report = bundleReport(outDir);
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  }, 180_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it("the entry and each page stay within their budgets", () => {
    const over = report
      .filter(({ size, budgetKb }) => size.gzipBytes > budgetKb * 1024)
      .map(({ name, size, budgetKb }) => `${name}: ${kb(size.gzipBytes)} KB > ${budgetKb} KB`);
    expect(over).toEqual([]);
  });

  // Issue 24: the browser runs React DOM, never again Preact through aliases; read from the build's own
  // module graph, not from the config.
  it("the first load runs React DOM and React Router's production build, and nothing of Preact", () => {
    const manifest = readManifest(outDir);
    const firstLoad = new Set(staticClosure(manifest, [entryKey(manifest)]).map((key) => manifest[key]!.file));
    const firstLoadModules = chunks.filter((c) => firstLoad.has(c.fileName)).flatMap((c) => c.moduleIds);
    const allModules = chunks.flatMap((c) => c.moduleIds);
    expect(firstLoadModules.some((id) => /node_modules[\\/]react-dom[\\/]/.test(id))).toBe(true);
    expect(firstLoadModules.some((id) => /node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]/.test(id))).toBe(true);
    expect(allModules.filter((id) => /node_modules[\\/]react-router[\\/]dist[\\/]development[\\/]/.test(id))).toEqual([]);
    expect(allModules.filter((id) => /preact/i.test(id))).toEqual([]);
  });

  it("keeps forms, zod and Radix dialogs out of the entry", () => {
    const entry = report.find((r) => r.name === "entry")!;
    const files = entry.size.chunks.map((c) => c.key).join(" ");
    for (const name of ["zod", "schemas", "react-hook-form", "dialog", "Combination"]) expect(files).not.toContain(name);
  });
});
