import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgressMetrics } from "../../shared/classes/classes.schemas";
import { freshProgressForNextStudent, newClassProgress, setCategoryValue, unlockAchievement } from "../../shared/classes/progress.rules";
import { migrationDatabase, type MigrationDatabase } from "../../../tests/fixtures/migration-database";
import { queryRows, type DatabaseHandle } from "./client";

/**
 * Migration 0011 (class_enrolments) on a database holding classes as they were before it: a
 * database migrated to 0010, filled with such rows, then migrated to the end. On PGlite always, and
 * on PostgreSQL (its own throw-away database) when the suite runs there.
 */

const BEFORE = "0010_search_index_filters";
let database: MigrationDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await migrationDatabase("class_enrolments", BEFORE);
  handle = database.handle;
}, 120_000);

afterAll(async () => {
  await database?.close();
});

const json = (value: unknown) => JSON.stringify(value);

/** A progress a child has worked for: an achievement, a category value and a grade score. */
function workedProgress(format: "xp" | "grade"): ProgressMetrics {
  // A fixed unlock time: the test builds this progress twice (stored, then expected) and compares.
  const unlocked = unlockAchievement(newClassProgress(format), "performance", "recital-ready", new Date("2026-02-03T04:05:06Z")).progress;
  const valued = setCategoryValue(unlocked, "technique", 70);
  return { ...valued, categories: valued.categories.map((c) => (c.id === "technique" ? { ...c, score: 823 } : c)), ...(format === "grade" ? { overall: 823 } : {}) };
}

