import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPostgres } from "../../src/server/db/client";
import { runMigrations } from "../../src/server/db/migrate";

/** Each run gets its own database, so runs never see each other's rows; it is dropped afterwards. */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `mlm_test_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), { max: 2 });
  await runMigrations(handle);
  await handle.close();
  project.provide("postgresUrl", url.toString());

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  };
}
