import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { describe, expect, it } from "vitest";
import { decodedBody } from "../../../tests/fixtures/http";
import type { AppEnv } from "./app-env";
import { compressResponses } from "./compress-responses";

const big = { teachers: Array.from({ length: 40 }, (_, i) => ({ id: `teacher-${i}`, name: `Teacher number ${i}`, city: "New York" })) };
const small = { status: "ok" };

const app = new Hono<AppEnv>()
  .use("*", compressResponses)
  .get("/big", (c) => {
    c.header("X-Request-Id", "r-1");
    return c.json(big);
  })
  .get("/small", (c) => c.json(small))
  .get("/created", (c) => c.json(big, 201, { "X-Extra": "1" }))
  .get("/hand-made", () => new Response(JSON.stringify(big), { headers: { "content-type": "application/json; charset=UTF-8" } }))
  .get("/missing", (c) => c.json({ ...big, error: "not found" }, 404))
  .get("/no-transform", (c) => {
    c.header("Cache-Control", "no-transform");
    return c.json(big);
  })
  .get("/text", (c) => c.text("plain text ".repeat(300)))
  .get("/events", (c) => streamSSE(c, async (stream) => stream.writeSSE({ data: "x".repeat(2000) })));

const get = (path: string, acceptEncoding?: string, method = "GET") =>
  app.request(path, { method, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });


describe("compressResponses", () => {
  it("gzips JSON of 1 KB or more in one piece for a browser, with its length, the same JSON inside", async () => {
    const res = await get("/big", "gzip, deflate, br");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("x-request-id")).toBe("r-1");
    const bytes = Buffer.from(await res.clone().arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(bytes.byteLength);
    expect(bytes.byteLength).toBeLessThan(JSON.stringify(big).length / 2);
    expect(JSON.parse(await decodedBody(res))).toEqual(big);
  });

  it("keeps the status of an error", async () => {
    const res = await get("/missing", "gzip");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(await decodedBody(res))).toMatchObject({ error: "not found" });
  });

  it("keeps the status and headers given to c.json", async () => {
    const res = await get("/created", "gzip");
    expect(res.status).toBe(201);
    expect(res.headers.get("x-extra")).toBe("1");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(await decodedBody(res))).toEqual(big);
  });

  it("gzips JSON that a handler made without c.json too (read back)", async () => {
    const res = await get("/hand-made", "gzip");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(Number(res.headers.get("content-length"))).toBe((await res.clone().arrayBuffer()).byteLength);
    expect(JSON.parse(await decodedBody(res))).toEqual(big);
  });

  it("sends JSON under 1 KB as it is, with Vary", async () => {
    const res = await get("/small", "gzip, br");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
    expect(JSON.parse(await decodedBody(res))).toEqual(small);
  });

  it.each([
    ["no Accept-Encoding", undefined],
    ["gzip refused", "gzip;q=0, br;q=0"],
    ["only an encoding we do not make", "br"],
  ])("sends JSON plain with %s, still varying on Accept-Encoding", async (_, acceptEncoding) => {
    const res = await get("/big", acceptEncoding);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
    expect(JSON.parse(await decodedBody(res))).toEqual(big);
  });

  it("sends JSON plain to a client that takes deflate alone (every browser takes gzip)", async () => {
    const res = await get("/big", "deflate");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
    expect(JSON.parse(await decodedBody(res))).toEqual(big);
  });

  it("still streams other text to a client that takes deflate alone", async () => {
    const res = await get("/text", "deflate");
    expect(res.headers.get("content-encoding")).toBe("deflate");
    expect(await decodedBody(res)).toBe("plain text ".repeat(300));
  });

  it("respects Cache-Control: no-transform", async () => {
    const res = await get("/no-transform", "gzip");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(JSON.parse(await decodedBody(res))).toEqual(big);
  });

  it("still compresses other text, as it streams", async () => {
    const res = await get("/text", "gzip");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(await decodedBody(res)).toBe("plain text ".repeat(300));
  });

  it("never compresses an event stream", async () => {
    const res = await get("/events", "gzip");
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    expect(res.headers.get("content-encoding")).toBeNull();
  });

  it("does not compress the answer to HEAD", async () => {
    const res = await get("/big", "gzip", "HEAD");
    expect(res.headers.get("content-encoding")).toBeNull();
  });
});
