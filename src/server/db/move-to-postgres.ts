import { existsSync } from "node:fs";
import path from "node:path";
import type { PGlite, Transaction as PgliteTransaction } from "@electric-sql/pglite";
import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import { openPglite, openPostgres, type DatabaseHandle } from "./client";
import { acquireDataDirLock } from "./data-dir-lock";
import { MIGRATIONS_FOLDER, runMigrations } from "./migrate";

/**
 * `npm run db:move-to-postgres -- <url>` (issue 30, item 4): copies the embedded database into an
 * empty PostgreSQL database, after which `DATABASE_URL` is all that changes.
 *
 * How the copy keeps the triggers from touching copied rows: inside ONE transaction on the target,
 * every table's user triggers are disabled (`ALTER TABLE … DISABLE TRIGGER USER`, transactional,
 * re-enabled before the commit), the tables are filled parents first (foreign-key order) and the
 * foreign keys stay checked. So the rating triggers do not add copied reviews to the already copied
 * teacher figures, the search-card triggers do not rewrite them, the deferred search_state bumps
 * do not fire, and the append-only operator_actions triggers are not involved (we only insert).
 * `session_replication_role = replica` would also silence the triggers, but on PostgreSQL 15 it
 * needs a superuser and it switches the foreign-key checks off too; `DISABLE TRIGGER USER` needs
 * only ownership of the tables, which the migrations just gave the connecting role, and the
 * database still proves every copied reference. The ACCESS EXCLUSIVE locks it takes also keep a
 * server started on the target meanwhile from writing until the copy commits.
 *
 * Values travel as text (`column::text` read, `$n::type` written): PostgreSQL's own text forms of
 * timestamptz (microseconds and offset), numeric, float8 (shortest exact), jsonb, arrays, uuid and
 * bytea round-trip exactly, where JavaScript values would round timestamps to milliseconds.
 */

export interface TableCount {
  table: string;
  embedded: number;
  /** undefined: the table does not exist on the target (not migrated yet). */
  target: number | undefined;
}

export interface MoveReport {
  dryRun: boolean;
  counts: TableCount[];
  /** True when every table has as many rows on the target as in the embedded database. */
  ok: boolean;
  notes: string[];
}

export class MoveRefusedError extends Error {
  override name = "MoveRefusedError";
}

/**
 * Tables the migrations themselves fill on an empty database, with the condition under which their
 * rows are still just those: migration 0004 inserts the search_state singleton at generation 0.
 */
export const MIGRATION_ROWS: Record<string, string> = {
  search_state: `select count(*)::int as n from "search_state" where not ("singleton" and "generation" = 0)`,
};

/**
 * Tables whose rows name other rows of the same table, read in an order that puts the named rows
 * first (a copy inserts in batches, and each batch's foreign keys are checked as it goes): a
 * household (issue 45) before the guardians who joined it.
 */
export const SELF_REFERENCE_ORDER: Record<string, string> = {
  parent_profiles: `order by ("household_id" = "id") desc, "id"`,
};

export const BATCH_ROWS = 500;
/** PostgreSQL takes at most 65,535 parameters per statement. */
export const MAX_PARAMETERS = 30_000;

