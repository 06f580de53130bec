import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite } from "../../src/server/db/client";
import { runMigrations } from "../../src/server/db/migrate";

/**
 * Creating and migrating a PGlite costs seconds; do it once, dump the data directory, and let
 * every test file start its own instance from the dump (about half a second).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "mlm-pglite-"));
  const handle = await openPglite();
  await runMigrations(handle);
  const dump = await handle.pglite!.dumpDataDir("none");
  const file = path.join(dir, "migrated.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide("pgliteDump", file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDump: string;
    /** The PostgreSQL server's admin URL (TEST_DATABASE_URL): tests that make databases of their own. */
    postgresAdminUrl: string;
    /** The run's migrated database that each test file copies (tests/fixtures/file-database.ts). */
    postgresTemplate: string;
  }
}
