// npm run check:bundle: after `vite build`, prints each page's first-load JavaScript (gzip) chunk by
// chunk and exits 1 when the entry or a page is over its budget (issue 16 item 2).
import path from "node:path";
import { bundleReport, kb, TARGETS_KB } from "./bundle-size";

const outDir = path.resolve(process.argv[2] ?? "dist/web");
let over = 0;
for (const { name, size, budgetKb } of bundleReport(outDir)) {
  const ok = size.gzipBytes <= budgetKb * 1024;
  if (!ok) over++;
  const target = TARGETS_KB[name];
  const targetNote = target ? `; ${kb(size.brotliBytes)} KB brotli, issue 24 target ${target} KB ${size.brotliBytes <= target * 1024 ? "met" : "not met"}` : "";
  console.log(`\n${name}: ${kb(size.gzipBytes)} KB gzip (budget ${budgetKb} KB ${ok ? "ok" : "OVER BUDGET"}${targetNote})`);
  for (const c of [...size.chunks].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(`  ${kb(c.gzipBytes).padStart(7)} KB  ${c.file}  (${c.key})`);
  }
}
if (over) {
  console.error(`\n${over} bundle budget(s) exceeded`);
  process.exit(1);
}
