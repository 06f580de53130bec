import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, instant } from "./columns";

/** Every email the app sends is recorded here; without SMTP this is the development outbox. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    kind: text().notNull(),
    /** The attachments' names, types and sizes (an invoice PDF); the files themselves are in the sent mail. */
    attachments: jsonb().$type<{ filename: string; contentType: string; size: number }[]>().notNull().default([]),
    createdAt: createdAt(),
    sentAt: instant(),
    error: text(),
  },
  (t) => [index("mail_outbox_to_created_idx").on(t.toAddress, t.createdAt)],
);
