import { sql } from "drizzle-orm";
import { check, customType, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, instant, oneOf } from "./columns";

export const MAIL_STATUSES = ["pending", "sent", "failed"] as const;

/** bytea as a Buffer on both drivers (pg gives a Buffer, PGlite a Uint8Array). */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Every email the app sends: stored (status pending) in the transaction of the change it
 * announces, then sent by the jobs runner (src/server/mail/outbox-sender.ts), which claims a row
 * with a lease (locked_until), retries a failure at next_attempt_at and keeps the last error.
 * Rows stay after sending: the outbox is the record of what was sent. Without SMTP the sender
 * writes the message as an .eml file (the development outbox).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    kind: text().notNull(),
    /** The attachments' names, types and sizes (an invoice PDF); their bytes are in mail_attachments. */
    attachments: jsonb().$type<{ filename: string; contentType: string; size: number }[]>().notNull().default([]),
    /** Set by a job that sends mail (its job key): a job run again after a crash stores its email once. */
    dedupeKey: text(),
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: instant().notNull().defaultNow(),
    /**
     * 0 for a message someone waits for (a reminder, a reset link, a decision), 1 for bulk (Sunday's
     * weekly emails): the sender takes every due message of 0 before any of 1 (issue 42).
     */
    priority: smallint().notNull().default(0),
    lockedUntil: instant(),
    createdAt: createdAt(),
    sentAt: instant(),
    /** The last failed attempt's error (kept when the sender gives up). */
    error: text(),
  },
  (t) => [
    index("mail_outbox_to_created_idx").on(t.toAddress, t.createdAt),
    index("mail_outbox_due_idx").on(t.priority, t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    uniqueIndex("mail_outbox_dedupe_key").on(t.dedupeKey),
    check("mail_outbox_status_check", oneOf(t.status, MAIL_STATUSES)),
  ],
);

/** The files of a stored email, so the sender can send it later (or again) exactly as it was built. */
export const mailAttachments = pgTable(
  "mail_attachments",
  {
    id: id(),
    mailId: uuid()
      .notNull()
      .references(() => mailOutbox.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    filename: text().notNull(),
    contentType: text().notNull(),
    content: bytes().notNull(),
  },
  (t) => [uniqueIndex("mail_attachments_mail_position_key").on(t.mailId, t.position)],
);
