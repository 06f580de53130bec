import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startS3Server, type S3TestServer } from "../../../tests/fixtures/s3-server";
import { S3Storage } from "./s3-storage";
import { copyDiskToBucket, copySucceeded, formatCopyReport, listDiskFiles, SHA256_METADATA } from "./storage-copy";

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server({ bucket: "copy" });
});
afterAll(() => s3.stop());

let dataDir: string;
let root: string;
let prefix: string;
let target: S3Storage;
let run = 0;
/** Files of the uploads folder: a video over one upload part, a class file, and a temporary file of an upload in progress. */
const files: Record<string, Buffer> = {
  "class-files/c1/f1.pdf": Buffer.from("%PDF-1.4 class file"),
  "class-files/c1/f2.txt": Buffer.from("second file"),
  "teacher-videos/t1/intro-video.mp4": Buffer.alloc(6 * 1024 * 1024 + 123, 9),
};
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "storage-copy-"));
  root = path.join(dataDir, "uploads");
  for (const [key, bytes] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, key)), { recursive: true });
    writeFileSync(path.join(root, key), bytes);
  }
  writeFileSync(path.join(root, "teacher-videos/t1/.intro-video.mp4.0f3a.tmp"), "half an upload");
  prefix = `run-${++run}`;
  target = new S3Storage(s3.client, { bucket: s3.bucket, prefix });
  return () => rmSync(dataDir, { recursive: true, force: true });
});

const outcomes = (report: Awaited<ReturnType<typeof copyDiskToBucket>>) => Object.fromEntries(report.files.map((f) => [f.key, f.outcome]));

describe("copyDiskToBucket", () => {
  it("copies every file (not the temporary ones) with its SHA-256 as metadata, keeps the source, then skips them all", async () => {
    const before = Object.keys(files).map((key) => statSync(path.join(root, key)).mtimeMs);
    expect(await listDiskFiles(root)).toEqual(Object.keys(files));

    const first = await copyDiskToBucket(root, target);
    expect(outcomes(first)).toEqual(Object.fromEntries(Object.keys(files).map((key) => [key, "copied"])));
    expect(copySucceeded(first)).toBe(true);
    expect(await s3.listKeys(`${prefix}/`)).toEqual(Object.keys(files).map((key) => `${prefix}/${key}`));
    for (const [key, bytes] of Object.entries(files)) {
      expect((await s3.readObject(`${prefix}/${key}`))!.equals(bytes), key).toBe(true);
      expect((await target.head(key))!.metadata[SHA256_METADATA]).toBe(sha256(bytes));
      expect(readFileSync(path.join(root, key)).equals(bytes)).toBe(true);
    }
    expect(Object.keys(files).map((key) => statSync(path.join(root, key)).mtimeMs)).toEqual(before);

    const again = await copyDiskToBucket(root, target);
    expect(new Set(again.files.map((f) => f.outcome))).toEqual(new Set(["skipped"]));
    expect(formatCopyReport(again).split("\n")).toEqual([
      "         files   bytes",
      "copied       0     0 B",
      "skipped      3  6.0 MB",
      "failed       0",
    ]);
  });

  it("copies again an object that differs: same size but other bytes, or another size and no checksum", async () => {
    await copyDiskToBucket(root, target);
    const [pdf, txt] = ["class-files/c1/f1.pdf", "class-files/c1/f2.txt"];
    // Same size, other bytes, and the old checksum claimed: caught because the file's checksum is recomputed.
    writeFileSync(path.join(root, pdf), Buffer.from("%PDF-1.4 class FILE"));
    // Put there by someone else, without a checksum.
    await target.put(txt, Readable.from([Buffer.from("other")]));

    const report = await copyDiskToBucket(root, target);
    expect(outcomes(report)).toEqual({ [pdf]: "copied", [txt]: "copied", "teacher-videos/t1/intro-video.mp4": "skipped" });
    expect((await s3.readObject(`${prefix}/${pdf}`))!.toString()).toBe("%PDF-1.4 class FILE");
    expect((await s3.readObject(`${prefix}/${txt}`))!.toString()).toBe("second file");
  });

  it("an interrupted run stops between files, says so, and the next run continues where it stopped", async () => {
    const stop = new AbortController();
    const interrupted = await copyDiskToBucket(root, target, { signal: stop.signal, onFile: () => stop.abort() });
    expect(interrupted.files.map((f) => f.outcome)).toEqual(["copied"]);
    expect(interrupted.notAttempted).toBe(2);
    expect(copySucceeded(interrupted)).toBe(false);
    expect(formatCopyReport(interrupted)).toMatch(/^not attempted\s+2$/m);

    const resumed = await copyDiskToBucket(root, target);
    expect(resumed.files.map((f) => f.outcome)).toEqual(["skipped", "copied", "copied"]);
    expect(copySucceeded(resumed)).toBe(true);
  });

  it("reports a file it cannot copy, copies the others, and fails the run", async () => {
    writeFileSync(path.join(root, "class-files/c1/bad name.pdf"), "a name no key can have");
    const report = await copyDiskToBucket(root, target);
    expect(outcomes(report)["class-files/c1/bad name.pdf"]).toBe("failed");
    expect(report.files.filter((f) => f.outcome === "copied")).toHaveLength(3);
    expect(copySucceeded(report)).toBe(false);
    expect(formatCopyReport(report)).toMatch(/^failed\s+1$/m);
    expect(formatCopyReport(report)).toContain('failed: class-files/c1/bad name.pdf: Key segment not allowed: "bad name.pdf"');
  });
});

describe("npm run storage:copy", () => {
  const script = path.resolve(import.meta.dirname, "../../../scripts/storage-copy.ts");
  const tsx = path.resolve(import.meta.dirname, "../../../node_modules/.bin/tsx");
  const runScript = (env: Record<string, string>) =>
    promisify(execFile)(tsx, [script], { env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env } }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout + error.stderr }),
    );

  it("prints the summary table and exits 0 when every file is there, 1 when one failed", async () => {
    const ok = await runScript(s3.env(prefix));
    expect(ok.stdout).toMatch(/^copied\s+3\s+6\.0 MB$/m);
    expect(ok.code, ok.stdout).toBe(0);

    writeFileSync(path.join(root, "bad name.txt"), "x");
    const failed = await runScript(s3.env(prefix));
    expect(failed.stdout).toMatch(/^skipped\s+3\s+6\.0 MB$/m);
    expect(failed.stdout).toMatch(/^failed\s+1$/m);
    expect(failed.code).toBe(1);
    expect(readFileSync(path.join(root, "bad name.txt"), "utf8")).toBe("x");

    const unset = await runScript({});
    expect(unset.stdout).toContain("STORAGE_URL is not set");
    expect(unset.code).toBe(1);
  }, 60_000);
});