describe("migration 0011_class_enrolments", () => {
  it("ties every grade and file to an enrolment, keeps an earlier family's record from the next, and moves archives to the family", async () => {
    const db = handle.db;
    const run = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(db, query);
    const userId = randomUUID();
    await run(sql`insert into "user" (id, name, email) values (${userId}, 'Pat Parent', ${`${userId}@example.test`})`);
    const [parent] = await run(sql`insert into parent_profiles (user_id, first_name, last_name) values (${userId}, 'Pat', 'Parent') returning id`);
    const parentId = parent!.id as string;
    const students = await run(sql`insert into student_profiles (parent_id, first_name, last_name, age)
      values (${parentId}, 'Mia', 'Parent', 8), (${parentId}, 'Leo', 'Parent', 9) returning id`);
    const [mia, leo] = students.map((s) => s.id as string);

    const lastUpdated = "2026-03-04T05:06:07.000Z";
    const addClass = async (code: string, values: { family?: [string, string]; status?: string; progress: unknown }) => {
      const [row] = await run(sql`insert into classes (name, join_code, status, parent_id, student_id, progress_metrics, created_at, last_updated)
        values ('Piano', ${code}, ${values.status ?? "active"}, ${values.family?.[0] ?? null}, ${values.family?.[1] ?? null},
                ${json(values.progress)}::jsonb, '2026-01-02T00:00:00Z', ${lastUpdated}) returning id`);
      return row!.id as string;
    };
    const addGrade = async (classId: string) =>
      (await run(sql`insert into class_grades (class_id, title, score, category) values (${classId}, 'Scales', 95, 'Technique') returning id`))[0]!.id as string;
    const addFile = async (classId: string) =>
      (await run(sql`insert into class_files (class_id, name, storage_key, content_type, size_bytes)
        values (${classId}, 'notes.pdf', ${`class-files/${classId}/${randomUUID()}.pdf`}, 'application/pdf', 10) returning id`))[0]!.id as string;

    const worked = workedProgress("grade");
    // In a class now (one family archived it), a class a family left with its record behind, a
    // class never joined, one archived and left with nothing behind, and a hand-made `{}` progress.
    const joined = await addClass("MGRAAA", { family: [parentId, mia!], progress: worked });
    const joinedGrade = await addGrade(joined);
    const joinedFile = await addFile(joined);
    const archived = await addClass("MGRBBB", { family: [parentId, leo!], status: "archived", progress: newClassProgress("xp") });
    const left = await addClass("MGRCCC", { progress: worked });
    const leftGrade = await addGrade(left);
    const leftFile = await addFile(left);
    const leftProgressOnly = await addClass("MGRDDD", { progress: workedProgress("xp") });
    const neverJoined = await addClass("MGREEE", { progress: newClassProgress("grade") });
    const archivedEmpty = await addClass("MGRFFF", { status: "archived", progress: newClassProgress("xp") });
    const handMade = await addClass("MGRGGG", { progress: {} });

    await database.migrateToEnd();

    const enrolments = await run(sql`select class_id as "classId", parent_id as "parentId", student_id as "studentId",
        joined_at as "joinedAt", left_at as "leftAt", archived_at as "archivedAt", final_progress as "finalProgress", id
      from class_enrolments order by class_id`);
    const of = (classId: string) => enrolments.filter((e) => e.classId === classId);
    const instant = (value: unknown) => new Date(value as string).toISOString();
    const classOf = async (classId: string) =>
      (await run(sql`select status, progress_metrics as progress, last_updated as "lastUpdated" from classes where id = ${classId}`))[0]!;

    // The family in a class is its current enrolment, joined no later than the class began; its progress stays.
    expect(of(joined)).toEqual([expect.objectContaining({ parentId, studentId: mia, leftAt: null, archivedAt: null, finalProgress: null })]);
    expect(instant(of(joined)[0]!.joinedAt)).toBe("2026-01-02T00:00:00.000Z");
    expect((await classOf(joined)).progress).toEqual(worked);
    // A family's archive becomes theirs; the class itself is active for the teacher.
    expect(of(archived)).toEqual([expect.objectContaining({ parentId, studentId: leo, leftAt: null })]);
    expect(instant(of(archived)[0]!.archivedAt)).toBe(lastUpdated);
    expect(await classOf(archived)).toMatchObject({ status: "active" });
    // A record left behind becomes one ended enrolment with the child's progress; the class starts
    // fresh, exactly as freshProgressForNextStudent has it.
    for (const classId of [left, leftProgressOnly]) {
      const before = classId === left ? worked : workedProgress("xp");
      expect(of(classId)).toEqual([expect.objectContaining({ parentId: null, studentId: null, archivedAt: null, finalProgress: before })]);
      expect(instant(of(classId)[0]!.leftAt)).toBe(lastUpdated);
      expect((await classOf(classId)).progress).toEqual(freshProgressForNextStudent(before));
    }
    // Nothing to keep: no enrolment, nothing changed but the status a family set.
    expect([...of(neverJoined), ...of(archivedEmpty), ...of(handMade)]).toEqual([]);
    expect((await classOf(neverJoined)).progress).toEqual(newClassProgress("grade"));
    expect(await classOf(archivedEmpty)).toMatchObject({ status: "active", progress: newClassProgress("xp") });
    expect((await classOf(handMade)).progress).toEqual({});
    expect(instant((await classOf(archivedEmpty)).lastUpdated)).toBe(lastUpdated);

    const tied = await run(sql`select id, enrolment_id as "enrolmentId" from class_grades
      union all select id, enrolment_id from class_files`);
    const enrolmentOf = (id: string) => tied.find((r) => r.id === id)?.enrolmentId;
    expect(enrolmentOf(joinedGrade)).toBe(of(joined)[0]!.id);
    expect(enrolmentOf(joinedFile)).toBe(of(joined)[0]!.id);
    expect(enrolmentOf(leftGrade)).toBe(of(left)[0]!.id);
    expect(enrolmentOf(leftFile)).toBe(of(left)[0]!.id);
    // The migration's own helper is gone.
    expect(await run(sql`select 1 from pg_proc where proname = 'class_progress_fresh'`)).toEqual([]);
  }, 60_000);
});
