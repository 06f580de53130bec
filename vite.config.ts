import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { createRequire } from "node:module";
import path from "node:path";

const apiPort = process.env.API_PORT ?? "3001";

/**
 * React Router's package exports point at its development build for every condition (a choice its
 * maintainers call temporary: remix-run/react-router#12532); a production build takes the
 * production one beside it, which leaves out the development warnings.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production/index.mjs",
);

export default defineConfig(({ command }) => ({
  root: "src/web",
  publicDir: "public",
  resolve: command === "build" ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  plugins: [
    react(),
    tailwindcss(),
    // Text assets are compressed once here, at build time; the server sends the .br or .gz file
    // the browser accepts (serveStatic's `precompressed`) instead of compressing per request.
    compression({
      algorithms: [defineAlgorithm("brotliCompress"), defineAlgorithm("gzip", { level: 9 })],
      include: /\.(js|css|html|svg|json|txt|webmanifest)$/,
      threshold: 0,
      deleteOriginalAssets: false,
    }),
  ],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    // dist/web/.vite/manifest.json: the chunk graph that scripts/bundle-size.ts walks to check the budget.
    manifest: true,
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { "/api": `http://127.0.0.1:${apiPort}` },
  },
}));
