import { defineConfig } from "vitest/config";

const apiTests = ["src/**/*.integration.test.ts", "tests/api/**/*.test.ts"];
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Four projects: pure unit tests; component tests (happy-dom); the API suite on PGlite (always); the same API suite on
 * PostgreSQL when TEST_DATABASE_URL is set (each run in its own database, dropped afterwards).
 */
export default defineConfig({
  test: {
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: { json: "reports/vitest.json" },
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: apiTests,
          environment: "node",
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
          globalSetup: ["tests/setup/global-pglite.ts"],
          testTimeout: 30_000,
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
                globalSetup: ["tests/setup/global-postgres.ts"],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
