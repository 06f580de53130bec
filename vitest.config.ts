import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const apiTests = ["src/**/*.integration.test.ts", "tests/api/**/*.test.ts"];
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The projects: pure unit tests; component tests (happy-dom); the API suite on PGlite (always); the same API suite on
 * PostgreSQL when TEST_DATABASE_URL is set (each test file in its own copy of the run's migrated template, dropped
 * afterwards). Each API suite is two projects, `<name>` and `<name>-isolated` (apiSuite below).
 */

/**
 * Files that start servers of their own (`*.process.test.ts`) and the API barrages (tests/api) take
 * minutes and spend most of it waiting; run last, as a clean clone's first run does (no timing
 * cache yet: the component project first, by name, then by size), they leave one worker alone for
 * the final minutes. Started first, the short files fill the other worker around them.
 */
const LONG = /\.process\.test\.ts$|\/tests\/api\/[^/]+\.test\.ts$/;

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => LONG.test(f.moduleId)), ...sorted.filter((f) => !LONG.test(f.moduleId))];
  }
}

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
 * own database; env stubs are undone after each file. Files that configure a library through the
 * process's environment (the AWS SDK reads AWS_* once) keep modules of their own, in `<name>-isolated`;
 * `--project '<name>*'` runs both.
 */
const isolatedApiTests = ["src/server/files/s3-storage.integration.test.ts"];
function apiSuite(name: string, config: { env: Record<string, string>; globalSetup: string[]; setupFiles?: string[]; maxWorkers?: number }) {
  // Vitest runs projects with another worker count as a group of their own, after the others.
  const common = { ...config, testTimeout: apiTestTimeout, hookTimeout: 60_000, ...(config.maxWorkers ? { sequence: { groupOrder: 1 } } : {}) };
  return [
    { test: { name, include: apiTests, exclude: isolatedApiTests, isolate: false, unstubEnvs: true, ...common } },
    { test: { name: `${name}-isolated`, include: isolatedApiTests, ...common } },
  ];
}

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
          // Generous: CI shares two cores with the other phases' leftovers, and a test that opens an
          // embedded database or rebuilds the gazetteer took over the 5 s / 10 s defaults under load
          // (a slow test shows in the CI budget table, not as a failure).
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
          testTimeout: 30_000,
        },
      },
      ...apiSuite("api-pglite", {
        env: { TEST_DB: "pglite" },
        globalSetup: ["tests/setup/global-pglite.ts"],
      }),
      ...(withPostgres
        ? apiSuite("api-postgres", {
            env: { TEST_DB: "postgres" },
            globalSetup: ["tests/setup/global-postgres.ts"],
            setupFiles: ["tests/setup/file-database.ts"],
            maxWorkers: workers(1),
          })
        : []),
    ],
  },
});
