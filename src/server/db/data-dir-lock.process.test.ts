import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startServerProcess, waitHealthy, type ServerProcess } from "../../../tests/fixtures/server-process";

const started: ServerProcess[] = [];
afterAll(() => started.forEach((s) => s.child.kill("SIGKILL")));

describe("two servers on one embedded data directory", () => {
  it("refuses the second while the first keeps serving, and a kill -9'd holder's lock is taken over", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "two-servers-"));
    const first = startServerProcess({ DATA_DIR: dataDir }, await freePort());
    started.push(first);
    await waitHealthy(first);

    const second = startServerProcess({ DATA_DIR: dataDir }, await freePort());
    started.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by another server (process ${first.child.pid} `);
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

    first.child.kill("SIGKILL");
    await first.exited;
    const third = startServerProcess({ DATA_DIR: dataDir }, await freePort());
    started.push(third);
    await waitHealthy(third);
    expect((await fetch(`${third.url}/api/health`)).status).toBe(200);
  }, 240_000);
});
