import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { classes } from "./classes";
import { studentProfiles } from "./students";
import { createdAt, id, instant } from "./columns";

/** A conversation between a parent and a teacher, optionally about one class. */
export const conversations = pgTable(
  "conversations",
  {
    id: id(),
    parentUserId: text().references(() => user.id, { onDelete: "set null" }),
    teacherUserId: text().references(() => user.id, { onDelete: "set null" }),
    /** What the conversation was started about (a class or a student); context only. */
    classId: uuid().references(() => classes.id, { onDelete: "set null" }),
    studentId: uuid().references(() => studentProfiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastMessageAt: instant(),
    /** When the last "unread message" email for this conversation went out (at most one an hour). */
    lastEmailedAt: instant(),
  },
  (t) => [
    // One conversation per parent and teacher: the profile, the student page and the class page
    // all open the same one.
    uniqueIndex("conversations_pair_key").on(t.parentUserId, t.teacherUserId),
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
