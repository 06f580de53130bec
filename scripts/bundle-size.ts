// The JavaScript a page needs before it can paint, read from Vite's build manifest
// (dist/web/.vite/manifest.json, `build.manifest: true`).
//
// A page needs the entry chunk (index.html's script), the page's route module (the router's lazy
// import) and every chunk either of them imports statically, transitively. Dynamic imports (dialogs,
// forms, other routes) are left out: they load when opened or on idle, not for the first paint.
// Sizes are gzip level 9, as the server sends them (the build writes the same .gz files).
import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { entryKey, staticClosure, type Manifest } from "../src/server/web-manifest";
import { LANDING_PAGES } from "../src/shared/landing-pages";

export { entryKey, staticClosure, type Manifest } from "../src/server/web-manifest";

/**
 * Enforced budgets (KB = 1024 bytes, gzip): what the build achieves now plus about 3 KB, so any growth
 * fails the test. The entry's frame chunk is React DOM (~60 KB), React Router (~33 KB), TanStack Query
 * (~12 KB) and the app frame; everything else loads per route or on use.
 */
export const BUDGETS_KB = {
  /** Entry chunk plus its static imports: the frame every page shares (top bar, router, query client). */
  entry: 121,
  "/": 128,
  "/find-teachers": 130,
  "/teacher/profile/:teacherId": 131,
} as const;

/**
 * Issue 24's targets for the JavaScript a phone downloads (brotli, as served), printed next to the
 * budgets; `npm run bench:web` measures the same on the wire, response headers included.
 */
export const TARGETS_KB: Partial<Record<keyof typeof BUDGETS_KB, number>> = {
  "/": 115,
  "/find-teachers": 125,
  "/teacher/profile/:teacherId": 125,
};

/** The route modules the pages load (keys of the manifest, relative to the Vite root src/web). */
export const PAGE_MODULES = Object.fromEntries(LANDING_PAGES.map((page) => [page.path, page.module]));

export interface ChunkSize {
  key: string;
  file: string;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export interface PageSize {
  chunks: ChunkSize[];
  gzipBytes: number;
  brotliBytes: number;
}

/** Sizes of the chunks `roots` need, read from the built files under `outDir`. */
export function measure(manifest: Manifest, roots: string[], sizeOf: (file: string) => { bytes: number; gzipBytes: number; brotliBytes: number }): PageSize {
  const chunks = staticClosure(manifest, roots).map((key) => ({ key, file: manifest[key]!.file, ...sizeOf(manifest[key]!.file) }));
  return { chunks, gzipBytes: chunks.reduce((sum, c) => sum + c.gzipBytes, 0), brotliBytes: chunks.reduce((sum, c) => sum + c.brotliBytes, 0) };
}

export function fileSizer(outDir: string) {
  const cache = new Map<string, { bytes: number; gzipBytes: number; brotliBytes: number }>();
  return (file: string) => {
    let size = cache.get(file);
    if (!size) {
      const body = readFileSync(path.join(outDir, file));
      size = { bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length, brotliBytes: brotliCompressSync(body).length };
      cache.set(file, size);
    }
    return size;
  };
}

export function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(outDir, ".vite", "manifest.json"), "utf8")) as Manifest;
}

export type BudgetName = keyof typeof BUDGETS_KB;

/** The entry's frame and each page's first-load JavaScript, with its budget. */
export function bundleReport(outDir: string): { name: BudgetName; size: PageSize; budgetKb: number }[] {
  const manifest = readManifest(outDir);
  const sizer = fileSizer(outDir);
  const entry = entryKey(manifest);
  return [
    { name: "entry" as const, size: measure(manifest, [entry], sizer), budgetKb: BUDGETS_KB.entry },
    ...Object.entries(PAGE_MODULES).map(([page, module]) => ({
      name: page as BudgetName,
      size: measure(manifest, [entry, module], sizer),
      budgetKb: BUDGETS_KB[page as BudgetName],
    })),
  ];
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
