import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { keySegments, LocalDiskStorage, StorageKeyError } from "./storage";

let base: string;
let storage: LocalDiskStorage;
beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), "storage-test-"));
  storage = new LocalDiskStorage(path.join(base, "uploads"));
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

/** Every file under the base folder, relative, to prove what was (not) written. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();

describe("storage keys", () => {
  it.each([
    "teacher-videos/0b5c/intro-video.mp4",
    "a.txt",
    "a/b/c_d-e.f",
  ])("accepts %j", (key) => {
    expect(() => keySegments(key)).not.toThrow();
  });

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
    expect(() => storage.pathOf(key)).toThrow(StorageKeyError);
    await expect(storage.put(key, Readable.from([Buffer.from("x")]))).rejects.toThrow(StorageKeyError);
    await expect(storage.get(key)).rejects.toThrow(StorageKeyError);
    await expect(storage.delete(key)).rejects.toThrow(StorageKeyError);
    expect(filesUnder(base)).toEqual([]);
  });
});

describe("LocalDiskStorage", () => {
  it("puts, stats, gets all or a range, and deletes", async () => {
    const { size } = await storage.put("v/1/file.txt", Readable.from([Buffer.from("hello "), Buffer.from("world")]));
    expect(size).toBe(11);
    expect(filesUnder(base)).toEqual(["uploads/v/1/file.txt"]);
    expect((await storage.stat("v/1/file.txt"))?.size).toBe(11);

    const all = await storage.get("v/1/file.txt");
    expect(await text(all!.stream)).toBe("hello world");
    const part = await storage.get("v/1/file.txt", { start: 6, end: 10 });
    expect(part!.info.size).toBe(11);
    expect(await text(part!.stream)).toBe("world");

    await storage.delete("v/1/file.txt");
    expect(await storage.stat("v/1/file.txt")).toBeNull();
    expect(await storage.get("v/1/file.txt")).toBeNull();
    await expect(storage.delete("v/1/file.txt")).resolves.toBeUndefined();
  });

  it("accepts a web ReadableStream", async () => {
    const body = new Blob(["from the web"]).stream();
    await storage.put("web.txt", body);
    expect(readFileSync(storage.pathOf("web.txt"), "utf8")).toBe("from the web");
  });

  it("replaces a file only when the new stream completed, and leaves no temporary file after a failure", async () => {
    await storage.put("doc.txt", Readable.from([Buffer.from("old")]));
    const failing = new Readable({
      read() {
        this.push(Buffer.from("partial new content"));
        this.destroy(new Error("client went away"));
      },
    });
    await expect(storage.put("doc.txt", failing)).rejects.toThrow("client went away");
    expect(readFileSync(storage.pathOf("doc.txt"), "utf8")).toBe("old");
    expect(filesUnder(base)).toEqual(["uploads/doc.txt"]);

    await storage.put("doc.txt", Readable.from([Buffer.from("new")]));
    expect(readFileSync(storage.pathOf("doc.txt"), "utf8")).toBe("new");
    expect(filesUnder(base)).toEqual(["uploads/doc.txt"]);
  });

  it("has nothing for a missing key or a folder", async () => {
    writeFileSync(path.join(base, "outside.txt"), "not in uploads");
    await storage.put("folder/inner.txt", Readable.from([Buffer.from("x")]));
    expect(await storage.stat("missing.txt")).toBeNull();
    expect(await storage.stat("folder")).toBeNull();
    expect(await storage.get("folder")).toBeNull();
    expect(await storage.get("missing/deeper.txt")).toBeNull();
  });
});
