import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startS3Server, type S3TestServer } from "../../../tests/fixtures/s3-server";
import { S3Storage } from "./s3-storage";
import { keySegments, LocalDiskStorage, StorageKeyError, type Storage } from "./storage";

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

/** Every file under a folder, relative, to prove what was (not) written. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();

/** A stream that sends some bytes, then fails as a client that went away does. */
const failingAfter = (bytes: Buffer) => {
  let sent = false;
  return new Readable({
    read() {
      if (sent) return;
      sent = true;
      this.push(bytes);
      setImmediate(() => this.destroy(new Error("client went away")));
    },
  });
};

/**
 * One store the contract runs against: `stored()` lists everything the store holds (files on disk,
 * objects in the bucket), so a test proves nothing else was written, temporary files and parts included.
 */
interface Backend {
  storage: Storage;
  stored(): Promise<string[]>;
  /** Something outside the store's reach that a key must never name. */
  plantOutside(): Promise<void>;
  cleanup(): Promise<void>;
}

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server({ bucket: "contract" });
});
afterAll(() => s3.stop());

let run = 0;
const backends: [string, () => Promise<Backend>][] = [
  [
    "LocalDiskStorage",
    () => {
      const base = mkdtempSync(path.join(tmpdir(), "storage-test-"));
      return Promise.resolve({
        storage: new LocalDiskStorage(path.join(base, "uploads")),
        stored: () => Promise.resolve(filesUnder(base)),
        plantOutside: () => Promise.resolve(writeFileSync(path.join(base, "outside.txt"), "not in uploads")),
        cleanup: () => Promise.resolve(rmSync(base, { recursive: true, force: true })),
      });
    },
  ],
  [
    "S3Storage",
    async () => {
      // Each test its own prefix in the one bucket; everything in the bucket is listed, so a write
      // outside the prefix would show too.
      const prefix = `run-${++run}/uploads`;
      const storage = new S3Storage(s3.client, { bucket: s3.bucket, prefix });
      const before = await s3.listKeys();
      return {
        storage,
        stored: async () => (await s3.listKeys()).filter((key) => !before.includes(key)).map((key) => key.replace(`run-${run}/`, "")),
        plantOutside: async () => {
          await new S3Storage(s3.client, { bucket: s3.bucket, prefix: `run-${run}` }).put("outside.txt", Readable.from([Buffer.from("not in uploads")]));
          before.push(`run-${run}/outside.txt`);
        },
        cleanup: () => Promise.resolve(),
      };
    },
  ],
];

describe("storage keys", () => {
  it.each(["teacher-videos/0b5c/intro-video.mp4", "a.txt", "a/b/c_d-e.f"])("accepts %j", (key) => {
    expect(() => keySegments(key)).not.toThrow();
  });
});

