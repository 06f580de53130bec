import { mkdtempSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from "./data-dir-lock";

const dir = () => mkdtempSync(path.join(tmpdir(), "lock-test-"));
const writeOwner = (d: string, owner: object) => writeFileSync(path.join(d, LOCK_FILE_NAME), JSON.stringify(owner));

describe("acquireDataDirLock", () => {
  it("takes a free directory, records this process, and releases it", () => {
    const d = dir();
    const lock = acquireDataDirLock(d);
    expect(JSON.parse(readFileSync(lock.file, "utf8"))).toMatchObject({ pid: process.pid, host: hostname() });
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
  });

  it("refuses a directory held by a live process, naming the directory and the process, and leaves its lock", () => {
    const d = dir();
    writeOwner(d, { pid: 424242, host: hostname(), startedAt: "2026-01-01T00:00:00.000Z" });
    const attempt = () => acquireDataDirLock(d, { isAlive: (pid) => pid === 424242 });
    expect(attempt).toThrow(DataDirLockedError);
    expect(attempt).toThrow(new RegExp(`${d}.*process 424242`));
    expect(JSON.parse(readFileSync(path.join(d, LOCK_FILE_NAME), "utf8")).pid).toBe(424242);
  });

  it("takes over the lock of a process that no longer runs (kill -9)", () => {
    const d = dir();
    writeOwner(d, { pid: 424242, host: hostname(), startedAt: "2026-01-01T00:00:00.000Z" });
    const lock = acquireDataDirLock(d, { isAlive: () => false });
    expect(JSON.parse(readFileSync(lock.file, "utf8")).pid).toBe(process.pid);
  });

  it("takes over a half-written lock file", () => {
    const d = dir();
    writeFileSync(path.join(d, LOCK_FILE_NAME), "{\"pid\":");
    expect(acquireDataDirLock(d).file).toBe(path.join(d, LOCK_FILE_NAME));
  });

  it("never takes over a lock from another machine (a shared disk): the pid means nothing here", () => {
    const d = dir();
    writeOwner(d, { pid: 1, host: "some-other-host", startedAt: "" });
    expect(() => acquireDataDirLock(d, { isAlive: () => false })).toThrow(/some-other-host/);
  });

  it("release leaves a lock that another process has since taken alone", () => {
    const d = dir();
    const lock = acquireDataDirLock(d);
    writeOwner(d, { pid: 424242, host: hostname(), startedAt: "" });
    lock.release();
    expect(existsSync(path.join(d, LOCK_FILE_NAME))).toBe(true);
  });
});
