import { fileURLToPath } from "node:url";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { DatabaseHandle } from "./client";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

// Any constant works; it only has to be the same for every process of this app.
const MIGRATION_LOCK_KEY = 7_301_998;

/** Applies the committed migrations. On PostgreSQL an advisory lock lets several processes start at once. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.driver === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const client = await handle.pool!.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