export interface ColumnInfo {
  name: string;
  type: string;
  identityAlways: boolean;
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export type Queryable = { query<R>(text: string, params?: unknown[]): Promise<{ rows: R[] }> };

export function pgQueryable(client: pg.ClientBase): Queryable {
  return { query: async <R>(text: string, params?: unknown[]) => ({ rows: (await client.query(text, params)).rows as R[] }) };
}

export function pgliteQueryable(db: PGlite | PgliteTransaction): Queryable {
  return { query: async <R>(text: string, params?: unknown[]) => ({ rows: (await db.query<R>(text, params)).rows }) };
}

export async function publicTables(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  return rows.map((r) => r.name);
}

/** The columns a copy writes: not dropped, not generated (those regenerate on the target). */
export async function writableColumns(db: Queryable, table: string): Promise<ColumnInfo[]> {
  const { rows } = await db.query<{ name: string; type: string; identity: string }>(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attidentity as identity
       from pg_attribute a
      where a.attrelid = format('public.%I', $1::text)::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by a.attnum`,
    [table],
  );
  return rows.map((r) => ({ name: r.name, type: r.type, identityAlways: r.identity === "a" }));
}

export async function rowCount(db: Queryable, table: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from public.${quoteIdent(table)}`);
  return rows[0]!.n;
}

/** Parents before children, from the target's foreign keys. */
export async function foreignKeyOrder(db: Queryable, tables: string[]): Promise<string[]> {
  const { rows } = await db.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
       join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and cn.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of rows) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const done = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !done.has(t) && [...parents.get(t)!].every((p) => done.has(p) || !parents.has(p)));
    if (ready.length === 0) {
      throw new MoveRefusedError(`The foreign keys between ${tables.filter((t) => !done.has(t)).join(", ")} form a cycle; this copy fills tables parents first and cannot order them.`);
    }
    for (const t of ready) {
      ordered.push(t);
      done.add(t);
    }
  }
  return ordered;
}

