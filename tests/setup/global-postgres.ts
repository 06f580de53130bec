import type { TestProject } from "vitest/node";
import { createScratchDatabase } from "../fixtures/scratch-database";

/** Each run gets its own database, so runs never see each other's rows; it is dropped afterwards. */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const database = await createScratchDatabase(adminUrl, "mlm_test");
  project.provide("postgresUrl", database.url);
  return () => database.drop();
}
