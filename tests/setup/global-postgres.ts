import pg from "pg";
import type { TestProject } from "vitest/node";
import { createScratchDatabase } from "../fixtures/scratch-database";

/**
 * Migrates one database for the run, once, and keeps it as the template every test file copies
 * (`create database … template`, tests/fixtures/file-database.ts): each file gets a fresh, isolated
 * database in a fraction of a second, so files can run side by side without seeing each other's
 * rows or job runners. Afterwards the template and any file database a killed worker left behind
 * are dropped.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const template = await createScratchDatabase(adminUrl, "mlm_test");
  project.provide("postgresAdminUrl", adminUrl);
  project.provide("postgresTemplate", template.name);
  return async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [`${template.name}\\_f%`]);
      for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await admin.end();
    }
    await template.drop();
  };
}
