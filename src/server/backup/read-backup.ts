import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PassThrough, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import tar from "tar-stream";
import { keySegments } from "../files";
import {
  AUTH_SECRET_ENTRY,
  BackupError,
  FILES_PREFIX,
  MANIFEST_ENTRY,
  manifestSchema,
  TABLES_PREFIX,
  tableEntry,
  type Manifest,
} from "./backup-manifest";

export interface EntryFacts {
  size: number;
  sha256: string;
  /** Lines of a table entry (one per row). */
  lines: number;
}

export interface ReadBackup {
  manifest: Manifest;
  /** What the archive really holds, by entry name. */
  entries: Map<string, EntryFacts>;
  authSecret: string | undefined;
}

export interface ReadPlaces {
  /** Where table entries are written (as tables/<table>.ndjson). */
  tablesDir: string;
  /** Where file entries are written (by key); undefined: checked, not kept. */
  filesDir: string | undefined;
}

/**
 * Reads a backup file once, from first to last byte: keeps its tables and (optionally) files in
 * the given folders and measures every entry. A truncated or foreign file is a BackupError.
 */
export async function readBackup(file: string, places: ReadPlaces): Promise<ReadBackup> {
  const entries = new Map<string, EntryFacts>();
  let manifestText: string | undefined;
  let authSecret: string | undefined;
  const extract = tar.extract();
  const consume = (async () => {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (entry.header.type !== "file") {
        entry.resume();
        continue;
      }
      if (name === MANIFEST_ENTRY || name === AUTH_SECRET_ENTRY) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        const body = Buffer.concat(chunks);
        if (name === MANIFEST_ENTRY) manifestText = body.toString("utf8");
        else authSecret = body.toString("utf8");
        entries.set(name, { size: body.length, sha256: createHash("sha256").update(body).digest("hex"), lines: 0 });
        continue;
      }
      const target = placeOf(name, places);
      entries.set(name, await measure(entry, target, name.startsWith(TABLES_PREFIX)));
    }
  })();
  try {
    await Promise.all([pipeline(createReadStream(file), createGunzip(), extract), consume]);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a complete backup: ${(error as Error).message}`);
  }
  if (manifestText === undefined) throw new BackupError(`${file} has no ${MANIFEST_ENTRY}: it is not a backup of this app, or it was cut short.`);
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(manifestText));
  } catch (error) {
    throw new BackupError(`The manifest of ${file} is not one this version reads: ${(error as Error).message}`);
  }
  return { manifest, entries, authSecret };
}

/** Where an entry goes on disk, or undefined (measured, not kept); a name that could escape is refused. */
function placeOf(name: string, places: ReadPlaces): string | undefined {
  if (name.startsWith(TABLES_PREFIX)) {
    const table = name.slice(TABLES_PREFIX.length).replace(/\.ndjson$/, "");
    if (!/^[a-z_][a-z0-9_]*$/.test(table) || tableEntry(table) !== name) throw new BackupError(`Unexpected entry in the backup: ${name}`);
    return path.join(places.tablesDir, `${table}.ndjson`);
  }
  if (name.startsWith(FILES_PREFIX)) {
    const key = name.slice(FILES_PREFIX.length);
    try {
      const segments = keySegments(key);
      return places.filesDir ? path.join(places.filesDir, ...segments) : undefined;
    } catch {
      throw new BackupError(`Unexpected file name in the backup: ${name}`);
    }
  }
  throw new BackupError(`Unexpected entry in the backup: ${name}`);
}

async function measure(entry: AsyncIterable<unknown>, target: string | undefined, countLines: boolean): Promise<EntryFacts> {
  const hash = createHash("sha256");
  let size = 0;
  let lines = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      if (countLines) for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      callback(null, chunk);
    },
  });
  if (target) await mkdir(path.dirname(target), { recursive: true });
  const sink = target ? createWriteStream(target, { mode: 0o600 }) : new PassThrough().resume();
  await pipeline(entry, meter, sink);
  return { size, sha256: hash.digest("hex"), lines };
}
