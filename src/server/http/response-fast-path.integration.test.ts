import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTeacher } from "../../../tests/factories/accounts";
import { decodedBody, leavesByFastPath, useNodeServerResponses } from "../../../tests/fixtures/http";
import type { SlotsResponse } from "../../shared/booking/booking.schemas";
import { createTestApp, type TestApp } from "../../../tests/fixtures/test-app";

/**
 * Through the whole middleware chain of the real app, JSON answers stay on @hono/node-server's
 * light Response, which it writes in one call; once any middleware reads the body (or calls
 * `c.header()` after the handler), the answer is rebuilt as a fetch Response and streamed, which
 * cost a tenth of the slots endpoint's CPU and held /api/health to 6,100 req/s
 * against 10,200 on the fast path (npm run bench:search, 50 connections).
 * (compress-responses.ts explains the rules.)
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  useNodeServerResponses(t.app.fetch);
});
afterAll(() => t.close());

describe("JSON answers of the real app leave by node-server's fast path", () => {
  it.each([
    ["/api/health", undefined],
    ["/api/search/teachers", undefined],
    ["/api/search/teachers", "gzip, deflate, br"],
    ["/api/no-such-route", "gzip"],
  ])("%s (Accept-Encoding %s)", async (path, acceptEncoding) => {
    const res = await t.app.request(path, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
    expect(leavesByFastPath(res)).toBe(true);
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    JSON.parse(await decodedBody(res));
  });

  // The month calendar writes its JSON text itself (booking/slots-json.ts): typed and gzipped like c.json's.
  it.each([undefined, "gzip, deflate, br"])("a teacher's month of slots (Accept-Encoding %s)", async (acceptEncoding) => {
    const { teacherId } = await createTeacher(t.deps, { timeZone: "America/New_York" });
    const next = new Date();
    next.setUTCDate(1);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const month = next.toISOString().slice(0, 7);
    const res = await t.app.request(`/api/teachers/${teacherId}/slots?type=intro&month=${month}&timeZone=America%2FNew_York`, {
      headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
    });
    expect(res.status).toBe(200);
    expect(leavesByFastPath(res)).toBe(true);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("content-encoding")).toBe(acceptEncoding ? "gzip" : null);
    const body = JSON.parse(await decodedBody(res)) as SlotsResponse;
    expect(body.teacherTimeZone).toBe("America/New_York");
    // Mondays 09:00-17:00: 32 intro calls each.
    expect(Object.values(body.days).length).toBeGreaterThanOrEqual(4);
    for (const slots of Object.values(body.days)) expect(slots).toHaveLength(32);
  });
});
