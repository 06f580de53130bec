import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openPglite, openPostgres, type DatabaseHandle } from "../db/client";
import { acquireDataDirLock } from "../db/data-dir-lock";
import { rowCount } from "../db/move-to-postgres";
import { keySegments } from "../files";
import { AUTH_SECRET_ENTRY, BackupError, fileEntry, MANIFEST_ENTRY, tableEntry, type Manifest } from "./backup-manifest";
import { adminQuery, handleTransaction, isSuperuser, nonEmptyPostgresTables } from "./dump.repo";
import { checkSameMigration, foreignKeyViolations, loadRows, type ForeignKeyViolation } from "./load.repo";
import { readBackup, type ReadBackup } from "./read-backup";

export class RestoreRefusedError extends Error {
  override name = "RestoreRefusedError";
}

export interface ArchiveCheck {
  tables: { name: string; manifestRows: number; archiveRows: number | undefined; checksumOk: boolean }[];
  files: { key: string; size: number; checksumOk: boolean }[];
  problems: string[];
}

/** Every entry the manifest names is in the archive with its checksum, and nothing else is. */
export function checkArchive({ manifest, entries }: ReadBackup): ArchiveCheck {
  const problems: string[] = [];
  const expected = new Set<string>([MANIFEST_ENTRY]);
  const tables = manifest.tables.map((t) => {
    const entry = entries.get(tableEntry(t.name));
    expected.add(tableEntry(t.name));
    const checksumOk = entry?.sha256 === t.sha256;
    if (!entry) problems.push(`table ${t.name}: missing from the archive`);
    else if (!checksumOk) problems.push(`table ${t.name}: checksum differs from the manifest`);
    if (entry && entry.lines !== t.rows) problems.push(`table ${t.name}: ${entry.lines} rows in the archive, ${t.rows} in the manifest`);
    return { name: t.name, manifestRows: t.rows, archiveRows: entry?.lines, checksumOk };
  });
  const files = (manifest.files ?? []).map((f) => {
    const entry = entries.get(fileEntry(f.key));
    expected.add(fileEntry(f.key));
    const checksumOk = entry?.sha256 === f.sha256 && entry.size === f.size;
    if (!entry) problems.push(`file ${f.key}: missing from the archive`);
    else if (!checksumOk) problems.push(`file ${f.key}: size or checksum differs from the manifest`);
    return { key: f.key, size: f.size, checksumOk };
  });
  if (manifest.authSecret) expected.add(AUTH_SECRET_ENTRY);
  if (manifest.authSecret !== entries.has(AUTH_SECRET_ENTRY)) problems.push("auth-secret: the manifest and the archive disagree");
  for (const name of entries.keys()) if (!expected.has(name)) problems.push(`${name}: in the archive but not in the manifest`);
  return { tables, files, problems };
}

export type RestoreTarget = { driver: "pglite"; dataDir: string } | { driver: "postgres"; url: string; dataDir: string };

export interface RestoreSummary {
  manifest: Manifest;
  rows: number;
  files: number;
}

