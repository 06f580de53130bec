import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationDatabase, type MigrationDatabase } from "../../../tests/fixtures/migration-database";
import { listConversations } from "../messages/messages.repo";
import { queryRows, type DatabaseHandle } from "./client";

/**
 * Migration 0031 (issue 45: conversations belong to the household) on a database as 0029 left it:
 * two guardians of one household had each opened their own conversation with the same teacher.
 * They become one conversation (the earliest kept) holding every message and block, each person's
 * read state carried over from the receipts; other conversations just gain their household. On
 * PGlite always, and on PostgreSQL (its own throw-away database) when the suite runs there.
 */

const BEFORE = "0029_households";
let database: MigrationDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await migrationDatabase("household_conversations", BEFORE);
  handle = database.handle;
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe("migration 0031 (household conversations)", () => {
  it("merges two guardians' conversations with the same teacher into one, with all messages, blocks and each one's unread", async () => {
    const db = handle.db;
    const run = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(db, query);
    const user = async (name: string) => {
      const id = randomUUID();
      await run(sql`insert into "user" (id, name, email) values (${id}, ${name}, ${`${id}@example.test`})`);
      return id;
    };
    const profile = async (userId: string, firstName: string) =>
      (await run(sql`insert into parent_profiles (user_id, first_name, last_name) values (${userId}, ${firstName}, 'Berg' ) returning id`))[0]!.id as string;
    const conversation = async (parentUserId: string, teacherUserId: string, createdAt: string, studentId: string | null = null) =>
      (
        await run(sql`insert into conversations (parent_user_id, teacher_user_id, created_at, student_id, last_emailed_at)
          values (${parentUserId}, ${teacherUserId}, ${createdAt}::timestamptz, ${studentId}, ${createdAt}::timestamptz) returning id`)
      )[0]!.id as string;
    const message = async (conversationId: string, senderUserId: string, body: string, at: string, readAt: string | null) => {
      await run(sql`insert into messages (conversation_id, sender_user_id, body, created_at, read_at)
        values (${conversationId}, ${senderUserId}, ${body}, ${at}::timestamptz, ${readAt}::timestamptz)`);
      await run(sql`update conversations set last_message_at = greatest(last_message_at, ${at}::timestamptz) where id = ${conversationId}`);
    };

    const [anna, tom, teacher, teacher2, other] = await Promise.all([user("Anna Berg"), user("Tom Berg"), user("Terry Teacher"), user("Tess Teacher"), user("Olga Other")]);
    const annaId = await profile(anna, "Anna");
    const tomId = await profile(tom, "Tom");
    const otherId = await profile(other, "Olga");
    const [student] = await run(sql`insert into student_profiles (parent_id, first_name, last_name, age) values (${annaId}, 'Mia', 'Berg', 9) returning id`);
    await run(sql`update parent_profiles set household_id = ${annaId}, household_invited_by = ${annaId}, household_joined_at = '2026-01-15T00:00:00Z'
      where id = ${tomId}`);

    // Anna's conversation (first), then Tom's with the same teacher (about Mia), and one with another teacher.
    const annas = await conversation(anna, teacher, "2026-01-01T09:00:00Z");
    await message(annas, anna, "A1", "2026-01-01T10:00:00Z", "2026-01-01T10:30:00Z");
    await message(annas, teacher, "T1", "2026-01-01T11:00:00Z", "2026-01-01T11:30:00Z");
    const toms = await conversation(tom, teacher, "2026-02-01T09:00:00Z", student!.id as string);
    await message(toms, teacher, "T2", "2026-02-01T10:00:00Z", null);
    await message(toms, tom, "B1", "2026-02-01T11:00:00Z", null);
    await run(sql`insert into conversation_blocks (conversation_id, blocker_user_id) values (${toms}, ${tom})`);
    const tomsOther = await conversation(tom, teacher2, "2026-02-02T09:00:00Z");
    await message(tomsOther, teacher2, "Hello Tom", "2026-02-02T10:00:00Z", null);
    const olgas = await conversation(other, teacher, "2026-01-05T09:00:00Z");
    await message(olgas, other, "O1", "2026-01-05T10:00:00Z", null);

    await database.migrateToEnd();

    const conversations = await run(sql`select id, parent_id as "parentId", teacher_user_id as "teacherUserId", student_id as "studentId",
        to_char(last_message_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as "lastMessageAt" from conversations order by created_at`);
    expect(conversations).toEqual([
      { id: annas, parentId: annaId, teacherUserId: teacher, studentId: student!.id, lastMessageAt: "2026-02-01T11:00" },
      { id: olgas, parentId: otherId, teacherUserId: teacher, studentId: null, lastMessageAt: "2026-01-05T10:00" },
      { id: tomsOther, parentId: annaId, teacherUserId: teacher2, studentId: null, lastMessageAt: "2026-02-02T10:00" },
    ]);
    expect(await run(sql`select body from messages where conversation_id = ${annas} order by created_at`)).toEqual(
      ["A1", "T1", "T2", "B1"].map((body) => ({ body })),
    );
    expect(await run(sql`select blocker_user_id as "blocker" from conversation_blocks where conversation_id = ${annas}`)).toEqual([{ blocker: tom }]);

    // Each person's unread, as the app counts it: the teacher has Tom's B1 unread (and Olga's O1);
    // Anna has what Tom's thread brought after her last read (T2, B1); Tom had replied after T2.
    const unreadIn = async (userId: string) =>
      Object.fromEntries((await listConversations(db, userId, { limit: 10 })).map((row) => [row.id, row.unread]));
    expect(await unreadIn(teacher)).toEqual({ [annas]: 1, [olgas]: 1 });
    expect(await unreadIn(anna)).toEqual({ [annas]: 2, [tomsOther]: 1 });
    expect(await unreadIn(tom)).toEqual({ [annas]: 0, [tomsOther]: 1 });
    expect((await listConversations(db, teacher, { conversationId: annas, limit: 1 }))[0]!.guardians.map((g) => g.userId)).toEqual([anna, tom]);

    // One conversation per household and teacher from now on.
    await expect(run(sql`insert into conversations (parent_id, teacher_user_id) values (${annaId}, ${teacher})`)).rejects.toThrow();
  });
});
