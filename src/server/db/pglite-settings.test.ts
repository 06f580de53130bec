import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, PGLITE_SETTINGS, type DatabaseHandle } from "./client";

/** The embedded database runs with its memory settings (issue 30), on top of PGlite's own start parameters. */
describe("embedded PostgreSQL settings", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openPglite();
  });
  afterAll(async () => {
    await handle.close();
  });

  it.each(Object.entries(PGLITE_SETTINGS))("%s is %s", async (name, value) => {
    const { rows } = await handle.pglite!.query<Record<string, string>>(`show ${name}`);
    expect(rows[0]![name]).toBe(value);
  });

  it("keeps PGlite's own parameters (the public schema first on the search path)", async () => {
    const { rows } = await handle.pglite!.query<{ search_path: string }>("show search_path");
    expect(rows[0]!.search_path).toBe("public");
  });
});
