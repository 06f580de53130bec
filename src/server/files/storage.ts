import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, rename, rm, stat, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

export interface StoredFileInfo {
  size: number;
  modifiedAt: Date;
}

/** Inclusive byte range, as HTTP Range counts it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live, by key ("teacher-videos/{teacherId}/intro-video.mp4"): local disk
 * (LocalDiskStorage) or an S3-compatible bucket (S3Storage), chosen by STORAGE_URL (create-storage.ts).
 */
export interface Storage {
  /**
   * Stores the stream under `key`, replacing any file there only once the whole stream was
   * written: a stream that fails (too large, wrong type, client gone) leaves the old file as it was
   * and nothing new behind. Resolves with the number of bytes stored.
   */
  put(key: string, body: Readable | WebReadableStream<Uint8Array> | ReadableStream<Uint8Array>): Promise<{ size: number }>;
  /** The file's bytes (all, or one range), or null when there is no such file. */
  get(key: string, range?: ByteRange): Promise<{ stream: Readable; info: StoredFileInfo } | null>;
  stat(key: string): Promise<StoredFileInfo | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

export class StorageKeyError extends Error {
  override name = "StorageKeyError";
}

/** A key segment: letters, digits, dot, dash, underscore; never "." or ".." or a hidden name. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * The key's path segments, or a StorageKeyError. Keys are relative, slash-separated and plain:
 * no "..", no absolute paths, no backslashes, no NUL, no empty segments, so no key can name a file
 * outside the storage folder (or one of the folder's temporary files, which start with a dot).
 */
export function keySegments(key: string): string[] {
  if (typeof key !== "string" || key.length === 0 || key.length > 512) throw new StorageKeyError("Empty or overlong key");
  if (key.includes("\0") || key.includes("\\")) throw new StorageKeyError("Key has a forbidden character");
  if (key.startsWith("/") || /^[A-Za-z]:/.test(key)) throw new StorageKeyError("Key must be relative");
  const segments = key.split("/");
  for (const segment of segments) {
    if (!SEGMENT.test(segment)) throw new StorageKeyError(`Key segment not allowed: ${JSON.stringify(segment)}`);
  }
  return segments;
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/** Files under one folder on local disk. */
export class LocalDiskStorage implements Storage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The absolute path of a key, proven to lie inside the root folder. */
  pathOf(key: string): string {
    const full = path.resolve(this.root, ...keySegments(key));
    if (!full.startsWith(this.root + path.sep)) throw new StorageKeyError("Key escapes the storage folder");
    return full;
  }

  async put(key: string, body: Readable | WebReadableStream<Uint8Array> | ReadableStream<Uint8Array>): Promise<{ size: number }> {
    const target = this.pathOf(key);
    const folder = path.dirname(target);
    await mkdir(folder, { recursive: true });
    // Same folder as the target, so the final rename is atomic (one file system).
    const temp = path.join(folder, `.${path.basename(target)}.${randomUUID()}.tmp`);
    const source = body instanceof Readable ? body : Readable.fromWeb(body as WebReadableStream<Uint8Array>);
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(null, chunk);
      },
    });
    const sink = createWriteStream(temp, { flags: "wx" });
    try {
      await pipeline(source, counter, sink);
      await rename(temp, target);
    } catch (error) {
      // Removed once the file's stream has closed: a CI run (load ~10) found the temporary file of an
      // upload refused with 415 still there after the answer, i.e. created or kept after this removal
      // (the pipeline can report the source's error before the destination has closed). Not
      // reproduced on a quiet machine; waiting for the close costs nothing when it already happened.
      if (!sink.closed) await new Promise<void>((resolve) => sink.once("close", () => resolve()));
      await rm(temp, { force: true });
      throw error;
    }
    return { size };
  }

  async get(key: string, range?: ByteRange): Promise<{ stream: Readable; info: StoredFileInfo } | null> {
    // Size and bytes come from one open file: a re-upload renamed over it meanwhile cannot mix them.
    let handle: FileHandle;
    try {
      handle = await open(this.pathOf(key), "r");
    } catch (error) {
      if (isMissing(error) || (error as { code?: unknown }).code === "EISDIR") return null;
      throw error;
    }
    try {
      const s = await handle.stat();
      if (!s.isFile()) {
        await handle.close();
        return null;
      }
      const stream = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { stream, info: { size: s.size, modifiedAt: s.mtime } };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
