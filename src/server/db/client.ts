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

/**
 * PostgreSQL settings of the embedded database (issue 30, memory). PGlite's WebAssembly memory
 * never shrinks, and PostgreSQL's default 128 MB of shared buffers is touched at start: on the
 * demo data the embedded server held about 575 MB. 16 MB of buffers hold an embedded community's
 * working set (its pages are read from the OS cache when they are not), and index builds during
 * migrations are held to 16 MB. `npm run bench:memory` measures the result.
 */
export const PGLITE_SETTINGS = { shared_buffers: "16MB", maintenance_work_mem: "16MB" } as const;
const pgliteStartParams = [...PGlite.defaultStartParams, ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`])];

/** Embedded PostgreSQL; `dataDir` undefined keeps it in memory, `loadDataDir` starts from a dump. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<DatabaseHandle> {
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
    startParams: pgliteStartParams,
  });
  const db = drizzlePglite(pglite, { schema, casing: "snake_case" }) as unknown as Database;
  return { db, driver: "pglite", pglite, close: () => pglite.close() };
}

/**
 * Sessions that keep one generic plan per prepared statement and never start parallel workers:
 * for the few statements whose text already fixes the plan (the search pages, search.repo.ts),
 * so PostgreSQL skips planning them, which otherwise costs as much as running them.
 */
const GENERIC_PLAN_OPTIONS = "-c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0";
const genericPlanPools = new WeakMap<object, pg.Pool>();

export function openPostgres(url: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  const genericPlanPool = new pg.Pool({ connectionString: url, max: Math.min(4, options.max ?? 10), options: GENERIC_PLAN_OPTIONS });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => undefined);
  genericPlanPool.on("error", () => undefined);
  genericPlanPools.set(pool, genericPlanPool);
  const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    driver: "postgres",
    pool,
    close: async () => {
      await Promise.all([pool.end(), genericPlanPool.end()]);
    },
  };
}

/** The PostgreSQL pools behind a database (not a transaction), or undefined on PGlite. */
export function postgresPoolsOf(db: Executor): { pool: pg.Pool; genericPlanPool: pg.Pool } | undefined {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return undefined;
  const genericPlanPool = genericPlanPools.get(pool);
  return genericPlanPool ? { pool, genericPlanPool } : undefined;
}

/** The PGlite instance behind a database (not a transaction), or undefined on PostgreSQL. */
export function pgliteOf(db: Executor): PGlite | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : undefined;
}

/** Runs raw SQL on either driver and returns its rows (both drivers answer `{ rows }`). */
export async function queryRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}
