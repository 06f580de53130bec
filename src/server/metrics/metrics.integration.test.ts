import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWN_MAIL_CLOCK, storeMailDueAt } from "../../../tests/fixtures/outbox";
import { createTestApp, type TestApp } from "../../../tests/fixtures/test-app";
import { registry } from "./metrics";

const TOKEN = "metrics-token-0123456789";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

const scrape = (headers: Record<string, string> = {}) => t.app.request("/metrics", { headers });

/** The value of one sample line, e.g. `jobs{state="waiting"}`. */
function sample(text: string, name: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe("GET /metrics", () => {
  it("is a 404 without the token, with a wrong one, and when no token is configured", async () => {
    expect((await scrape()).status).toBe(404);
    expect((await scrape({ authorization: "Bearer wrong-token-0123456789" })).status).toBe(404);
    expect((await scrape({ authorization: TOKEN })).status).toBe(404);
    const unconfigured = await createTestApp();
    try {
      const res = await unconfigured.app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: "not_found" } });
    } finally {
      await unconfigured.close();
    }
  });

  it("answers Prometheus text: requests by route pattern and status, latency, jobs, pool, live streams, emails", async () => {
    // A known route with an id in its path: counted under its pattern, not the raw path.
    await t.app.request("/api/teachers/00000000-0000-4000-8000-000000000000/public");
    await storeMailDueAt(t, { to: "a@example.com", subject: "s", text: "t", kind: "metrics-test" });
    await t.deps.mailer.sendDue(OWN_MAIL_CLOCK);
    const res = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(registry.contentType);
    const text = await res.text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/teachers\/:teacherId\/public",status="404"\} \d+/);
    expect(text).not.toContain("00000000-0000-4000-8000-000000000000");
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/teachers\/:teacherId\/public",status="404"\}/);
    expect(sample(text, 'emails_sent_total{kind="metrics-test"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'jobs{state="waiting"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'jobs{state="running"}')).toBe(0);
    expect(sample(text, 'jobs{state="failed"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, "live_streams_open")).toBe(0);
    expect(text).toContain("process_resident_memory_bytes");
  });
});

describe("the exposition follows Prometheus's naming rules (issue 39)", () => {
  async function exposition(): Promise<string> {
    await t.app.request("/api/health");
    return (await scrape({ authorization: `Bearer ${TOKEN}` })).text();
  }

  it("names only counters `…_total`", async () => {
    const types = [...(await exposition()).matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => ({ name, type }));
    expect(types.length).toBeGreaterThan(10);
    expect(types.filter(({ name, type }) => name!.endsWith("_total") && type !== "counter")).toEqual([]);
    // The counts the renamed gauges carried are still there, by type.
    expect(types.map(({ name }) => name)).toContain("nodejs_active_handles");
  });

  // promtool is Debian's `prometheus` package; .ci/run installs it, so CI always runs this check.
  const promtool = spawnSync("promtool", ["--version"]).status === 0;
  it.runIf(promtool || process.env.CI === "true")("passes `promtool check metrics`", async () => {
    const checked = spawnSync("promtool", ["check", "metrics"], { input: await exposition(), encoding: "utf8" });
    expect(checked.error).toBeUndefined();
    expect(`${checked.stdout}${checked.stderr}`.trim()).toBe("");
    expect(checked.status).toBe(0);
  });
});

describe("GET /api/health/ready", () => {
  it("is ready with every committed migration applied", async () => {
    const res = await t.app.request("/api/health/ready");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ready: boolean; database: string; migrations: { applied: number; expected: number } };
    expect(body).toMatchObject({ ready: true, database: "ok" });
    expect(body.migrations.applied).toBe(body.migrations.expected);
    expect(body.migrations.expected).toBeGreaterThan(10);
  });

  it("is not ready (503) while the database does not answer", async () => {
    const other = await createTestApp();
    await other.handle.close();
    try {
      const res = await other.app.request("/api/health/ready");
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ ready: false, database: "unreachable" });
    } finally {
      await other.close().catch(() => undefined);
    }
  });
});
