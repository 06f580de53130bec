import { defineConfig } from "vitest/config";

const apiTests = ["src/**/*.integration.test.ts", "tests/api/**/*.test.ts"];
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Three projects: pure unit tests; the API suite on PGlite (always); the same API suite on
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
          include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
          exclude: apiTests,
          environment: "node",
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
