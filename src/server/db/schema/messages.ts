import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { classes } from "./classes";
import { createdAt, id, instant } from "./columns";

/** A conversation between a parent and a teacher, optionally about one class. */
export const conversations = pgTable(
  "conversations",
  {
    id: id(),
    parentUserId: text().references(() => user.id, { onDelete: "set null" }),
    teacherUserId: text().references(() => user.id, { onDelete: "set null" }),
    classId: uuid().references(() => classes.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastMessageAt: instant(),
  },
  (t) => [
    uniqueIndex("conversations_pair_class_key")
      .on(t.parentUserId, t.teacherUserId, sql`coalesce(${t.classId}, '00000000-0000-0000-0000-000000000000'::uuid)`),
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
  },
  (t) => [
    index("messages_conversation_created_idx").on(t.conversationId, t.createdAt),
    check("messages_body_check", sql`length(trim(${t.body})) between 1 and 5000`),
  ],
);
