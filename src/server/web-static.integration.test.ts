import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTeacher } from "../../tests/factories/accounts";
import { decodedBody } from "../../tests/fixtures/http";
import { createTestApp, type TestApp } from "../../tests/fixtures/test-app";
import { mountWebApp } from "./web-static";
import type { PageData, RenderPage } from "./web-ssr";

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
    const texts = await Promise.all([br, gz, plain, refused].map(decodedBody));
    expect(new Set(texts).size).toBe(1);
    for (const res of [br, gz, plain, refused]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain(type);
      expect(res.headers.get("vary")?.toLowerCase()).toContain("accept-encoding");
    }
  });

  // A small answer whatever else is in the database (on PostgreSQL other test files' teachers share it).
  it("API JSON goes through the API's compression (http/compress-responses.test.ts): under 1 KB plain, varying on Accept-Encoding", async () => {
    const res = await t.app.request("/api/health", { headers: { "accept-encoding": "gzip, br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(Number(res.headers.get("content-length"))).toBeLessThan(1024);
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
    expect(JSON.parse(await decodedBody(res))).toHaveProperty("status", "ok");
  });

  it("API JSON of 1 KB or more is gzipped by the app, with its length", async () => {
    // Nine cards are well over 1 KB, however many teachers other test files add (PostgreSQL).
    for (let i = 0; i < 9; i++) await createTeacher(t.deps);
    const res = await t.app.request("/api/search/teachers", { headers: { "accept-encoding": "gzip, br" } });
    const plain = await (await t.app.request("/api/search/teachers")).text();
    expect(plain.length).toBeGreaterThan(1024);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
    expect(Number(res.headers.get("content-length"))).toBe((await res.clone().arrayBuffer()).byteLength);
    expect(JSON.parse(await decodedBody(res))).toEqual(JSON.parse(plain));
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
      // The confetti's blob: worker, and nothing more for scripts.
      expect(csp).toContain("worker-src 'self' blob:");
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

describe("landing pages name their route chunks (modulepreload)", () => {
  let app: TestApp;
  beforeAll(async () => {
    const root = fakeBuild();
    const index = `<!doctype html><html><head>\n    <script type="module" crossorigin src="/assets/app-abc123.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/react.js">\n  </head><body></body></html>`;
    writeFileSync(path.join(root, "index.html"), index);
    writeFileSync(path.join(root, "index.html.br"), brotliCompressSync(index));
    writeFileSync(path.join(root, "index.html.gz"), gzipSync(index));
    mkdirSync(path.join(root, ".vite"));
    const manifest = {
      "index.html": { file: "assets/app-abc123.js", isEntry: true, imports: ["_react.js"] },
      "_react.js": { file: "assets/react.js" },
      "features/search/find-teachers-page.tsx": { file: "assets/find.js", isDynamicEntry: true, imports: ["_react.js", "_card.js"] },
      "_card.js": { file: "assets/card.js", imports: ["_react.js"] },
      "features/teachers/profile/teacher-profile-page.tsx": { file: "assets/profile.js", isDynamicEntry: true, imports: ["_card.js"] },
    };
    writeFileSync(path.join(root, ".vite", "manifest.json"), JSON.stringify(manifest));
    app = await createTestApp();
    expect(mountWebApp(app.app, root)).toBe(true);
  });
  afterAll(() => app.close());

  const preloads = (html: string) => [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

  it.each([
    ["/find-teachers?instrument=piano&location=New%20York", ["/assets/react.js", "/assets/find.js", "/assets/card.js"]],
    ["/teacher/profile/6f1c8a3e-2b7d-4c59-9e0a-1d2b3c4d5e6f", ["/assets/react.js", "/assets/profile.js", "/assets/card.js"]],
    // A landing page the build does not have (no landing-page.tsx in this manifest): the plain page.
    ["/", ["/assets/react.js"]],
    ["/dashboard", ["/assets/react.js"]],
    ["/teacher/profile/x/reviews", ["/assets/react.js"]],
  ])("%s preloads %j, the same in every encoding", async (url, expected) => {
    const texts = await Promise.all(
      ["br", "gzip", ""].map(async (encoding) => decodedBody(await app.app.request(url, { headers: encoding ? { "accept-encoding": encoding } : {} }))),
    );
    expect(new Set(texts).size).toBe(1);
    expect(preloads(texts[0]!)).toEqual(expected);
  });

  const dataPreloads = (html: string) => [...html.matchAll(/rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)"/g)].map((m) => m[1]);

  it("a profile also names its data request, the one the page makes", async () => {
    const id = "6f1c8a3e-2b7d-4c59-9e0a-1d2b3c4d5e6f";
    const texts = await Promise.all(
      ["br", "gzip", ""].map(async (encoding) => decodedBody(await app.app.request(`/teacher/profile/${id}`, { headers: encoding ? { "accept-encoding": encoding } : {} }))),
    );
    expect(new Set(texts).size).toBe(1);
    expect(dataPreloads(texts[0]!)).toEqual([`/api/teachers/${id}/public`]);
    expect(dataPreloads(await decodedBody(await app.app.request("/find-teachers")))).toEqual([]);
  });

  it("a path parameter that is not a plain id is never written into the page", async () => {
    const html = await decodedBody(await app.app.request('/teacher/profile/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E'));
    expect(dataPreloads(html)).toEqual([]);
    expect(html).not.toContain("<script>alert");
    expect(preloads(html)).toEqual(["/assets/react.js", "/assets/profile.js", "/assets/card.js"]);
  });
});

describe("landing pages rendered by the page renderer (web-ssr.ts)", () => {
  let app: TestApp;
  const calls: { url: string; data: PageData[] }[] = [];
  const render: RenderPage = (url, data) => {
    calls.push({ url, data });
    // A page the renderer declines (a redirect, a route that failed): the unrendered page is sent.
    if (url.includes("declined")) return Promise.resolve(null);
    const name = (data[0]?.body as { firstName?: string } | undefined)?.firstName ?? "nobody";
    return Promise.resolve({ html: `<main>rendered ${new URL(url).pathname} for ${name}</main>`, state: '<script type="application/json" id="ssr-state">{}</script>' });
  };
  beforeAll(async () => {
    const root = fakeBuild();
    const index = `<!doctype html><html><head>\n    <script type="module" crossorigin src="/assets/app-abc123.js"></script>\n  </head><body><div id="root"><!--app-html--><p>frame</p><!--/app-html--></div><!--app-state--></body></html>`;
    writeFileSync(path.join(root, "index.html"), index);
    writeFileSync(path.join(root, "index.html.br"), brotliCompressSync(index));
    writeFileSync(path.join(root, "index.html.gz"), gzipSync(index));
    mkdirSync(path.join(root, ".vite"));
    const manifest = {
      "index.html": { file: "assets/app-abc123.js", isEntry: true },
      "features/landing/landing-page.tsx": { file: "assets/landing.js", isDynamicEntry: true },
      "features/search/find-teachers-page.tsx": { file: "assets/find.js", isDynamicEntry: true },
      "features/teachers/profile/teacher-profile-page.tsx": { file: "assets/profile.js", isDynamicEntry: true },
    };
    writeFileSync(path.join(root, ".vite", "manifest.json"), JSON.stringify(manifest));
    app = await createTestApp();
    expect(mountWebApp(app.app, root, render)).toBe(true);
  });
  afterAll(() => app.close());

  const page = async (url: string, encoding = "") => decodedBody(await app.app.request(url, { headers: encoding ? { "accept-encoding": encoding } : {} }));

  it.each([
    ["/", "rendered / for nobody"],
    ["/find-teachers?instrument=piano", "rendered /find-teachers for nobody"],
  ])("%s is sent rendered, in the root, with its state after it, the same in every encoding", async (url, text) => {
    const texts = await Promise.all(["br", "gzip", ""].map((encoding) => page(url, encoding)));
    expect(new Set(texts).size).toBe(1);
    expect(texts[0]).toContain(`<div id="root"><main>${text}</main></div><script type="application/json" id="ssr-state">{}</script>`);
    expect(texts[0]).not.toContain("<p>frame</p>");
    expect(texts[0]).not.toContain("<!--app-");
  });

  it("a page that depends only on its URL is rendered once per URL", async () => {
    const url = "/find-teachers?instrument=violin&location=Austin";
    const before = calls.length;
    for (let i = 0; i < 3; i++) await page(url, "br");
    await page(`${url}&distance=25`);
    expect(calls.slice(before).map((c) => new URL(c.url).search)).toEqual(["?instrument=violin&location=Austin", "?instrument=violin&location=Austin&distance=25"]);
  });

  it("a profile is rendered on every request from the teacher's public profile, read through the API", async () => {
    const teacher = await createTeacher(app.deps);
    const before = calls.length;
    expect(await page(`/teacher/profile/${teacher.teacherId}`)).toContain(`rendered /teacher/profile/${teacher.teacherId} for Terry`);
    await page(`/teacher/profile/${teacher.teacherId}`, "br");
    const made = calls.slice(before);
    expect(made).toHaveLength(2);
    expect(made[0]!.data).toEqual([{ path: `/api/teachers/${teacher.teacherId}/public`, body: expect.objectContaining({ id: teacher.teacherId, firstName: "Terry" }) }]);
  });

  it("a teacher the API does not show is rendered without data (the page shows Not Found once it asks)", async () => {
    const hidden = await createTeacher(app.deps, { discoverable: false });
    const before = calls.length;
    expect(await page(`/teacher/profile/${hidden.teacherId}`)).toContain("for nobody");
    expect(calls.slice(before)[0]!.data).toEqual([]);
  });

  it("a page the renderer declines is sent unrendered, as the browser would render it", async () => {
    const html = await page("/find-teachers?location=declined");
    expect(html).toContain("<p>frame</p>");
    expect(html).not.toContain("ssr-state");
  });

  it("other paths are never rendered", async () => {
    const before = calls.length;
    expect(await page("/dashboard")).toContain("<p>frame</p>");
    expect(await page("/teacher/profile/x/reviews")).toContain("<p>frame</p>");
    expect(calls.length).toBe(before);
  });
});
