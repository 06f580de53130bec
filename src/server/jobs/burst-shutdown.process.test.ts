import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createScratchDatabase, type ScratchDatabase } from "../../../tests/fixtures/scratch-database";
import { freePort, startServerProcess, waitHealthy, type ServerProcess } from "../../../tests/fixtures/server-process";
import { DIGEST_KIND } from "../digest/weekly-digest.repo";

/**
 * Issue 42: a supervisor stops a server in the middle of Sunday's burst (a deploy at 18:05). The
 * compiled server on PostgreSQL, its runner busy with 30,000 weekly emails, gets SIGTERM: it must
 * end its pass between two jobs and exit 0 within main.ts's 10 seconds, leaving no job leased to
 * it (another server takes the rest at once). Needs TEST_DATABASE_URL (CI sets it).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
let scratch: ScratchDatabase | undefined;
let server: ServerProcess | undefined;
let sql: pg.Client | undefined;

afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
  await sql?.end();
  await scratch?.drop();
});

const count = async (where: string) => Number((await sql!.query<{ n: string }>(`select count(*) as n from jobs where kind = $1 and ${where}`, [DIGEST_KIND])).rows[0]!.n);

describe.skipIf(!adminUrl)("stopping a server mid-burst", () => {
  it("SIGTERM while 30,000 weekly emails are due: exits 0 within 10 s, nothing left leased to it", async () => {
    scratch = await createScratchDatabase(adminUrl!, "mlm_burst");
    sql = new pg.Client({ connectionString: scratch.url });
    await sql.connect();
    // This week's digests of accounts that are gone: each job is quick, the burst long.
    const now = new Date();
    const weekStart = new Date(now.getTime() - ((now.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
    await sql.query(
      `insert into jobs (kind, key, payload, run_at)
       select $1, $1 || ':burst:' || i, jsonb_build_object('userId', $2 || i, 'weekStart', $3::text), now() - interval '5 minutes'
         from generate_series(1, 30000) as i`,
      [DIGEST_KIND, `gone-${randomUUID()}-`, weekStart],
    );
    server = startServerProcess({ DATABASE_URL: scratch.url, JOBS_INTERVAL_SECONDS: "1" }, await freePort(), { compiled: true });
    await waitHealthy(server);
    const deadline = Date.now() + 60_000;
    while ((await count("done_at is not null")) < 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await count("done_at is null")).toBeGreaterThan(0);

    const signalled = Date.now();
    server.child.kill("SIGTERM");
    const code = await server.exited;
    const tookMs = Date.now() - signalled;
    expect({ code, within10s: tookMs < 10_000 }, server.output().slice(-2000)).toEqual({ code: 0, within10s: true });
    expect(await count("done_at is null and locked_until is not null")).toBe(0);
    expect(await count("done_at is null")).toBeGreaterThan(0);
  }, 180_000);
});
