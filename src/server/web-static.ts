import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { fillRoutePath, LANDING_PAGES, matchRoutePath } from "../shared/landing-pages";
import type { AppEnv } from "./http/app-env";
import { acceptedEncoding, varyOnAcceptEncoding, type ContentEncoding } from "./http/content-encoding";
import { routeChunkFiles, type Manifest } from "./web-manifest";

export const WEB_DIST = fileURLToPath(new URL("../../dist/web", import.meta.url));

interface LandingIndexPage {
  path: string;
  /** The page with its modulepreload links, as text (a data preload is added per request) and compressed. */
  html: string;
  page: IndexPage;
  data?: string | undefined;
}

interface IndexPage {
  identity: Buffer<ArrayBuffer>;
  br?: Buffer<ArrayBuffer> | undefined;
  gzip?: Buffer<ArrayBuffer> | undefined;
}

/** index.html and the compressed copies the build wrote beside it (`vite-plugin-compression2`). */
function loadIndex(indexFile: string): IndexPage {
  const read = (suffix: string) => (existsSync(indexFile + suffix) ? readFileSync(indexFile + suffix) : undefined);
  return { identity: readFileSync(indexFile), br: read(".br"), gzip: read(".gz") };
}

/**
 * index.html for each landing page, naming that page's route chunks as modulepreload links: the
 * browser fetches them beside the entry instead of after it has run and the router asked for them
 * (one round trip less before the page paints on a phone). Compressed once, here at start.
 */
function landingIndexPages(root: string, index: IndexPage): LandingIndexPage[] {
  const manifestFile = path.join(root, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) return [];
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  const html = index.identity.toString("utf8");
  return LANDING_PAGES.flatMap(({ path: routePath, module, data }) => {
    // A build without this page (an older or partial one) serves the plain index.html.
    if (!manifest[module] || !html.includes("</head>")) return [];
    const links = routeChunkFiles(manifest, module).map((file) => `    <link rel="modulepreload" crossorigin href="${file}">\n`);
    const withLinks = html.replace("  </head>", `${links.join("")}  </head>`);
    const identity = Buffer.from(withLinks);
    return [{ path: routePath, html: withLinks, data, page: { identity, br: brotliCompressSync(identity), gzip: gzipSync(identity, { level: 9 }) } }];
  });
}

/** Parameters that may be written into a URL in the page: ids, nothing that needs escaping. */
const PLAIN_PARAM = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The landing page for a path; one whose first paint waits on an API answer (the profile) also
 * names that request (preload as fetch, the credentials mode of the app's own fetch), so it starts
 * while the code downloads. That page is made and compressed per request (a few hundred bytes).
 */
function landingPageFor(pages: LandingIndexPage[], urlPath: string): IndexPage | undefined {
  for (const landing of pages) {
    const params = matchRoutePath(landing.path, urlPath);
    if (!params) continue;
    const dataUrl = landing.data && Object.values(params).every((v) => PLAIN_PARAM.test(v)) ? fillRoutePath(landing.data, params) : null;
    if (!dataUrl) return landing.page;
    const identity = Buffer.from(landing.html.replace("  </head>", `    <link rel="preload" as="fetch" crossorigin="anonymous" href="${dataUrl}">\n  </head>`));
    return {
      identity,
      br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
      gzip: gzipSync(identity),
    };
  }
  return undefined;
}

/** Brotli first: smaller than gzip for the same page. */
const ENCODINGS_BY_PREFERENCE: readonly ContentEncoding[] = ["br", "gzip"];

/** Serves the built SPA: real files first, then index.html for every other non-API path. */
export function mountWebApp(app: Hono<AppEnv>, root = WEB_DIST): boolean {
  const indexFile = path.join(root, "index.html");
  if (!existsSync(indexFile)) return false;
  const index = loadIndex(indexFile);
  const landingPages = landingIndexPages(root, index);
  // A response differs by Accept-Encoding whether or not this one was compressed.
  app.use("*", async (c, next) => {
    await next();
    varyOnAcceptEncoding(c.res.headers);
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
    const page = landingPageFor(landingPages, c.req.path) ?? index;
    const encoding = acceptedEncoding(c, ENCODINGS_BY_PREFERENCE.filter((name) => page[name]));
    if (!encoding) return c.body(page.identity);
    c.header("content-encoding", encoding);
    return c.body(encoding === "br" ? page.br! : page.gzip!);
  });
  return true;
}
