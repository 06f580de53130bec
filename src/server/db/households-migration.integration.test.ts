import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findProfileIds } from "../auth/auth.repo";
import { migrationDatabase, type MigrationDatabase } from "../../../tests/fixtures/migration-database";
import { queryRows, type DatabaseHandle } from "./client";

/**
 * Migration 0029 (households, issue 45) on a database holding parent accounts as they were before
 * it: migrated to 0028, filled with families, then migrated to the end. Every parent account
 * becomes a one-guardian household whose id is its own profile's, so every family-scoped row
 * (students, requests, invoices …) already hangs off its household. On PGlite always, and on
 * PostgreSQL (its own throw-away database) when the suite runs there.
 */

const BEFORE = "0028_waitlist";
let database: MigrationDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await migrationDatabase("households", BEFORE);
  handle = database.handle;
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe("migration 0029 (households)", () => {
  it("makes every parent account a one-guardian household, and keeps a household a founder's row", async () => {
    const db = handle.db;
    const run = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(db, query);
    const family = async (students: number) => {
      const userId = randomUUID();
      await run(sql`insert into "user" (id, name, email) values (${userId}, 'Pat Parent', ${`${userId}@example.test`})`);
      const [parent] = await run(sql`insert into parent_profiles (user_id, first_name, last_name, time_zone) values (${userId}, 'Pat', 'Parent', 'Europe/Paris') returning id`);
      const parentId = parent!.id as string;
      for (let i = 0; i < students; i++) {
        await run(sql`insert into student_profiles (parent_id, first_name, last_name, age) values (${parentId}, ${`Kid${i}`}, 'Parent', 9)`);
      }
      await run(sql`insert into email_preferences (user_id, booking) values (${userId}, false)`);
      return { userId, parentId };
    };
    const withChildren = await family(2);
    const withoutChildren = await family(0);

    await database.migrateToEnd();

    for (const f of [withChildren, withoutChildren]) {
      const [row] = await run(sql`select household_id as "householdId", household_invited_by as "invitedBy", household_joined_at as "joinedAt", time_zone as "timeZone"
        from parent_profiles where id = ${f.parentId}`);
      expect(row).toEqual({ householdId: f.parentId, invitedBy: null, joinedAt: null, timeZone: "Europe/Paris" });
      // A session resolves to the household, which is the profile the family's rows already name.
      expect(await findProfileIds(db, f.userId)).toEqual({ parentId: f.parentId, guardianId: f.parentId, teacherId: null });
    }
    expect(await run(sql`select count(*)::int as n from student_profiles where parent_id = ${withChildren.parentId}`)).toEqual([{ n: 2 }]);

    // A new account is a household of its own without naming one (the trigger).
    const newUser = randomUUID();
    await run(sql`insert into "user" (id, name, email) values (${newUser}, 'New Parent', ${`${newUser}@example.test`})`);
    const [fresh] = await run(sql`insert into parent_profiles (user_id, first_name, last_name) values (${newUser}, 'New', 'Parent') returning id, household_id as "householdId"`);
    expect(fresh!.householdId).toBe(fresh!.id);

    // A guardian joins the first household; nobody can join the guardian's (one level only).
    await run(sql`update parent_profiles set household_id = ${withChildren.parentId}, household_invited_by = ${withChildren.parentId}, household_joined_at = now()
      where id = ${withoutChildren.parentId}`);
    expect((await findProfileIds(db, withoutChildren.userId)).parentId).toBe(withChildren.parentId);
    await expect(run(sql`update parent_profiles set household_id = ${withoutChildren.parentId}, household_joined_at = now() where id = ${fresh!.id as string}`)).rejects.toThrow();
    // Joined without a date, or a founder with one: refused by the check.
    await expect(run(sql`update parent_profiles set household_joined_at = null where id = ${withoutChildren.parentId}`)).rejects.toThrow();
    // The founder's row cannot go while a guardian points at it; once alone it can.
    await expect(run(sql`delete from parent_profiles where id = ${withChildren.parentId}`)).rejects.toThrow();
    await run(sql`update parent_profiles set household_id = id, household_invited_by = null, household_joined_at = null where id = ${withoutChildren.parentId}`);
    await run(sql`delete from parent_profiles where id = ${withChildren.parentId}`);
    expect(await run(sql`select count(*)::int as n from student_profiles where parent_id = ${withChildren.parentId}`)).toEqual([{ n: 0 }]);
  });
});
