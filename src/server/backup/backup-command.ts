import { createWriteStream, existsSync } from "node:fs";
import { mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openPglite } from "../db/client";
import { acquireDataDirLock, DataDirLockedError } from "../db/data-dir-lock";
import type { Env } from "../env";
import { BackupError, type Manifest } from "./backup-manifest";
import { requestServerBackup } from "./backup-endpoint";
import { writeBackup, type BackupPlaces } from "./create-backup";
import { pgliteTransaction, postgresSnapshot } from "./dump.repo";
import { readBackup } from "./read-backup";
import { checkArchive } from "./restore-backup";

/**
 * Files are backed up only from disk storage: with STORAGE_URL the bucket holds them, and the
 * bucket's own versioning or replication is what keeps them (the manifest then lists no files).
 */
export function placesOf(env: Pick<Env, "dataDir" | "STORAGE_URL">): BackupPlaces {
  return { dataDir: env.dataDir, uploadsDir: env.STORAGE_URL ? undefined : path.join(env.dataDir, "uploads") };
}

export interface BackupOutcome {
  manifest: Manifest;
  /** How the snapshot was taken, for the command's output. */
  via: string;
  bytes: number;
}

/**
 * `npm run backup -- <file>`: from PostgreSQL directly; from the embedded database through the
 * running server (backup-endpoint.ts), or, when none runs, by opening it here under the data
 * directory's lock. Written to `<file>.partial` and renamed once read back whole and checked
 * against its own manifest, so `<file>` is never a half backup.
 */
export async function runBackup(env: Pick<Env, "dataDir" | "DATABASE_URL" | "STORAGE_URL">, file: string): Promise<BackupOutcome> {
  const target = path.resolve(file);
  if (existsSync(target)) throw new BackupError(`${target} already exists: choose a new file name (a backup never overwrites one).`);
  const partial = `${target}.partial`;
  const places = placesOf(env);
  let via: string;
  try {
    const out = createWriteStream(partial, { flags: "wx", mode: 0o600 });
    if (env.DATABASE_URL) {
      via = "PostgreSQL, one REPEATABLE READ snapshot";
      await writeBackup({ driver: "postgres", snapshot: postgresSnapshot(env.DATABASE_URL) }, places, out);
    } else {
      let lock;
      try {
        lock = acquireDataDirLock(env.dataDir);
      } catch (error) {
        if (!(error instanceof DataDirLockedError)) throw error;
      }
      if (lock) {
        via = "the embedded database, opened here (no server was running)";
        try {
          const pgliteDir = path.join(env.dataDir, "pglite");
          if (!existsSync(pgliteDir)) throw new BackupError(`There is no embedded database in ${pgliteDir} (DATA_DIR=${env.dataDir}).`);
          const handle = await openPglite({ dataDir: pgliteDir });
          try {
            await writeBackup({ driver: "pglite", snapshot: pgliteTransaction(handle.pglite!) }, places, out);
          } finally {
            await handle.close();
          }
        } finally {
          lock.release();
        }
      } else {
        via = "the running embedded server";
        await requestServerBackup(env.dataDir, out);
      }
    }
    const read = await checkWritten(partial);
    await rename(partial, target);
    return { manifest: read.manifest, via, bytes: read.bytes };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Reads the written file back whole: every entry must match its manifest. */
async function checkWritten(file: string): Promise<{ manifest: Manifest; bytes: number }> {
  const scratch = await mkdtemp(path.join(tmpdir(), "mlm-backup-check-"));
  try {
    const read = await readBackup(file, { tablesDir: scratch, filesDir: undefined });
    const { problems } = checkArchive(read);
    if (problems.length > 0) throw new BackupError(`The written backup does not match its manifest:\n  ${problems.join("\n  ")}`);
    const bytes = [...read.entries.values()].reduce((sum, e) => sum + e.size, 0);
    return { manifest: read.manifest, bytes };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
