import { hostname } from "node:os";
import { openSync, readFileSync, rmSync, writeSync, closeSync } from "node:fs";
import path from "node:path";

/**
 * PGlite is one process's database: a second process on the same data directory sees only its own
 * writes and one side's writes are lost when both stop. So the embedded database is opened only by
 * the process holding `DATA_DIR/server.lock`. A lock left by a process that no longer runs (kill -9,
 * power loss) is taken over; one held by a live process refuses the start with a message naming it.
 */
export interface DataDirLock {
  file: string;
  release(): void;
}

interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

export const LOCK_FILE_NAME = "server.lock";

/** True when a process with this id runs on this machine (EPERM: it runs under another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, "utf8")) as Partial<LockOwner>;
    if (typeof owner.pid === "number" && typeof owner.host === "string") {
      return { pid: owner.pid, host: owner.host, startedAt: String(owner.startedAt ?? "") };
    }
  } catch {
    // Unreadable or half-written: treated as no owner (a writer dies before writing only if it crashed).
  }
  return undefined;
}

/** The owner still holds the lock unless it is a process of this machine that no longer runs. */
function isHeld(owner: LockOwner | undefined, isAlive: (pid: number) => boolean): owner is LockOwner {
  if (!owner) return false;
  if (owner.host !== hostname()) return true;
  return owner.pid !== process.pid && isAlive(owner.pid);
}

export function acquireDataDirLock(
  dataDir: string,
  { isAlive = isProcessAlive }: { isAlive?: (pid: number) => boolean } = {},
): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const me: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  // Two attempts: the second follows the removal of a stale lock. Creating with "wx" is atomic, so of
  // two processes taking over the same stale lock at once only one gets it.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      return {
        file,
        release() {
          if (readOwner(file)?.pid === me.pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = readOwner(file);
    if (isHeld(owner, isAlive)) {
      throw new DataDirLockedError(
        `The data directory ${dataDir} is in use by another server (process ${owner.pid} on ${owner.host}, ` +
          `started ${owner.startedAt}). Stop that server first, or start this one with another DATA_DIR. ` +
          "Two servers on one embedded database would lose each other's writes.",
      );
    }
    rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}: another server is starting on it.`);
}
