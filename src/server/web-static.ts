import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { fillRoutePath, LANDING_PAGES, matchRoutePath } from "../shared/landing-pages";
import type { AppEnv } from "./http/app-env";
import { LRUCache } from "lru-cache";
import { acceptedEncoding, varyOnAcceptEncoding, type ContentEncoding } from "./http/content-encoding";
import { routeChunkFiles, type Manifest } from "./web-manifest";
import { withRenderedPage, type PageData, type RenderPage } from "./web-ssr";

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

/** A page made per request (a few KB): compressed fast, and only in the encoding asked for. */
function dynamicPage(html: string): IndexPage {
  const identity = Buffer.from(html);
  let br: Buffer<ArrayBuffer> | undefined;
  let gzip: Buffer<ArrayBuffer> | undefined;
  return {
    identity,
    get br() {
      return (br ??= brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
    },
    get gzip() {
      return (gzip ??= gzipSync(identity));
    },
  };
}

interface LandingMatch {
  landing: LandingIndexPage;
  /** The API answer the page paints first, with its parameters filled in (only plain ids). */
  dataUrl: string | null;
}

function matchLanding(pages: LandingIndexPage[], urlPath: string): LandingMatch | undefined {
  for (const landing of pages) {
    const params = matchRoutePath(landing.path, urlPath);
    if (!params) continue;
    const dataUrl = landing.data && Object.values(params).every((v) => PLAIN_PARAM.test(v)) ? fillRoutePath(landing.data, params) : null;
    return { landing, dataUrl };
  }
  return undefined;
}

/**
 * The landing page unrendered: one whose first paint waits on an API answer (the profile) also
 * names that request (preload as fetch, the credentials mode of the app's own fetch), so it starts
 * while the code downloads.
 */
function unrenderedLanding({ landing, dataUrl }: LandingMatch): IndexPage {
  if (!dataUrl) return landing.page;
  return dynamicPage(landing.html.replace("  </head>", `    <link rel="preload" as="fetch" crossorigin="anonymous" href="${dataUrl}">\n  </head>`));
}

/**
 * Landing pages rendered by React on the server. A page that needs no API answer depends only on its
 * URL, so it is rendered once per URL and kept (the least recently used of 200 go); the profile is
 * rendered per request from the teacher's current profile, read through the API's own route.
 */
function landingRenderer(app: Hono<AppEnv>, renderPage: RenderPage) {
  const kept = new LRUCache<string, IndexPage>({ max: 200 });
  const pageData = async (dataUrl: string): Promise<PageData[]> => {
    const response = await app.request(dataUrl);
    // Not found or failing: the page renders as it does while loading, and the browser asks again.
    return response.ok ? [{ path: dataUrl, body: await response.json() }] : [];
  };
  return async (match: LandingMatch, url: URL): Promise<IndexPage | undefined> => {
    const key = `${url.pathname}${url.search}`;
    const cached = match.dataUrl ? undefined : kept.get(key);
    if (cached) return cached;
    const rendered = await renderPage(url.href, match.dataUrl ? await pageData(match.dataUrl) : []);
    if (!rendered) return undefined;
    const page = dynamicPage(withRenderedPage(match.landing.html, rendered));
    if (!match.dataUrl) kept.set(key, page);
    return page;
  };
}

/** Brotli first: smaller than gzip for the same page. */
const ENCODINGS_BY_PREFERENCE: readonly ContentEncoding[] = ["br", "gzip"];

/**
 * Serves the built SPA: real files first, then index.html for every other non-API path; the landing
 * pages rendered by `renderPage` when the build has the renderer (src/server/web-ssr.ts).
 */
export function mountWebApp(app: Hono<AppEnv>, root = WEB_DIST, renderPage: RenderPage | null = null): boolean {
  const indexFile = path.join(root, "index.html");
  if (!existsSync(indexFile)) return false;
  const index = loadIndex(indexFile);
  const landingPages = landingIndexPages(root, index);
  const renderLanding = renderPage ? landingRenderer(app, renderPage) : null;
  // A response differs by Accept-Encoding whether or not this one was compressed.
  app.use("*", async (c, next) => {
    await next();
    varyOnAcceptEncoding(c.res.headers);
  });
  // Compressed once at build time: the .br or .gz beside each file is sent as it is.
  const staticFiles = serveStatic<AppEnv>({ root, precompressed: true });
  const cachedStaticFiles = createMiddleware<AppEnv>(async (c, next) => {
    // serveStatic would answer "/" with index.html as it is; "/" is a landing page (below).
    if (c.req.path === "/") return next();
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
  app.get("*", async (c) => {
    const match = matchLanding(landingPages, c.req.path);
    const page = match ? ((renderLanding && (await renderLanding(match, new URL(c.req.url)))) ?? unrenderedLanding(match)) : index;
    c.header("cache-control", "no-cache");
    c.header("content-type", "text/html; charset=UTF-8");
    const encoding = acceptedEncoding(c, ENCODINGS_BY_PREFERENCE.filter((name) => page[name]));
    if (!encoding) return c.body(page.identity);
    c.header("content-encoding", encoding);
    return c.body(encoding === "br" ? page.br! : page.gzip!);
  });
  return true;
}
