import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { createRequire } from "node:module";
import path from "node:path";

const apiPort = process.env.API_PORT ?? "3001";

/**
 * React Router's package exports name its development build for every condition (a choice its
 * maintainers call temporary: remix-run/react-router#12532); a production build (the browser's and
 * the server renderer's) takes the production module beside it, without the development checks.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production/index.mjs",
);

/**
 * Two builds (scripts/build-web.mjs): the browser's app into dist/web, and with `--ssr` the
 * server's page renderer (src/web/ssr/entry-server.tsx) into dist/web-ssr.
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  root: "src/web",
  publicDir: isSsrBuild ? false : "public",
  resolve: command === "build" ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  // The renderer is one self-contained file with React's production build in it: the server runs
  // without NODE_ENV (as `npm start` does), which would otherwise load React's development build.
  ...(isSsrBuild ? { define: { "process.env.NODE_ENV": JSON.stringify("production") }, ssr: { noExternal: true, target: "node" as const } } : {}),
  plugins: [
    // React's JSX and, in the dev server, React Fast Refresh (hot updates that keep component state).
    react(),
    tailwindcss(),
    // Text assets are compressed once here, at build time; the server sends the .br or .gz file
    // the browser accepts (serveStatic's `precompressed`) instead of compressing per request.
    isSsrBuild
      ? null
      : compression({
          algorithms: [defineAlgorithm("brotliCompress"), defineAlgorithm("gzip", { level: 9 })],
          include: /\.(js|css|html|svg|json|txt|webmanifest)$/,
          threshold: 0,
          deleteOriginalAssets: false,
        }),
  ],
  build: isSsrBuild
    ? { outDir: "../../dist/web-ssr", emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: "../../dist/web",
        emptyOutDir: true,
        // dist/web/.vite/manifest.json: the chunk graph that scripts/bundle-size.ts walks to check the budget.
        manifest: true,
        // No modulepreload polyfill in the frame every page loads (0.6 KB gzip): every browser we serve
        // supports <link rel="modulepreload"> except Safari before 17, which then loads a route's chunks
        // when it imports them (slower there, not broken); the server's own preload links are unchanged.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              // Everything the entry imports statically is one chunk beside it (not four).
              groups: [{ name: "frame", tags: ["$initial"] }],
              // Small shared modules (an icon, an input) are copied into each chunk that uses them:
              // one request fewer per module for a few hundred bytes more in the chunks.
              experimentalInlineCommonChunks: { maxSize: 4096 },
            },
          },
        },
      },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { "/api": `http://127.0.0.1:${apiPort}` },
  },
}));