describe.each(backends)("%s", (_name, makeBackend) => {
  let backend: Backend;
  let storage: Storage;
  beforeEach(async () => {
    backend = await makeBackend();
    storage = backend.storage;
  });
  afterEach(() => backend.cleanup());

  it.each([
    ["parent folder", "../secret.txt"],
    ["parent folder inside", "teacher-videos/../../etc/passwd"],
    ["trailing parent", "teacher-videos/.."],
    ["current folder", "./a.txt"],
    ["absolute path", "/etc/passwd"],
    ["Windows drive", "C:/Windows/win.ini"],
    ["backslash", "teacher-videos\\..\\..\\x"],
    ["NUL", "intro.mp4\0.txt"],
    ["empty", ""],
    ["empty segment", "a//b"],
    ["trailing slash", "a/"],
    ["hidden file", "a/.tmp"],
    ["space", "a b.mp4"],
    ["percent-encoding", "%2e%2e/x"],
  ])("refuses a key with %s: %j", async (_label, key) => {
    expect(() => keySegments(key)).toThrow(StorageKeyError);
    await expect(storage.put(key, Readable.from([Buffer.from("x")]))).rejects.toThrow(StorageKeyError);
    await expect(storage.get(key)).rejects.toThrow(StorageKeyError);
    await expect(storage.stat(key)).rejects.toThrow(StorageKeyError);
    await expect(storage.delete(key)).rejects.toThrow(StorageKeyError);
    expect(await backend.stored()).toEqual([]);
  });

  it("puts, stats, gets all or a range, and deletes", async () => {
    const { size } = await storage.put("v/1/file.txt", Readable.from([Buffer.from("hello "), Buffer.from("world")]));
    expect(size).toBe(11);
    expect(await backend.stored()).toEqual(["uploads/v/1/file.txt"]);
    const info = await storage.stat("v/1/file.txt");
    expect(info?.size).toBe(11);
    expect(Math.abs(info!.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);

    const all = await storage.get("v/1/file.txt");
    expect(all!.info.size).toBe(11);
    expect(await text(all!.stream)).toBe("hello world");
    const part = await storage.get("v/1/file.txt", { start: 6, end: 10 });
    expect(part!.info.size).toBe(11);
    expect(await text(part!.stream)).toBe("world");

    await storage.delete("v/1/file.txt");
    expect(await storage.stat("v/1/file.txt")).toBeNull();
    expect(await storage.get("v/1/file.txt")).toBeNull();
    await expect(storage.delete("v/1/file.txt")).resolves.toBeUndefined();
    expect(await backend.stored()).toEqual([]);
  });

  it("accepts a web ReadableStream", async () => {
    await storage.put("web.txt", new Blob(["from the web"]).stream());
    expect(await text((await storage.get("web.txt"))!.stream)).toBe("from the web");
  });

  it("streams a file larger than one upload part whole, and reads a range across the parts' seam", async () => {
    // 11 MB in 64 KB chunks: three parts of a multipart upload on S3.
    const chunk = (i: number) => Buffer.alloc(64 * 1024, i % 251);
    const chunks = 176;
    const { size } = await storage.put("big/file.bin", Readable.from(Array.from({ length: chunks }, (_, i) => chunk(i))));
    expect(size).toBe(chunks * 64 * 1024);
    expect((await storage.stat("big/file.bin"))?.size).toBe(size);
    const seam = 5 * 1024 * 1024;
    const part = await storage.get("big/file.bin", { start: seam - 2, end: seam + 1 });
    const bytes = Buffer.from(await text(part!.stream), "binary");
    expect(part!.info.size).toBe(size);
    expect([...bytes]).toEqual([seam - 2, seam - 1, seam, seam + 1].map((at) => Math.floor(at / (64 * 1024)) % 251));
  });

  it.each([
    ["in the first part", Buffer.from("partial new content")],
    ["after a whole part went up", Buffer.alloc(6 * 1024 * 1024, 1)],
  ])("replaces a file only when the new stream completed; a stream failing %s leaves the old file and nothing else", async (_when, partial) => {
    await storage.put("doc.txt", Readable.from([Buffer.from("old")]));
    await expect(storage.put("doc.txt", failingAfter(partial))).rejects.toThrow("client went away");
    expect(await text((await storage.get("doc.txt"))!.stream)).toBe("old");
    expect(await backend.stored()).toEqual(["uploads/doc.txt"]);

    await storage.put("doc.txt", Readable.from([Buffer.from("new")]));
    expect(await text((await storage.get("doc.txt"))!.stream)).toBe("new");
    expect(await backend.stored()).toEqual(["uploads/doc.txt"]);
  });

  it("has nothing for a missing key or a folder, and reaches nothing outside its place", async () => {
    await backend.plantOutside();
    await storage.put("folder/inner.txt", Readable.from([Buffer.from("x")]));
    expect(await storage.stat("missing.txt")).toBeNull();
    expect(await storage.stat("folder")).toBeNull();
    expect(await storage.get("folder")).toBeNull();
    expect(await storage.get("missing/deeper.txt")).toBeNull();
    expect(await storage.stat("outside.txt")).toBeNull();
  });
});

describe("LocalDiskStorage on disk", () => {
  it("keeps every key inside its folder", () => {
    const storage = new LocalDiskStorage("/srv/uploads");
    expect(storage.pathOf("a/b.txt")).toBe(path.resolve("/srv/uploads/a/b.txt"));
    expect(() => storage.pathOf("../x")).toThrow(StorageKeyError);
  });

  it("writes the bytes where pathOf says", async () => {
    const base = mkdtempSync(path.join(tmpdir(), "storage-test-"));
    const storage = new LocalDiskStorage(base);
    await storage.put("web.txt", new Blob(["on disk"]).stream());
    expect(readFileSync(storage.pathOf("web.txt"), "utf8")).toBe("on disk");
    rmSync(base, { recursive: true, force: true });
  });
});

describe("S3Storage in the bucket", () => {
  it("puts each key under the prefix, and the metadata given with it", async () => {
    const storage = new S3Storage(s3.client, { bucket: s3.bucket, prefix: "meta/prefix" });
    expect(storage.objectKey("a/b.txt")).toBe("meta/prefix/a/b.txt");
    expect(new S3Storage(s3.client, { bucket: s3.bucket, prefix: "" }).objectKey("a/b.txt")).toBe("a/b.txt");
    await storage.put("a/b.txt", Readable.from([Buffer.from("abc")]), { metadata: { sha256: "x1" } });
    expect((await s3.readObject("meta/prefix/a/b.txt"))?.toString()).toBe("abc");
    expect((await storage.head("a/b.txt"))?.metadata).toEqual({ sha256: "x1" });
    expect(await storage.head("a/missing.txt")).toBeNull();
  });

  it("aborts the multipart upload of a stream that fails after parts went up, before put() rejects", async () => {
    // s3rver answers AbortMultipartUpload with 405 (it does not implement it), so what is checked
    // here is that the abort is asked for, for the upload begun, by the time put() returns.
    const client = s3.newClient();
    const sent: { command: string; uploadId?: string }[] = [];
    client.middlewareStack.add(
      (next, context) => async (args) => {
        sent.push({ command: context.commandName ?? "", uploadId: (args.input as { UploadId?: string }).UploadId });
        return next(args);
      },
      { step: "initialize" },
    );
    const storage = new S3Storage(client, { bucket: s3.bucket, prefix: "abort" });
    await expect(storage.put("doc.bin", failingAfter(Buffer.alloc(11 * 1024 * 1024, 1)))).rejects.toThrow("client went away");
    const parts = sent.filter((request) => request.command === "UploadPartCommand");
    expect(parts.length).toBeGreaterThan(0);
    expect(sent.at(-1)).toEqual({ command: "AbortMultipartUploadCommand", uploadId: parts[0]!.uploadId });
    expect(await s3.listKeys("abort/")).toEqual([]);
    client.destroy();
  });
});
