import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/fixtures/test-app";
import { mountWebApp } from "./web-static";

/** A built web app in miniature, with the compressed copies the build writes. */
function fakeBuild(): string {
  const root = mkdtempSync(path.join(tmpdir(), "web-dist-"));
  mkdirSync(path.join(root, "assets"));
  const files: Record<string, string> = {
    "index.html": `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body>${"<p>music</p>".repeat(200)}</body></html>`,
    "assets/app-abc123.js": `console.log(${JSON.stringify("x".repeat(5000))});`,
    "favicon.svg": `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(300)}</svg>`,
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(root, name), text);
    writeFileSync(path.join(root, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(root, `${name}.gz`), gzipSync(text));
  }
  return root;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(mountWebApp(t.app, fakeBuild())).toBe(true);
});
afterAll(() => t.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.request(url, { headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });

async function decoded(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get("content-encoding");
  if (encoding === "br") return brotliDecompressSync(bytes).toString();
  if (encoding === "gzip") return gunzipSync(bytes).toString();
  return bytes.toString();
}

describe("compressed responses", () => {
  it.each([
    ["/", "text/html"],
    ["/find-teachers?instrument=piano", "text/html"],
    ["/assets/app-abc123.js", "javascript"],
    ["/favicon.svg", "image/svg+xml"],
  ])("%s: brotli when accepted, else gzip, else plain; always Vary: Accept-Encoding", async (url, type) => {
    const br = await get(url, "gzip, deflate, br");
    const gz = await get(url, "gzip");
    const plain = await get(url);
    const refused = await get(url, "br;q=0, gzip;q=0");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(refused.headers.get("content-encoding")).toBeNull();
    const texts = await Promise.all([br, gz, plain, refused].map(decoded));
    expect(new Set(texts).size).toBe(1);
    for (const res of [br, gz, plain, refused]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain(type);
      expect(res.headers.get("vary")?.toLowerCase()).toContain("accept-encoding");
    }
  });

  it("API JSON is gzip-compressed for a client that accepts it", async () => {
    const res = await t.app.request("/api/search/teachers", { headers: { "accept-encoding": "gzip, br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
    expect(JSON.parse(await decoded(res))).toHaveProperty("teachers");
  });
});

describe("security headers on every kind of response", () => {
  it.each(["/", "/some/spa/route", "/assets/app-abc123.js", "/favicon.svg", "/api/health", "/api/landing/stats", "/api/nope"])(
    "%s carries the policy",
    async (url) => {
      const res = await get(url, "br");
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("permissions-policy")).toContain("geolocation=()");
    },
  );

  it("assets are cached for good, the page never without revalidation, private JSON never", async () => {
    expect((await get("/assets/app-abc123.js")).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await get("/")).headers.get("cache-control")).toBe("no-cache");
    expect((await get("/api/session")).headers.get("cache-control")).toBe("no-store");
  });

  it("an unknown /api path is JSON 404, not the page", async () => {
    const res = await get("/api/does-not-exist", "br");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
  });
});
