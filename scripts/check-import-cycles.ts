/**
 * No import circle between the app's files (server, shared, web), type imports included (issue 38): `import-x/no-cycle`
 * skips `import type`, yet a circle of types still ties files together (one cannot be read, moved or
 * split without the others). TypeScript itself lists and resolves each file's imports; this finds
 * the strongly connected components of that graph (Tarjan) and prints each circle.
 *
 *   npx tsx scripts/check-import-cycles.ts [folder …]   (default: src/server src/shared src/web)
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const roots = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["src/server", "src/shared", "src/web"];
const tsconfig = ts.readConfigFile("tsconfig.json", (file) => ts.sys.readFile(file)).config as object;
const { options } = ts.parseJsonConfigFileContent(tsconfig, ts.sys, process.cwd());

const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith(".d.ts");
const files = roots.flatMap((root) =>
  readdirSync(root, { recursive: true, encoding: "utf8" })
    .map((file) => path.resolve(root, file))
    .filter(isSource),
);
const inScope = new Set(files);

const edges = new Map<string, string[]>();
for (const file of files) {
  const imported = ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles;
  const targets = imported
    .map(({ fileName }) => ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName)
    .filter((target): target is string => target !== undefined && inScope.has(path.resolve(target)))
    .map((target) => path.resolve(target));
  edges.set(file, [...new Set(targets)]);
}

// Tarjan's strongly connected components: each component of more than one file is a circle.
const order = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const circles: string[][] = [];
function visit(file: string) {
  order.set(file, order.size);
  low.set(file, order.get(file)!);
  stack.push(file);
  onStack.add(file);
  for (const next of edges.get(file) ?? []) {
    if (!order.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file)!, low.get(next)!));
    } else if (onStack.has(next)) {
      low.set(file, Math.min(low.get(file)!, order.get(next)!));
    }
  }
  if (low.get(file) === order.get(file)) {
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) circles.push(component);
  }
}
for (const file of files) if (!order.has(file)) visit(file);

const shown = (file: string) => path.relative(process.cwd(), file);
for (const circle of circles) {
  console.error(`Import circle of ${circle.length} files (types included):`);
  for (const file of circle.sort()) {
    const inCircle = (edges.get(file) ?? []).filter((next) => circle.includes(next));
    console.error(`  ${shown(file)} -> ${inCircle.map(shown).join(", ")}`);
  }
}
if (circles.length > 0) {
  console.error("Break each circle: move the shared part down (a *.types.ts, src/shared), or import the other way.");
  process.exit(1);
}
console.log(`No import circle among ${files.length} files of ${roots.join(", ")}.`);
