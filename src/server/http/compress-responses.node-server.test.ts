import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { decodedBody, leavesByFastPath, useNodeServerResponses } from "../../../tests/fixtures/http";
import type { AppEnv } from "./app-env";
import { compressResponses } from "./compress-responses";

const big = { slots: Array.from({ length: 60 }, (_, i) => ({ startsAt: `2026-12-01T${String(i % 24).padStart(2, "0")}:00:00.000Z`, format: "online" })) };

const app = new Hono<AppEnv>()
  .use("*", compressResponses)
  .get("/big", (c) => {
    c.header("X-Request-Id", "r-1");
    return c.json(big);
  })
  .get("/small", (c) => c.json({ status: "ok" }));

describe("compressResponses on @hono/node-server's light Response", () => {
  beforeAll(() => {
    useNodeServerResponses(app.fetch);
  });

  it.each([
    ["no Accept-Encoding", undefined],
    ["gzip refused", "gzip;q=0"],
    ["gzip, small JSON", "gzip"],
  ])("keeps the fast path with %s", async (_, acceptEncoding) => {
    const res = await app.request(acceptEncoding === "gzip" ? "/small" : "/big", { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
    expect(leavesByFastPath(res)).toBe(true);
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
  });

  it("sends gzipped JSON by the fast path too, with its headers kept", async () => {
    const res = await app.request("/big", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(leavesByFastPath(res)).toBe(true);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("x-request-id")).toBe("r-1");
    expect(JSON.parse(await decodedBody(res))).toEqual(big);
  });
});