function hasEntries(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

/**
 * Restores a backup into an empty target: the embedded database of DATA_DIR (taken under the data
 * directory's lock, so no server can start on it meanwhile), or an empty PostgreSQL database
 * (migrations applied is fine); files into DATA_DIR/uploads, which must be empty. The archive is
 * read and checked whole before the target is touched.
 */
export async function restoreBackup(file: string, target: RestoreTarget, log: (line: string) => void = () => undefined): Promise<RestoreSummary> {
  const uploadsDir = path.join(target.dataDir, "uploads");
  const pgliteDir = path.join(target.dataDir, "pglite");
  const lock = target.driver === "pglite" ? acquireDataDirLock(target.dataDir) : undefined;
  const staging = await mkdtemp(path.join(target.dataDir, ".restore-"));
  let createdPglite = false;
  try {
    if (target.driver === "pglite" && hasEntries(pgliteDir)) {
      throw new RestoreRefusedError(`The data directory ${target.dataDir} already holds an embedded database (${pgliteDir}). Restore only fills an empty one: choose another DATA_DIR, or move that one away.`);
    }
    if (target.driver === "postgres") await refuseNonEmptyPostgres(target.url);
    if (hasEntries(uploadsDir)) throw new RestoreRefusedError(`${uploadsDir} already holds files. Restore only fills an empty data directory: choose another DATA_DIR, or move that folder away.`);

    log(`Reading ${file}…`);
    const read = await readBackup(file, { tablesDir: path.join(staging, "tables"), filesDir: path.join(staging, "files") });
    const check = checkArchive(read);
    if (check.problems.length > 0) throw new BackupError(`The backup is damaged, nothing was restored:\n  ${check.problems.join("\n  ")}`);
    checkSameMigration(read.manifest);

    log("Loading the rows…");
    createdPglite = target.driver === "pglite";
    const handle: DatabaseHandle = target.driver === "pglite" ? await openPglite({ dataDir: pgliteDir }) : openPostgres(target.url, { max: 1 });
    try {
      await loadRows(handle, read.manifest, path.join(staging, "tables"));
    } finally {
      await handle.close();
    }
    createdPglite = false;

    for (const { key } of read.manifest.files ?? []) {
      const to = path.join(uploadsDir, ...keySegments(key));
      await mkdir(path.dirname(to), { recursive: true });
      await rename(path.join(staging, "files", ...keySegments(key)), to);
    }
    // The secret the backed-up server generated: 2FA secrets are encrypted with it, sessions signed.
    if (read.authSecret !== undefined) await writeFile(path.join(target.dataDir, "auth-secret"), read.authSecret, { mode: 0o600 });
    const rows = read.manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    return { manifest: read.manifest, rows, files: read.manifest.files?.length ?? 0 };
  } finally {
    await rm(staging, { recursive: true, force: true });
    if (createdPglite) await rm(pgliteDir, { recursive: true, force: true });
    lock?.release();
  }
}

async function refuseNonEmptyPostgres(url: string): Promise<void> {
  const busy = await nonEmptyPostgresTables(url);
  if (busy.length > 0) {
    throw new RestoreRefusedError(`The database is not empty: ${busy.join(", ")}. Restore only fills an empty database (migrations applied is fine, rows are not).`);
  }
}

export interface VerifyReport {
  manifest: Manifest;
  scratch: string;
  tables: { name: string; manifestRows: number; archiveRows: number | undefined; restoredRows: number | undefined; checksumOk: boolean }[];
  files: { total: number; checksumOk: number; bytes: number };
  foreignKeys: { checked: number; violations: ForeignKeyViolation[] } | undefined;
  problems: string[];
  ok: boolean;
}

/**
 * Restores the backup into a scratch database (an in-memory PGlite, or with `postgresUrl` a
 * database created beside it and dropped after) and compares it with the manifest: rows per table,
 * foreign keys, file checksums. Reports every difference instead of stopping at the first.
 */
export async function verifyBackup(file: string, options: { postgresUrl?: string } = {}): Promise<VerifyReport> {
  const staging = await mkdtemp(path.join(tmpdir(), "mlm-verify-"));
  let scratchName: string | undefined;
  try {
    const read = await readBackup(file, { tablesDir: path.join(staging, "tables"), filesDir: undefined });
    const check = checkArchive(read);
    const problems = [...check.problems];
    let handle: DatabaseHandle;
    let scratch: string;
    if (options.postgresUrl) {
      scratchName = `mlm_verify_${Date.now()}_${randomBytes(3).toString("hex")}`;
      await adminQuery(options.postgresUrl, `create database "${scratchName}"`);
      const url = new URL(options.postgresUrl);
      url.pathname = `/${scratchName}`;
      handle = openPostgres(url.toString(), { max: 1 });
      scratch = `PostgreSQL database ${scratchName} (dropped after)`;
    } else {
      handle = await openPglite();
      scratch = "embedded database in memory";
    }
    let restored: Map<string, number> | undefined;
    let foreignKeys: VerifyReport["foreignKeys"];
    try {
      const superuser = await handleTransaction(handle)(isSuperuser);
      await loadRows(handle, read.manifest, path.join(staging, "tables"), { skipForeignKeys: superuser });
      restored = new Map();
      foreignKeys = await handleTransaction(handle)(async (db) => {
        for (const t of read.manifest.tables) restored!.set(t.name, await rowCount(db, t.name));
        return foreignKeyViolations(db);
      });
      for (const v of foreignKeys.violations) problems.push(`foreign key ${v.constraint} on ${v.table}: ${v.rows} rows name a missing parent`);
    } catch (error) {
      problems.push(`the load into the scratch database failed: ${(error as Error).message}`);
    } finally {
      await handle.close();
    }
    const tables = check.tables.map((t) => ({ ...t, restoredRows: restored?.get(t.name) }));
    for (const t of tables) if (restored && t.restoredRows !== t.manifestRows) problems.push(`table ${t.name}: ${t.restoredRows} rows restored, ${t.manifestRows} in the manifest`);
    const files = {
      total: check.files.length,
      checksumOk: check.files.filter((f) => f.checksumOk).length,
      bytes: check.files.reduce((sum, f) => sum + f.size, 0),
    };
    return { manifest: read.manifest, scratch, tables, files, foreignKeys, problems, ok: problems.length === 0 };
  } finally {
    await rm(staging, { recursive: true, force: true });
    if (scratchName && options.postgresUrl) await adminQuery(options.postgresUrl, `drop database if exists "${scratchName}" with (force)`);
  }
}

/** The verify report as the command prints it. */
export function formatVerifyReport(report: VerifyReport): string {
  const mark = (ok: boolean) => (ok ? "ok" : "DIFFERS");
  const header = ["table", "manifest", "archive", "restored", "checksum", "check"];
  const rows = report.tables.map((t) => [
    t.name,
    String(t.manifestRows),
    t.archiveRows === undefined ? "-" : String(t.archiveRows),
    t.restoredRows === undefined ? "-" : String(t.restoredRows),
    mark(t.checksumOk),
    mark(t.checksumOk && t.archiveRows === t.manifestRows && t.restoredRows === t.manifestRows),
  ]);
  const sum = (pick: (t: VerifyReport["tables"][number]) => number | undefined) => report.tables.reduce((s, t) => s + (pick(t) ?? 0), 0);
  rows.push(["total", String(sum((t) => t.manifestRows)), String(sum((t) => t.archiveRows)), String(sum((t) => t.restoredRows)), "", mark(rows.every((r) => r[5] === "ok"))]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  const fk = report.foreignKeys
    ? `${report.foreignKeys.checked} checked, ${report.foreignKeys.violations.length === 0 ? "no violations" : `${report.foreignKeys.violations.length} VIOLATED`}`
    : "not checked (the load failed)";
  const files = report.manifest.files === undefined ? "not in this backup (object storage)" : `${report.files.checksumOk}/${report.files.total} checksums ok, ${report.files.bytes} bytes`;
  return [
    `Backup of version ${report.manifest.appVersion}, ${report.manifest.database}, made ${report.manifest.createdAt}, migration ${report.manifest.migration.tag ?? report.manifest.migration.id}`,
    `Restored into: ${report.scratch}`,
    "",
    line(header),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...rows.map(line),
    "",
    `foreign keys: ${fk}`,
    `files:        ${files}`,
    ...(report.problems.length > 0 ? ["", "Problems:", ...report.problems.map((p) => `  ${p}`)] : []),
    "",
    report.ok ? "VERIFIED: this backup restores, and matches its manifest." : "NOT VERIFIED: this backup does not match its manifest.",
  ].join("\n");
}
