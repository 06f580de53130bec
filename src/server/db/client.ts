import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** Both drivers give this type; features depend on it, never on a driver. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** The raw PGlite instance (tests dump and reload it); undefined on PostgreSQL. */
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
}

export const PGLITE_EXTENSIONS = { btree_gist, pg_trgm, cube, earthdistance };

/** Embedded PostgreSQL; `dataDir` undefined keeps it in memory, `loadDataDir` starts from a dump. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<DatabaseHandle> {
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
  });
  const db = drizzlePglite(pglite, { schema, casing: "snake_case" }) as unknown as Database;
  return { db, driver: "pglite", pglite, close: () => pglite.close() };
}

export function openPostgres(url: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => undefined);
  const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Database;
  return { db, driver: "postgres", pool, close: () => pool.end() };
}

/** Runs raw SQL on either driver and returns its rows (both drivers answer `{ rows }`). */
export async function queryRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}
