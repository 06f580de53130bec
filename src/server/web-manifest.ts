// Vite's build manifest (dist/web/.vite/manifest.json, `build.manifest: true`): which chunks a page
// needs. Read by the server (modulepreload links for landing pages) and by the bundle budget.

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Manifest keys of `roots` and everything they import statically, in visiting order. */
export function staticClosure(manifest: Manifest, roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk "${key}"`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  roots.forEach(visit);
  return [...seen];
}

export function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry chunk in the manifest, found ${entries.length}`);
  return entries[0]![0];
}

/**
 * The files a route module needs beyond what index.html already loads (the entry and its static
 * imports, which Vite writes into the page), as URL paths.
 */
export function routeChunkFiles(manifest: Manifest, module: string): string[] {
  const loaded = new Set(staticClosure(manifest, [entryKey(manifest)]));
  return staticClosure(manifest, [module])
    .filter((key) => !loaded.has(key))
    .map((key) => `/${manifest[key]!.file}`);
}
