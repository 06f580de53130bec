import { createHash } from "node:crypto";
import { createReadStream, existsSync, readFileSync } from "node:fs";
import { copyFile, link, mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import type tar from "tar-stream";
import { keySegments } from "../files";
import { foreignKeyOrder, latestMigration, publicTables } from "../db/move-to-postgres";
import {
  appVersion,
  AUTH_SECRET_ENTRY,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  fileEntry,
  MANIFEST_ENTRY,
  tableEntry,
  type Manifest,
} from "./backup-manifest";
import { dumpTable, migrationTag, sequenceValues, type InTransaction } from "./dump.repo";

export interface BackupSource {
  driver: "pglite" | "postgres";
  /**
   * Runs fn in one transaction that sees one moment of the whole database: on PostgreSQL
   * REPEATABLE READ READ ONLY (writers go on, unseen); on PGlite the one connection itself.
   */
  snapshot: InTransaction;
}

export interface BackupPlaces {
  /** DATA_DIR: its `auth-secret` goes into the backup, and the staging folder is made in it. */
  dataDir: string;
  /** The uploads folder of disk storage; undefined when files live elsewhere (not backed up). */
  uploadsDir: string | undefined;
}

/**
 * Writes a whole backup (format: backup-manifest.ts) to `out` as a gzip'd tar and returns its
 * manifest. Consistency: the rows are read in one snapshot, and the uploads are hard-linked INSIDE
 * that snapshot's transaction, after the rows. The app stores a file before the row naming it and
 * deletes it after the row's delete commits, so every file a snapshot row names exists when the
 * links are made; a link keeps the bytes it saw (the app replaces files by rename, never in place),
 * so later uploads and deletes change nothing in the backup. On PGlite no write can commit while
 * the snapshot transaction runs at all. On PostgreSQL writers go on: a file whose row is deleted
 * after the snapshot began and that is removed before its link is made is missing (README).
 */
export async function writeBackup(source: BackupSource, places: BackupPlaces, out: Writable): Promise<Manifest> {
  // Inside DATA_DIR: the same file system as the uploads, which a hard link needs.
  const staging = await mkdtemp(path.join(places.dataDir, ".backup-"));
  try {
    const snapshot = await source.snapshot(async (db) => {
      await db.query("set local timezone = 'UTC'");
      const migration = await latestMigration(db);
      if (migration === undefined) throw new BackupError("The database has no migrations applied: there is nothing to back up.");
      const order = await foreignKeyOrder(db, await publicTables(db));
      await mkdir(path.join(staging, "tables"));
      const tables: Manifest["tables"] = [];
      const sequences: Manifest["sequences"] = [];
      for (const table of order) {
        tables.push(await dumpTable(db, table, path.join(staging, tableEntry(table))));
        sequences.push(...(await sequenceValues(db, table)));
      }
      const files = places.uploadsDir ? await linkUploads(places.uploadsDir, path.join(staging, "files")) : undefined;
      return { migration, tables, sequences, files };
    });

    // Loaded when a backup is taken, not when the server starts with the backup endpoint.
    const { default: tarStream } = await import("tar-stream");
    const pack = tarStream.pack();
    const written = pipeline(pack, createGzip(), out);
    for (const table of snapshot.tables) await addFile(pack, tableEntry(table.name), path.join(staging, tableEntry(table.name)));
    let files: Manifest["files"];
    if (snapshot.files) {
      files = [];
      for (const key of snapshot.files) {
        const { size, sha256 } = await addFile(pack, fileEntry(key), path.join(staging, fileEntry(key)));
        files.push({ key, size, sha256 });
      }
    }
    const secretFile = path.join(places.dataDir, "auth-secret");
    const authSecret = existsSync(secretFile);
    if (authSecret) await addBuffer(pack, AUTH_SECRET_ENTRY, readFileSync(secretFile));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt: new Date().toISOString(),
      database: source.driver,
      migration: { id: snapshot.migration, tag: migrationTag(snapshot.migration) },
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      files,
      authSecret,
    };
    await addBuffer(pack, MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    pack.finalize();
    await written;
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Hard-links every stored file (dot files are uploads in progress) into `dest`, by key; copies
 * where links are impossible (another file system). Returns the keys, sorted.
 */
async function linkUploads(uploadsDir: string, dest: string): Promise<string[]> {
  const keys: string[] = [];
  const walk = async (dir: string, prefix: string[]): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const segments = [...prefix, entry.name];
      if (entry.isDirectory()) {
        await walk(path.join(dir, entry.name), segments);
        continue;
      }
      if (!entry.isFile()) continue;
      const key = segments.join("/");
      try {
        keySegments(key);
      } catch {
        continue; // Not a name the app writes: not one of its files.
      }
      const target = path.join(dest, ...segments);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await link(path.join(dir, entry.name), target);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT") continue; // Replaced or deleted since the listing: not named by the snapshot.
        if (code !== "EXDEV" && code !== "EPERM" && code !== "ENOTSUP") throw error;
        await copyFile(path.join(dir, entry.name), target);
      }
      keys.push(key);
    }
  };
  await walk(uploadsDir, []);
  return keys.sort();
}

function addBuffer(pack: tar.Pack, name: string, body: Buffer): Promise<void> {
  return new Promise((resolve, reject) => pack.entry({ name, mode: 0o600 }, body, (error) => (error ? reject(error) : resolve())));
}

/** Streams a file into the tar as one entry; its size and sha256 as written. */
async function addFile(pack: tar.Pack, name: string, file: string): Promise<{ size: number; sha256: string }> {
  const { size } = await stat(file);
  const hash = createHash("sha256");
  await new Promise<void>((resolve, reject) => {
    const entry = pack.entry({ name, size, mode: 0o600 }, (error) => (error ? reject(error) : resolve()));
    const input = createReadStream(file);
    input.on("data", (chunk) => hash.update(chunk));
    input.on("error", reject);
    input.pipe(entry);
  });
  return { size, sha256: hash.digest("hex") };
}
