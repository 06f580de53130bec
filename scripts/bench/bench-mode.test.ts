import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { autocannonFailure, envNumber, settle } from "./bench-mode";

describe("envNumber", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("is the fallback when unset or empty, the number when set", () => {
    expect(envNumber("BENCH_TEST_SIZE", 100_000)).toBe(100_000);
    vi.stubEnv("BENCH_TEST_SIZE", " ");
    expect(envNumber("BENCH_TEST_SIZE", 7)).toBe(7);
    vi.stubEnv("BENCH_TEST_SIZE", "300");
    expect(envNumber("BENCH_TEST_SIZE", 100_000, 1)).toBe(300);
  });

  it.each(["ten", "-1", "0", "NaN", "Infinity"])("refuses %j rather than measuring it", (raw) => {
    vi.stubEnv("BENCH_TEST_SIZE", raw);
    expect(() => envNumber("BENCH_TEST_SIZE", 10, 1)).toThrow(/BENCH_TEST_SIZE must be a number ≥ 1/);
  });
});

describe("autocannonFailure", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      res.statusCode = req.url === "/ok" ? 200 : 500;
      res.end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const run = (url: string) => autocannon({ url, connections: 2, amount: 20, timeout: 2 });

  // One test, the three runs side by side: each autocannon run takes its one-second tick.
  it("is null when every answer is 2xx, and names error answers (which autocannon only counts) and a server that does not answer", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const [ok, broken, gone] = await Promise.all([run(`${base}/ok`), run(`${base}/broken`), run(`http://127.0.0.1:${port}/ok`)]);
    expect(autocannonFailure("ok", ok)).toBeNull();
    expect(autocannonFailure("broken", broken)).toMatch(/^broken: 20 non-2xx answers \(20× 500\)/);
    expect(autocannonFailure("gone", gone)).toMatch(/^gone: 0 non-2xx answers, [1-9]\d* errors/);
  });
});

describe("settle", () => {
  const before = process.exitCode;
  afterEach(() => {
    process.exitCode = before;
  });

  it.each([
    // targets met, failures, smoke, exit code
    [true, [], false, before],
    [false, [], false, 1],
    [false, [], true, before],
    [true, ["search: 3 non-2xx answers"], true, 1],
    [false, ["seeding failed"], false, 1],
  ] as const)("targets met %s, failures %j, smoke %s: exit code %s", (met, failures, smoke, code) => {
    const lines: string[] = [];
    settle(met, failures, smoke, (line) => lines.push(line));
    expect(process.exitCode).toBe(code);
    expect(lines.filter((l) => l.startsWith("FAILED: "))).toHaveLength(failures.length);
    expect(lines.some((l) => l.includes("not enforced"))).toBe(smoke && !met);
  });
});
