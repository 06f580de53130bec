import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import type { AppEnv } from "./http/app-env";

export const WEB_DIST = fileURLToPath(new URL("../../dist/web", import.meta.url));

/** Serves the built SPA: real files first, then index.html for every other non-API path. */
export function mountWebApp(app: Hono<AppEnv>, root = WEB_DIST): boolean {
  const indexFile = path.join(root, "index.html");
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile, "utf8");
  app.use(
    "/assets/*",
    serveStatic({
      root,
      onFound: (_path, c) => {
        // Vite fingerprints asset names, so they never change under the same URL.
        c.header("cache-control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.use("*", serveStatic({ root }));
  app.get("*", (c) => {
    c.header("cache-control", "no-cache");
    return c.html(indexHtml);
  });
  return true;
}
