import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startServerProcess, waitHealthy, type ServerProcess } from "../../tests/fixtures/server-process";

const started: ServerProcess[] = [];
afterAll(() => started.forEach((s) => s.child.kill("SIGKILL")));

describe("the compiled server (what `npm start` runs)", () => {
  it("migrates a new database, resolves places from the shipped gazetteer and answers", async () => {
    const server = startServerProcess({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "compiled-server-")) }, await freePort(), { compiled: true });
    started.push(server);
    await waitHealthy(server);

    expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({ status: "ok", database: "pglite" });
    // A ZIP code is only known through dist/server/us-places.json.gz; an unknown place would say so.
    const search = await fetch(`${server.url}/api/search/teachers?location=78701`);
    expect(search.status).toBe(200);
    expect(await search.json()).toMatchObject({ place: { kind: "point", label: "Austin, TX 78701" } });
  }, 240_000);
});
