import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { LongFilesFirst } from "./tests/setup/long-files-first";

const apiTests = ["src/**/*.integration.test.ts", "tests/api/**/*.test.ts"];
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Four projects: pure unit tests; component tests (happy-dom); the API suite on PGlite (always); the same API suite on
 * PostgreSQL when TEST_DATABASE_URL is set (each test file in its own copy of the run's migrated template, dropped
 * afterwards).
 */
/**
 * Vitest's own default is one worker fewer than the cores: on a 2-core machine, one file at a time.
 * The files are isolated (each API file has its own database), and much of their time is spent
 * waiting (PostgreSQL, scrypt in libuv's pool, child servers), so as many workers as cores,
 * and one more for the PostgreSQL suite, whose work is largely the server's (measured: README "Tests").
 */
const cores = availableParallelism();
const workers = (extra = 0) => Number(process.env.VITEST_MAX_WORKERS ?? cores + extra);
// An API test may send a barrage of a hundred requests (tests/api): with files side by side on a
// busy 2-core machine it can take well over the 30 s that one file at a time needed.
const apiTestTimeout = 60_000;
/**
 * The API files share a worker's modules (isolate: false): importing the app's graph anew for every
 * file cost 3.4 s a file, 228 s of the PGlite suite's 543. Each file still opens its own app on its
 * own database; env stubs are undone after each file.
 */
const apiIsolation = { isolate: false, unstubEnvs: true } as const;

export default defineConfig({
  test: {
    maxWorkers: workers(),
    sequence: { sequencer: LongFilesFirst },
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: { json: "reports/vitest.json" },
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: apiTests,
          environment: "node",
          // The process tests start the compiled server: built once per run, before any file.
          globalSetup: ["tests/setup/global-build-server.ts"],
        },
      },
      {
        // React components and hooks rendered with Testing Library in a DOM.
        test: {
          name: "component",
          include: ["src/web/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["tests/setup/component.ts"],
        },
      },
      {
        test: {
          name: "api-pglite",
          include: apiTests,
          env: { TEST_DB: "pglite" },
          ...apiIsolation,
          globalSetup: ["tests/setup/global-pglite.ts"],
          testTimeout: apiTestTimeout,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: "api-postgres",
                include: apiTests,
                env: { TEST_DB: "postgres" },
                ...apiIsolation,
                globalSetup: ["tests/setup/global-postgres.ts"],
                setupFiles: ["tests/setup/file-database.ts"],
                maxWorkers: workers(1),
                testTimeout: apiTestTimeout,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