/** The latest migration recorded in drizzle's bookkeeping, or undefined when none is. */
export async function latestMigration(db: Queryable): Promise<number | undefined> {
  const { rows } = await db.query<{ exists: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`);
  if (!rows[0]?.exists) return undefined;
  const latest = await db.query<{ at: string | null }>(`select max(created_at)::text as at from drizzle.__drizzle_migrations`);
  return latest.rows[0]?.at == null ? undefined : Number(latest.rows[0].at);
}

/** Tables of the target holding rows the migrations do not write: anything there refuses the move. */
export async function nonEmptyTargetTables(target: Queryable): Promise<string[]> {
  const found: string[] = [];
  for (const table of await publicTables(target)) {
    const check = MIGRATION_ROWS[table];
    const n = check ? (await target.query<{ n: number }>(check)).rows[0]!.n : await rowCount(target, table);
    if (n > 0) found.push(`${table} (${n})`);
  }
  return found;
}

async function countBoth(source: Queryable, target: Queryable | undefined, tables: string[]): Promise<TableCount[]> {
  const targetTables = new Set(target ? await publicTables(target) : []);
  const counts: TableCount[] = [];
  for (const table of tables) {
    counts.push({
      table,
      embedded: await rowCount(source, table),
      target: target && targetTables.has(table) ? await rowCount(target, table) : undefined,
    });
  }
  return counts;
}

/**
 * Copies `source` (the embedded database, migrated or not) into the PostgreSQL database at
 * `targetUrl`. Throws MoveRefusedError, having written nothing, when the target holds rows.
 * Dry run: reads both sides and reports the counts, writes nothing on either.
 */
export async function moveToPostgres(
  source: DatabaseHandle,
  targetUrl: string,
  options: { dryRun?: boolean; log?: (line: string) => void } = {},
): Promise<MoveReport> {
  const log = options.log ?? (() => undefined);
  const pglite = source.pglite;
  if (source.driver !== "pglite" || !pglite) throw new Error("The source of the move must be the embedded database (PGlite).");
  const dryRun = options.dryRun ?? false;
  const notes: string[] = [];
  const src = pgliteQueryable(pglite);
  await pglite.exec("set timezone = 'UTC'");

  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const newest = migrations.at(-1)!.folderMillis;
  const sourceLatest = await latestMigration(src);
  if (sourceLatest !== undefined && sourceLatest > newest) {
    throw new MoveRefusedError("The embedded database has migrations this version does not know: run the move with the version of the app that last ran on it.");
  }
  if (sourceLatest !== newest) {
    if (dryRun) notes.push("The embedded database is behind this version's migrations: the move would apply them to it first (as a server start does).");
    else {
      log("Applying this version's migrations to the embedded database (as a server start would)…");
      await runMigrations(source);
    }
  }

  const client = new pg.Client({ connectionString: targetUrl, options: "-c timezone=UTC" });
  await client.connect();
  const target = pgQueryable(client);
  try {
    const busy = await nonEmptyTargetTables(target);
    if (busy.length > 0) {
      const message = `The target database is not empty: ${busy.join(", ")}. The move only fills an empty database (migrations applied is fine, rows are not).`;
      if (!dryRun) throw new MoveRefusedError(message);
      notes.push(message);
    }
    const sourceTables = await publicTables(src);
    if (dryRun) {
      const counts = await countBoth(src, target, sourceTables);
      return { dryRun, counts, ok: counts.every((c) => c.embedded === (c.target ?? 0)), notes };
    }

    log("Applying the migrations to the target…");
    const migrationHandle = openPostgres(targetUrl, { max: 1 });
    try {
      await runMigrations(migrationHandle);
    } finally {
      await migrationHandle.close();
    }
    const targetTables = await publicTables(target);
    const missing = sourceTables.filter((t) => !targetTables.includes(t));
    const extra = targetTables.filter((t) => !sourceTables.includes(t));
    if (missing.length > 0 || extra.length > 0) {
      throw new MoveRefusedError(`The two schemas differ after migrating (only embedded: ${missing.join(", ") || "none"}; only target: ${extra.join(", ") || "none"}).`);
    }
    const order = await foreignKeyOrder(target, sourceTables);

    await client.query("begin");
    try {
      // The locks first, then the emptiness check again: nothing can have slipped in between.
      for (const table of order) await client.query(`alter table public.${quoteIdent(table)} disable trigger user`);
      const busyNow = await nonEmptyTargetTables(target);
      if (busyNow.length > 0) throw new MoveRefusedError(`The target database is not empty: ${busyNow.join(", ")}.`);
      await pglite.transaction(async (tx) => {
        const read = pgliteQueryable(tx);
        for (const table of order) {
          const copied = await copyTable(read, client, table);
          log(`  ${table}: ${copied} rows`);
        }
        await resetSequences(read, target, order);
      });
      for (const table of order) await client.query(`alter table public.${quoteIdent(table)} enable trigger user`);
      await client.query("commit");
    } catch (error) {
      await client.query("rollback").catch(() => undefined);
      throw error;
    }

    const sourceMigrations = await latestMigration(src);
    const targetMigrations = await latestMigration(target);
    if (sourceMigrations !== targetMigrations) notes.push(`Migration bookkeeping differs: embedded ${sourceMigrations}, target ${targetMigrations}.`);
    const counts = await countBoth(src, target, sourceTables);
    return { dryRun, counts, ok: counts.every((c) => c.embedded === c.target) && sourceMigrations === targetMigrations, notes };
  } finally {
    await client.end();
  }
}

async function copyTable(source: Queryable, target: pg.Client, table: string): Promise<number> {
  const sourceColumns = await writableColumns(source, table);
  const targetColumns = await writableColumns(pgQueryable(target), table);
  const describe = (cols: ColumnInfo[]) => cols.map((c) => `${c.name} ${c.type}`).sort().join(", ");
  if (describe(sourceColumns) !== describe(targetColumns)) {
    throw new MoveRefusedError(`The table ${table} has different columns on the two sides:\n  embedded: ${describe(sourceColumns)}\n  target:   ${describe(targetColumns)}`);
  }
  const columns = targetColumns;
  if (columns.length === 0) return 0;
  const overriding = columns.some((c) => c.identityAlways) ? " overriding system value" : "";
  const columnList = columns.map((c) => quoteIdent(c.name)).join(", ");
  // Migration-written rows (the search_state singleton) give way to the embedded database's own.
  if (MIGRATION_ROWS[table]) await target.query(`delete from public.${quoteIdent(table)}`);

  const batch = Math.max(1, Math.min(BATCH_ROWS, Math.floor(MAX_PARAMETERS / columns.length)));
  const cursor = `move_${table.replace(/\W/g, "_")}`;
  await source.query(
    `declare ${cursor} no scroll cursor for select ${columns.map((c) => `${quoteIdent(c.name)}::text`).join(", ")} from public.${quoteIdent(table)} ${SELF_REFERENCE_ORDER[table] ?? ""}`,
  );
  let copied = 0;
  try {
    for (;;) {
      const { rows } = await source.query<Record<string, string | null>>(`fetch ${batch} from ${cursor}`);
      if (rows.length === 0) break;
      const params: (string | null)[] = [];
      const tuples = rows.map((row) => {
        const values = Object.values(row);
        return `(${columns.map((c, i) => `$${params.push(values[i] ?? null)}::${c.type}`).join(", ")})`;
      });
      await target.query(`insert into public.${quoteIdent(table)} (${columnList})${overriding} values ${tuples.join(", ")}`, params);
      copied += rows.length;
    }
  } finally {
    await source.query(`close ${cursor}`);
  }
  return copied;
}

/**
 * Identity and serial columns (live_events.id, operator_actions.id): the target's sequence goes to
 * the greater of the largest copied value and the embedded sequence's own position, so no id the
 * embedded server ever handed out (a live stream's last event id, say) is handed out again.
 */
async function resetSequences(source: Queryable, target: Queryable, tables: string[]): Promise<void> {
  const sequencesQuery = `select a.attname as column, pg_get_serial_sequence(format('public.%I', c.relname), a.attname) as seq
      from pg_attribute a join pg_class c on c.oid = a.attrelid
     where c.relname = $1 and c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
       and pg_get_serial_sequence(format('public.%I', c.relname), a.attname) is not null`;
  for (const table of tables) {
    const { rows } = await target.query<{ column: string; seq: string }>(sequencesQuery, [table]);
    for (const { column, seq } of rows) {
      const sourceSeq = (await source.query<{ seq: string | null }>(`select pg_get_serial_sequence(format('public.%I', $1::text), $2) as seq`, [table, column])).rows[0]?.seq;
      const position = sourceSeq
        ? (await source.query<{ v: string | null }>(`select case when is_called then last_value::text end as v from ${sourceSeq}`)).rows[0]?.v ?? null
        : null;
      const max = (await target.query<{ v: string | null }>(`select max(${quoteIdent(column)})::text as v from public.${quoteIdent(table)}`)).rows[0]?.v ?? null;
      const next = [position, max].filter((v): v is string => v !== null).map(BigInt).reduce((a, b) => (a > b ? a : b), 0n);
      if (next > 0n) await target.query(`select setval($1::regclass, $2::bigint, true)`, [seq, next.toString()]);
      else await target.query(`select setval($1::regclass, 1, false)`, [seq]);
    }
  }
}

/**
 * The whole move as the command runs it: takes the data directory's lock for its duration (refused
 * while a server holds it, and no server can start meanwhile), opens DATA_DIR/pglite, moves.
 */
export async function moveDataDirToPostgres(
  dataDir: string,
  targetUrl: string,
  options: { dryRun?: boolean; log?: (line: string) => void } = {},
): Promise<MoveReport> {
  const pgliteDir = path.join(dataDir, "pglite");
  if (!existsSync(pgliteDir)) throw new MoveRefusedError(`There is no embedded database in ${pgliteDir} (DATA_DIR=${dataDir}).`);
  const lock = acquireDataDirLock(dataDir);
  try {
    const source = await openPglite({ dataDir: pgliteDir });
    try {
      return await moveToPostgres(source, targetUrl, options);
    } finally {
      await source.close();
    }
  } finally {
    lock.release();
  }
}

/** The per-table count check as a text table. */
export function formatCounts(report: MoveReport): string {
  const header = report.dryRun ? ["table", "embedded", "target", "difference"] : ["table", "embedded", "target", "check"];
  const rows = report.counts.map((c) => {
    const target = c.target === undefined ? "-" : String(c.target);
    const last = report.dryRun ? String(c.embedded - (c.target ?? 0)) : c.embedded === c.target ? "ok" : "DIFFERS";
    return [c.table, String(c.embedded), target, last];
  });
  const total = (pick: (c: TableCount) => number | undefined) => report.counts.reduce((sum, c) => sum + (pick(c) ?? 0), 0);
  rows.push(["total", String(total((c) => c.embedded)), String(total((c) => c.target)), report.dryRun ? String(total((c) => c.embedded) - total((c) => c.target)) : report.ok ? "ok" : "DIFFERS"]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}
