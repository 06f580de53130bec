import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleReport, kb, staticClosure, type Manifest } from "../../scripts/bundle-size";

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
  beforeAll(async () => {
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      await build({ configFile: path.resolve("vite.config.ts"), mode: "production", logLevel: "error", build: { outDir, emptyOutDir: true } });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  }, 180_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it("the entry and each page stay within their budgets", () => {
    const over = bundleReport(outDir)
      .filter(({ size, budgetKb }) => size.gzipBytes > budgetKb * 1024)
      .map(({ name, size, budgetKb }) => `${name}: ${kb(size.gzipBytes)} KB > ${budgetKb} KB`);
    expect(over).toEqual([]);
  });

  it("keeps forms, zod and Radix dialogs out of the entry", () => {
    const entry = bundleReport(outDir).find((r) => r.name === "entry")!;
    const files = entry.size.chunks.map((c) => c.key).join(" ");
    for (const name of ["zod", "schemas", "react-hook-form", "dialog", "Combination"]) expect(files).not.toContain(name);
  });
});
