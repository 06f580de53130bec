import { createReadStream } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { DatabaseHandle } from "../db/client";
import { MIGRATIONS_FOLDER, runMigrations } from "../db/migrate";
import { BATCH_ROWS, latestMigration, MAX_PARAMETERS, MIGRATION_ROWS, publicTables, quoteIdent, writableColumns, type Queryable } from "../db/move-to-postgres";
import { BackupError, type Manifest } from "./backup-manifest";
import { handleTransaction, migrationTag } from "./dump.repo";

/**
 * A backup restores into the schema it was taken from: the newest migration of this version must
 * be the backup's. (An older backup: restore it with the app version that made it, start that
 * server once on it, then upgrade as usual; migrations move the data forward.)
 */
export function checkSameMigration(manifest: Manifest): void {
  const newest = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).at(-1)!.folderMillis;
  if (manifest.migration.id === newest) return;
  const theirs = manifest.migration.tag ?? String(manifest.migration.id);
  const ours = migrationTag(newest) ?? String(newest);
  throw new BackupError(
    `The backup was made by version ${manifest.appVersion} at migration ${theirs}; this version is at ${ours}. ` +
      `Restore it with version ${manifest.appVersion} of the app (then upgrade as usual).`,
  );
}

/**
 * Migrates the (empty) database, then in ONE transaction loads every table parents first from the
 * ndjson files and moves the sequences on. As db:move-to-postgres does: user triggers disabled
 * (the rating and search-card triggers would otherwise recount what the rows already hold),
 * foreign keys checked, values cast back from their text forms. `skipForeignKeys` (verify only,
 * superuser only) loads in replica mode so that violations are counted afterwards instead of
 * stopping the load at the first.
 */
export async function loadRows(handle: DatabaseHandle, manifest: Manifest, tablesDir: string, options: { skipForeignKeys?: boolean } = {}): Promise<void> {
  checkSameMigration(manifest);
  await runMigrations(handle);
  await handleTransaction(handle)(async (db) => {
    await db.query("set local timezone = 'UTC'");
    const migrated = await latestMigration(db);
    if (migrated !== manifest.migration.id) throw new BackupError(`The target database is at migration ${migrated}, the backup at ${manifest.migration.id}.`);
    const present = new Set(await publicTables(db));
    const expected = new Set(manifest.tables.map((t) => t.name));
    const differ = [...present].filter((t) => !expected.has(t)).concat([...expected].filter((t) => !present.has(t)));
    if (differ.length > 0) throw new BackupError(`The backup's tables differ from this version's: ${differ.join(", ")}.`);

    if (options.skipForeignKeys) await db.query("set local session_replication_role = replica");
    else for (const table of manifest.tables) await db.query(`alter table public.${quoteIdent(table.name)} disable trigger user`);
    for (const table of manifest.tables) await loadTable(db, table, path.join(tablesDir, `${table.name}.ndjson`));
    for (const { table, column, value } of manifest.sequences) {
      await db.query(`select setval(pg_get_serial_sequence(format('public.%I', $1::text), $2), $3::bigint, true)`, [table, column, value]);
    }
    if (!options.skipForeignKeys) for (const table of manifest.tables) await db.query(`alter table public.${quoteIdent(table.name)} enable trigger user`);
  });
}

async function loadTable(db: Queryable, table: Manifest["tables"][number], file: string): Promise<void> {
  const actual = (await writableColumns(db, table.name)).map((c) => `${c.name} ${c.type}`);
  const expected = table.columns.map((c) => `${c.name} ${c.type}`);
  if (actual.join(", ") !== expected.join(", ")) {
    throw new BackupError(`The table ${table.name} has other columns here than in the backup:\n  backup: ${expected.join(", ")}\n  here:   ${actual.join(", ")}`);
  }
  // Migration-written rows (the search_state singleton) give way to the backup's own.
  if (MIGRATION_ROWS[table.name]) await db.query(`delete from public.${quoteIdent(table.name)}`);
  if (table.columns.length === 0) return;
  const columnList = table.columns.map((c) => quoteIdent(c.name)).join(", ");
  const batchSize = Math.max(1, Math.min(BATCH_ROWS, Math.floor(MAX_PARAMETERS / table.columns.length)));
  // OVERRIDING SYSTEM VALUE: identity ALWAYS columns take the backed-up ids (harmless on others).
  const insert = async (rows: (string | null)[][]) => {
    const params: (string | null)[] = [];
    const tuples = rows.map((row) => `(${table.columns.map((c, i) => `$${params.push(row[i] ?? null)}::${c.type}`).join(", ")})`);
    await db.query(`insert into public.${quoteIdent(table.name)} (${columnList}) overriding system value values ${tuples.join(", ")}`, params);
  };
  let batch: (string | null)[][] = [];
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === "") continue;
    const row = JSON.parse(line) as unknown;
    if (!Array.isArray(row) || row.length !== table.columns.length || !row.every((v) => v === null || typeof v === "string")) {
      throw new BackupError(`A row of ${table.name} in the backup is malformed.`);
    }
    batch.push(row as (string | null)[]);
    if (batch.length >= batchSize) {
      await insert(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await insert(batch);
}

export interface ForeignKeyViolation {
  constraint: string;
  table: string;
  rows: number;
}

/**
 * Rows whose foreign key names a missing parent, for every foreign key of the public schema
 * (MATCH SIMPLE: a key with a null column references nothing).
 */
export async function foreignKeyViolations(db: Queryable): Promise<{ checked: number; violations: ForeignKeyViolation[] }> {
  const { rows: keys } = await db.query<{ name: string; child: string; parent: string; child_cols: string[]; parent_cols: string[] }>(
    `select k.conname::text as name, c.relname::text as child, p.relname::text as parent,
            array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as child_cols,
            array(select a.attname::text from unnest(k.confkey) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i) as parent_cols
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and c.relnamespace = 'public'::regnamespace
      order by c.relname, k.conname`,
  );
  const violations: ForeignKeyViolation[] = [];
  for (const key of keys) {
    const notNull = key.child_cols.map((col) => `c.${quoteIdent(col)} is not null`).join(" and ");
    const matches = key.child_cols.map((col, i) => `p.${quoteIdent(key.parent_cols[i]!)} = c.${quoteIdent(col)}`).join(" and ");
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.${quoteIdent(key.child)} c where ${notNull} and not exists (select 1 from public.${quoteIdent(key.parent)} p where ${matches})`,
    );
    if (rows[0]!.n > 0) violations.push({ constraint: key.name, table: key.child, rows: rows[0]!.n });
  }
  return { checked: keys.length, violations };
}
