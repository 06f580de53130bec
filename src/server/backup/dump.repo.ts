import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { DatabaseHandle } from "../db/client";
import { MIGRATIONS_FOLDER } from "../db/migrate";
import { BATCH_ROWS, nonEmptyTargetTables, pgliteQueryable, pgQueryable, quoteIdent, SELF_REFERENCE_ORDER, writableColumns, type Queryable } from "../db/move-to-postgres";
import type { Manifest } from "./backup-manifest";

/**
 * One transaction on either driver, for the backup's snapshot and the restore's load. On PGlite a
 * transaction holds the only connection, so the running server's queries wait for it to end: the
 * backup keeps that short (rows to temporary files, uploads hard-linked), see create-backup.ts.
 */
export type InTransaction = <T>(fn: (db: Queryable) => Promise<T>) => Promise<T>;

export function pgliteTransaction(pglite: PGlite): InTransaction {
  return (fn) => pglite.transaction((tx) => fn(pgliteQueryable(tx)));
}

/** A pg client in `begin <mode>` … commit, rolled back when fn throws. */
export async function inPgTransaction<T>(client: pg.ClientBase, mode: string, fn: (db: Queryable) => Promise<T>): Promise<T> {
  await client.query(`begin ${mode}`);
  try {
    const result = await fn(pgQueryable(client));
    await client.query("commit");
    return result;
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  }
}

/** A transaction on a migrated handle of either driver. */
export function handleTransaction(handle: DatabaseHandle): InTransaction {
  if (handle.pglite) return pgliteTransaction(handle.pglite);
  return async (fn) => {
    const client = await handle.pool!.connect();
    try {
      return await inPgTransaction(client, "", fn);
    } finally {
      client.release();
    }
  };
}

/** The tag drizzle-kit gave a migration (`0014_invoices`), from the committed journal. */
export function migrationTag(id: number): string | undefined {
  try {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: { when: number; tag: string }[] };
    return journal.entries.find((e) => e.when === id)?.tag;
  } catch {
    return undefined;
  }
}

/** Identity and serial columns of a table with their sequence (qualified name). */
export async function sequencesOf(db: Queryable, table: string): Promise<{ column: string; seq: string }[]> {
  const { rows } = await db.query<{ column: string; seq: string }>(
    `select a.attname as column, pg_get_serial_sequence(format('public.%I', c.relname), a.attname) as seq
       from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relname = $1 and c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
        and pg_get_serial_sequence(format('public.%I', c.relname), a.attname) is not null`,
    [table],
  );
  return rows;
}

/** One table's rows, in text form, to an ndjson file; with their count and the file's sha256. */
export async function dumpTable(db: Queryable, table: string, file: string): Promise<Manifest["tables"][number]> {
  const columns = (await writableColumns(db, table)).map(({ name, type }) => ({ name, type }));
  const hash = createHash("sha256");
  const handle = await open(file, "wx", 0o600);
  let rows = 0;
  try {
    if (columns.length > 0) {
      const cursor = `backup_${table.replace(/\W/g, "_")}`;
      await db.query(
        `declare ${cursor} no scroll cursor for select ${columns.map((c) => `${quoteIdent(c.name)}::text`).join(", ")} from public.${quoteIdent(table)} ${SELF_REFERENCE_ORDER[table] ?? ""}`,
      );
      for (;;) {
        const batch = await db.query<Record<string, string | null>>(`fetch ${BATCH_ROWS} from ${cursor}`);
        if (batch.rows.length === 0) break;
        const chunk = batch.rows.map((row) => `${JSON.stringify(Object.values(row))}\n`).join("");
        hash.update(chunk);
        await handle.write(chunk);
        rows += batch.rows.length;
      }
      await db.query(`close ${cursor}`);
    }
  } finally {
    await handle.close();
  }
  return { name: table, columns, rows, sha256: hash.digest("hex") };
}

/**
 * Where each sequence must continue: the greater of its own position and the largest value in its
 * column, so a restored server never hands out an id the backed-up one had (a live event id, say).
 */
export async function sequenceValues(db: Queryable, table: string): Promise<Manifest["sequences"]> {
  const values: Manifest["sequences"] = [];
  for (const { column, seq } of await sequencesOf(db, table)) {
    const position = (await db.query<{ v: string | null }>(`select case when is_called then last_value::text end as v from ${seq}`)).rows[0]?.v ?? null;
    const max = (await db.query<{ v: string | null }>(`select max(${quoteIdent(column)})::text as v from public.${quoteIdent(table)}`)).rows[0]?.v ?? null;
    const candidates = [position, max].filter((v): v is string => v !== null).map(BigInt);
    if (candidates.length > 0) values.push({ table, column, value: candidates.reduce((a, b) => (a > b ? a : b)).toString() });
  }
  return values;
}


/** Snapshots of PostgreSQL: one REPEATABLE READ READ ONLY transaction on a connection of its own. */
export function postgresSnapshot(url: string): InTransaction {
  return async (fn) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await inPgTransaction(client, "isolation level repeatable read read only", fn);
    } finally {
      await client.end();
    }
  };
}

/** Runs one statement on its own connection (create and drop a scratch database). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The tables of a PostgreSQL database holding rows the migrations do not write. */
export async function nonEmptyPostgresTables(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await nonEmptyTargetTables(pgQueryable(client));
  } finally {
    await client.end();
  }
}

export async function isSuperuser(db: Queryable): Promise<boolean> {
  return (await db.query<{ s: boolean }>("select rolsuper as s from pg_roles where rolname = current_user")).rows[0]?.s === true;
}
