import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3Storage } from "./s3-storage";
import { keySegments } from "./storage";

/** The object metadata (x-amz-meta-sha256) that records the hex SHA-256 of an object's bytes. */
export const SHA256_METADATA = "sha256";

export type CopyOutcome = "copied" | "skipped" | "failed";

export interface CopiedFile {
  key: string;
  outcome: CopyOutcome;
  bytes: number;
  /** Why a file failed. */
  reason?: string;
}

export interface CopyReport {
  files: CopiedFile[];
  /** Files not tried because the run was stopped (an interrupted run: run it again to continue). */
  notAttempted: number;
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest("hex"), size };
}

/**
 * Every file under the uploads folder, as storage keys, sorted. Dot names are skipped: they are
 * LocalDiskStorage's temporary files of uploads in progress (and never valid keys).
 */
export async function listDiskFiles(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as { code?: unknown }).code === "ENOENT") return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith("."))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/**
 * One file to the bucket. Skipped when the object there has the file's size and its SHA-256 in
 * its metadata (a file an earlier run copied). Otherwise the file's SHA-256 is taken first (the
 * metadata must go with the upload's first request), the file is uploaded with it while the
 * streamed bytes are hashed again (so a file changed meanwhile is caught), and the object is read
 * back and hashed: only bytes proven equal count as copied.
 */
async function copyOne(root: string, key: string, target: S3Storage): Promise<CopiedFile> {
  keySegments(key);
  const file = path.join(root, ...key.split("/"));
  const { size } = await stat(file);
  const local = await sha256Of(createReadStream(file));
  const existing = await target.head(key);
  if (existing && existing.size === local.size && existing.metadata[SHA256_METADATA] === local.sha256) {
    return { key, outcome: "skipped", bytes: size };
  }

  const streamed = createHash("sha256");
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      streamed.update(chunk);
      callback(null, chunk);
    },
  });
  const uploading = target.put(key, hashing, { metadata: { [SHA256_METADATA]: local.sha256 } });
  await Promise.all([pipeline(createReadStream(file), hashing), uploading]);
  const uploaded = await uploading;
  if (streamed.digest("hex") !== local.sha256 || uploaded.size !== local.size) {
    // The object's metadata no longer matches its bytes, so a later run copies it again.
    return { key, outcome: "failed", bytes: 0, reason: "the file changed while it was being copied" };
  }

  const back = await target.get(key);
  if (!back) return { key, outcome: "failed", bytes: 0, reason: "the object is not in the bucket after the upload" };
  const readBack = await sha256Of(back.stream);
  if (readBack.size !== local.size || readBack.sha256 !== local.sha256) {
    return { key, outcome: "failed", bytes: 0, reason: `read back ${readBack.size} bytes with another checksum` };
  }
  return { key, outcome: "copied", bytes: size };
}

/**
 * Copies every file of the disk's uploads folder to the bucket under the same key, one at a time,
 * and never deletes or changes a source file. A failure is reported and the copy goes on with the
 * next file; a stop (the signal) takes effect between files. Running it again skips what is there
 * and verified, so an interrupted or partly failed run is simply run again.
 */
export async function copyDiskToBucket(
  root: string,
  target: S3Storage,
  options: { signal?: AbortSignal; onFile?: (file: CopiedFile) => void } = {},
): Promise<CopyReport> {
  const keys = await listDiskFiles(root);
  const files: CopiedFile[] = [];
  for (const key of keys) {
    if (options.signal?.aborted) break;
    let result: CopiedFile;
    try {
      result = await copyOne(root, key, target);
    } catch (error) {
      result = { key, outcome: "failed", bytes: 0, reason: error instanceof Error ? error.message : String(error) };
    }
    files.push(result);
    options.onFile?.(result);
  }
  return { files, notAttempted: keys.length - files.length };
}

const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} B`;

/** The summary: files and bytes copied, skipped (already there) and failed, and why each failed. */
export function formatCopyReport(report: CopyReport): string {
  const rows = (["copied", "skipped", "failed"] as const).map((outcome) => {
    const files = report.files.filter((file) => file.outcome === outcome);
    const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
    return [outcome, String(files.length), outcome === "failed" ? "" : formatBytes(bytes)];
  });
  if (report.notAttempted > 0) rows.push(["not attempted", String(report.notAttempted), ""]);
  const table = [["", "files", "bytes"], ...rows];
  const widths = [0, 1, 2].map((column) => Math.max(...table.map((row) => row[column]!.length)));
  const lines = table.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!))).join("  ").trimEnd());
  for (const file of report.files.filter((f) => f.outcome === "failed")) lines.push(`failed: ${file.key}: ${file.reason}`);
  return lines.join("\n");
}

/** True when every file was copied or was already there. */
export const copySucceeded = (report: CopyReport) => report.notAttempted === 0 && report.files.every((file) => file.outcome !== "failed");
