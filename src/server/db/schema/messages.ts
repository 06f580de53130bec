import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { parentProfiles } from "./accounts";
import { user } from "./auth";
import { classes } from "./classes";
import { studentProfiles } from "./students";
import { createdAt, id, instant } from "./columns";

/**
 * A conversation between a household and a teacher, optionally about one class (issue 45: every
 * guardian of the household reads and writes it; who wrote each message is on the message).
 */
export const conversations = pgTable(
  "conversations",
  {
    id: id(),
    /**
     * The household (its founder's parent_profiles row). Set null when that profile is deleted (the
     * founder closed the account, which is refused while other guardians remain): the teacher keeps
     * the history, shown with "Deleted user", and nothing more can be sent, as for a deleted parent
     * before households. The login that opened the conversation is not kept (parent_user_id was
     * dropped in this migration): access goes by the household, and a second notion of "the
     * family side" would invite exactly the per-login threads this replaces.
     */
    parentId: uuid().references(() => parentProfiles.id, { onDelete: "set null" }),
    teacherUserId: text().references(() => user.id, { onDelete: "set null" }),
    /** What the conversation was started about (a class or a student); context only. */
    classId: uuid().references(() => classes.id, { onDelete: "set null" }),
    studentId: uuid().references(() => studentProfiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastMessageAt: instant(),
  },
  (t) => [
    // One conversation per household and teacher: the profile, the student page, the class page
    // and the teacher's "Message family", from any guardian, all open the same one.
    uniqueIndex("conversations_household_teacher_key").on(t.parentId, t.teacherUserId),
    index("conversations_teacher_idx").on(t.teacherUserId),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: id(),
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderUserId: text().references(() => user.id, { onDelete: "set null" }),
    body: text().notNull(),
    createdAt: createdAt(),
    /** When the other side first read it (the teacher, or the first guardian): the sender's "Read". */
    readAt: instant(),
    /** Removed by an operator after a report (issue 27): the conversation shows "This message was removed". */
    hiddenAt: instant(),
  },
  (t) => [
    index("messages_conversation_created_idx").on(t.conversationId, t.createdAt),
    check("messages_body_check", sql`length(trim(${t.body})) between 1 and 5000`),
  ],
);

/**
 * Issue 45: each participant's own read state (every guardian and the teacher): messages sent
 * after `lastReadAt` by anyone else are unread for them, and the unread-message email to them goes
 * out at most once an hour per conversation (`lastEmailedAt`). A row appears on the first read or
 * email. messages.read_at stays the first time the other side read a message (the "Read" receipt).
 */
export const conversationReads = pgTable(
  "conversation_reads",
  {
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    lastReadAt: instant(),
    lastEmailedAt: instant(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

/**
 * What each user's live stream (SSE) delivers, in order: the row id is the event id, so a client
 * reconnecting with Last-Event-ID gets exactly what it missed. NOTIFY carries only (user, id):
 * every process reads the row itself, so a 5,000-character message never meets NOTIFY's 8 kB cap.
 */
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("live_events_user_id_idx").on(t.userId, t.id)],
);
