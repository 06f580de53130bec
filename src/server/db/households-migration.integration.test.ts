import { randomBytes, randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findProfileIds } from "../auth/auth.repo";
import { openPglite, openPostgres, queryRows, type DatabaseHandle } from "./client";
import { MIGRATIONS_FOLDER } from "./migrate";

/**
 * Migration 0029 (households, issue 45) on a database holding parent accounts as they were before
 * it: migrated to 0028, filled with families, then migrated to the end. Every parent account
 * becomes a one-guardian household whose id is its own profile's, so every family-scoped row
 * (students, requests, invoices …) already hangs off its household. On PGlite always, and on
 * PostgreSQL (its own throw-away database) when the suite runs there.
 */

const BEFORE = "0028_waitlist";
let handle: DatabaseHandle;
let dropDatabase: (() => Promise<void>) | undefined;
const folders: string[] = [];

/** The committed migrations up to `lastTag`, as a folder of their own. */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), "mlm-migrations-"));
  folders.push(folder);
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return folder;
}

async function migrate(migrationsFolder: string) {
  if (handle.driver === "pglite") await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  else await migratePg(drizzlePg(handle.pool!), { migrationsFolder });
}

beforeAll(async () => {
  if (process.env.TEST_DB === "postgres") {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `mlm_households_${Date.now()}_${randomBytes(3).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    handle = openPostgres(url.toString(), { max: 2 });
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    };
  } else {
    handle = await openPglite();
  }
  await migrate(migrationsUpTo(BEFORE));
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await dropDatabase?.();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
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

    await migrate(MIGRATIONS_FOLDER);

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
