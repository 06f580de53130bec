import { defineConfig } from "vite";
import preact from "@preact/preset-vite";
import tailwindcss from "@tailwindcss/vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { preactAliases, reactRouterModule } from "./scripts/web-runtime";

const apiPort = process.env.API_PORT ?? "3001";

export default defineConfig(({ command }) => ({
  root: "src/web",
  publicDir: "public",
  // Preact for React in every mode (scripts/web-runtime.ts); React Router's production build in a build.
  resolve: { alias: [reactRouterModule(command === "build" ? "production" : "development"), ...preactAliases] },
  plugins: [
    // JSX for Preact, Prefresh (hot updates that keep state) and Preact's debug warnings in dev; the
    // React aliases are ours (scripts/web-runtime.ts), shared with the component tests.
    preact({ reactAliasesEnabled: false }),
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
