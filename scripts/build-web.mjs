// `npm run build`: the web app for browsers (dist/web) and the server's renderer of the landing
// pages (dist/web-ssr, src/web/ssr/entry-server.tsx), both through vite.config.ts.
import path from "node:path";
import { build } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const configFile = path.join(root, "vite.config.ts");

export async function buildWeb({ logLevel = "info" } = {}) {
  await build({ configFile, mode: "production", logLevel });
  await build({ configFile, mode: "production", logLevel, build: { ssr: "ssr/entry-server.tsx" } });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildWeb();
