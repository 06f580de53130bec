import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./http/app-env";

export const WEB_DIST = fileURLToPath(new URL("../../dist/web", import.meta.url));

/** index.html and the compressed copies the build wrote beside it (`vite-plugin-compression2`). */
function loadIndex(indexFile: string) {
  const read = (suffix: string) => (existsSync(indexFile + suffix) ? readFileSync(indexFile + suffix) : undefined);
  return { identity: readFileSync(indexFile), br: read(".br"), gzip: read(".gz") };
}

/** The best encoding of the two we keep that the browser accepts (q=0 means refused). */
function acceptedEncoding(c: Context, available: { br?: Buffer | undefined; gzip?: Buffer | undefined }) {
  const accepted = new Map(
    (c.req.header("accept-encoding") ?? "").split(",").map((part) => {
      const [name = "", ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return [name, q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (available.br && ok("br")) return "br" as const;
  if (available.gzip && ok("gzip")) return "gzip" as const;
  return undefined;
}

/** Serves the built SPA: real files first, then index.html for every other non-API path. */
export function mountWebApp(app: Hono<AppEnv>, root = WEB_DIST): boolean {
  const indexFile = path.join(root, "index.html");
  if (!existsSync(indexFile)) return false;
  const index = loadIndex(indexFile);
  // A response differs by Accept-Encoding whether or not this one was compressed.
  app.use("*", async (c, next) => {
    await next();
    const vary = c.res.headers.get("vary");
    if (!vary?.toLowerCase().includes("accept-encoding")) c.header("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  });
  // Compressed once at build time: the .br or .gz beside each file is sent as it is.
  const staticFiles = serveStatic<AppEnv>({ root, precompressed: true });
  const cachedStaticFiles = createMiddleware<AppEnv>(async (c, next) => {
    const served = await staticFiles(c, next);
    // Not a file: serveStatic passed the request on (to the page below).
    if (!(served instanceof Response)) return;
    // Vite fingerprints asset names, so they never change under the same URL; the page itself must
    // always be revalidated so that a new build's assets are found.
    if (c.req.path.startsWith("/assets/")) served.headers.set("cache-control", "public, max-age=31536000, immutable");
    else if (served.headers.get("content-type")?.startsWith("text/html")) served.headers.set("cache-control", "no-cache");
    return served;
  });
  app.use("*", cachedStaticFiles);
  app.get("*", (c) => {
    c.header("cache-control", "no-cache");
    c.header("content-type", "text/html; charset=UTF-8");
    const encoding = acceptedEncoding(c, index);
    if (!encoding) return c.body(index.identity);
    c.header("content-encoding", encoding);
    return c.body(encoding === "br" ? index.br! : index.gzip!);
  });
  return true;
}
