import { existsSync, readFileSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_OPERATOR_EMAIL, E2E_WORKERS, e2eServer, ownServer } from "./tests/e2e/e2e-env";

/** The production server's node flags (npm start runs with them too). */
const serverNodeFlags = JSON.parse(readFileSync(new URL("./scripts/server-node-flags.json", import.meta.url), "utf8")) as { flags: string[] };

// The OS's Chromium (apt-get install chromium); Playwright's own download is not available here.
const systemChromium = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
  (p): p is string => Boolean(p && existsSync(p)),
);

const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  // Files run side by side, one worker per server (tests/e2e/e2e-env.ts); a file's tests stay in order.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [["list"], ["json", { outputFile: "reports/playwright.json" }]]
    : [["list"]],
  use: {
    // This worker's own server (the fixture in tests/e2e/fixtures.ts reads the same).
    baseURL: ownServer().baseURL,
    // A trace only for a retried test (CI retries once): recording one for every test cost every
    // journey time, and a failure's retry is where the trace is read.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: { ...(systemChromium ? { executablePath: systemChromium } : {}), args: chromiumArgs },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
    { name: "phone", use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } }, grep: /@phone/ },
  ],
  // One server per worker, each on a fresh data directory: migrations, then the demo seed, exactly
  // as a newcomer's first start; the compiled server with the production flags, as `npm start` runs
  // it. Playwright starts them one after the other, so the first builds the server for all.
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => {
    const server = e2eServer(index);
    const build = index === 0 ? "node scripts/build-server.mjs && " : "";
    return {
      command: `rm -rf ${server.dataDir} && ${build}node ${serverNodeFlags.flags.join(" ")} --enable-source-maps dist/server/main.js`,
      url: `${server.baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(server.port),
        DATA_DIR: server.dataDir,
        PUBLIC_URL: server.baseURL,
        SEED_DEMO: "true",
        AUTH_RATE_LIMIT: "false",
        LOG_LEVEL: "warn",
        OPERATOR_EMAILS: E2E_OPERATOR_EMAIL,
        SUPPORT_EMAIL: "support@e2e.test",
        // The busy-calendar journey serves the teacher's calendar from the test, on this machine.
        CALENDAR_FETCH_ALLOW_PRIVATE: "true",
      },
    };
  }),
});
