import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationDatabase, type MigrationDatabase } from "../../../tests/fixtures/migration-database";
import { queryRows } from "./client";

/**
 * The "who did what" migration (issue 45) on a database as it was after households (0029): what
 * a one-guardian household logged was logged by its founder; in a household that already had a
 * second guardian nobody knows which of them did it, so no name is recorded. On PGlite always,
 * and on PostgreSQL (its own throw-away database) when the suite runs there.
 */

const BEFORE = "0029_households";
let database: MigrationDatabase;

beforeAll(async () => {
  database = await migrationDatabase("who_did_what", BEFORE);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe("the who-did-what migration", () => {
  it("names the founder of a one-guardian household, and nobody where two guardians could have done it", async () => {
    const run = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(database.handle.db, query);
    const account = async (firstName: string) => {
      const userId = randomUUID();
      await run(sql`insert into "user" (id, name, email) values (${userId}, ${firstName}, ${`${userId}@example.test`})`);
      const [row] = await run(sql`insert into parent_profiles (user_id, first_name, last_name) values (${userId}, ${firstName}, 'Parent') returning id`);
      return row!.id as string;
    };
    const practiceOf = async (parentId: string) => {
      const [student] = await run(sql`insert into student_profiles (parent_id, first_name, last_name, age) values (${parentId}, 'Kid', 'Parent', 9) returning id`);
      const [entry] = await run(sql`insert into practice_entries (student_id, parent_id, practiced_on, minutes, source)
        values (${student!.id as string}, ${parentId}, '2026-11-20', 20, 'self_reported') returning id`);
      return entry!.id as string;
    };
    const alone = await account("Ana");
    const aloneEntry = await practiceOf(alone);
    const shared = await account("Maria");
    const second = await account("Diego");
    await run(sql`update parent_profiles set household_id = ${shared}, household_invited_by = ${shared}, household_joined_at = now() where id = ${second}`);
    const sharedEntry = await practiceOf(shared);

    await database.migrateToEnd();

    const loggedBy = async (entryId: string) =>
      (await run(sql`select logged_by_guardian_id as "by" from practice_entries where id = ${entryId}`))[0]!.by;
    expect(await loggedBy(aloneEntry)).toBe(alone);
    expect(await loggedBy(sharedEntry)).toBeNull();
  });
});
