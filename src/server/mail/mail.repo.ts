import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Database, Executor } from "../db/client";
import { mailAttachments, mailOutbox } from "../db/schema";
import type { MailMessage } from "./mail.types";

/**
 * Stores a message as pending, with its attachments' bytes, on `executor`: inside the caller's
 * transaction the email exists exactly when the change it announces committed. With a
 * `dedupeKey` already stored it stores nothing and returns null (a job run again after a crash).
 */
export async function insertOutboxMessage(executor: Executor, message: MailMessage, dedupeKey?: string): Promise<string | null> {
  const files = message.attachments ?? [];
  const [row] = await executor
    .insert(mailOutbox)
    .values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      kind: message.kind,
      attachments: files.map((file) => ({ filename: file.filename, contentType: file.contentType, size: file.content.length })),
      dedupeKey: dedupeKey ?? null,
      // Due from this process's clock at millisecond precision, like the `now` a kicked pass
      // compares it with: the database's now() has microseconds and is the transaction's start,
      // so a pass kicked within the same millisecond saw the row as not yet due and left it to the poll.
      nextAttemptAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id });
  if (!row) return null;
  if (files.length > 0) {
    await executor
      .insert(mailAttachments)
      .values(files.map((file, position) => ({ mailId: row.id, position, filename: file.filename, contentType: file.contentType, content: file.content })));
  }
  return row.id;
}

/**
 * Stores many messages without attachments in one statement on `executor`, each under its dedupe
 * key when it has one: one already stored is skipped. `bulk` (a batch of weekly emails) goes after
 * every message someone is waiting for; the emails of one change to each of a family's guardians
 * are not bulk. Returns how many were stored.
 */
export async function insertOutboxMessages(
  executor: Executor,
  items: readonly { message: MailMessage; dedupeKey?: string }[],
  { bulk = true }: { bulk?: boolean } = {},
): Promise<number> {
  if (items.length === 0) return 0;
  if (items.some((item) => item.message.attachments?.length)) throw new Error("insertOutboxMessages stores messages without attachments");
  const due = new Date();
  const rows = await executor
    .insert(mailOutbox)
    .values(
      items.map(({ message, dedupeKey }) => ({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        kind: message.kind,
        attachments: [],
        dedupeKey: dedupeKey ?? null,
        nextAttemptAt: due,
        // Bulk: after every message someone is waiting for (a reminder due during Sunday's burst).
        priority: bulk ? 1 : 0,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id });
  return rows.length;
}

export interface ClaimedMail {
  id: string;
  message: MailMessage;
  /** 1 on the first attempt, 2 on the first retry … */
  attempts: number;
}

/**
 * Claims up to `limit` pending messages that are due for `leaseMs`: SKIP LOCKED lets several
 * runners claim at the same moment without taking the same row, and the lease (locked_until)
 * keeps a claimed message from being claimed again until its sender finishes or is presumed dead.
 */
export async function claimDueMail(db: Database, now: Date, limit: number, leaseMs: number): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now), or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, now))))
    .orderBy(mailOutbox.priority, mailOutbox.nextAttemptAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      text: mailOutbox.textBody,
      html: mailOutbox.htmlBody,
      kind: mailOutbox.kind,
      attempts: mailOutbox.attempts,
      hasAttachments: sql<boolean>`jsonb_array_length(${mailOutbox.attachments}) > 0`,
    });
  const withFiles = claimed.filter((row) => row.hasAttachments).map((row) => row.id);
  const files =
    withFiles.length === 0
      ? []
      : await db
          .select({ mailId: mailAttachments.mailId, filename: mailAttachments.filename, contentType: mailAttachments.contentType, content: mailAttachments.content })
          .from(mailAttachments)
          .where(inArray(mailAttachments.mailId, withFiles))
          .orderBy(asc(mailAttachments.mailId), asc(mailAttachments.position));
  return claimed.map((row) => {
    const attachments = files.filter((file) => file.mailId === row.id).map(({ filename, contentType, content }) => ({ filename, contentType, content }));
    return {
      id: row.id,
      attempts: row.attempts,
      message: { to: row.to, subject: row.subject, text: row.text, ...(row.html ? { html: row.html } : {}), kind: row.kind, ...(attachments.length ? { attachments } : {}) },
    };
  });
}

/**
 * Pushes the lease of a message being sent further out, while this process is still sending it
 * (a slow SMTP server): a live sender never loses its message to another runner.
 */
export async function extendMailLease(db: Database, id: string, until: Date): Promise<void> {
  await db.update(mailOutbox).set({ lockedUntil: until }).where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "pending")));
}

/** Gives back messages claimed but not sent (a shutdown): the attempt that never ran is not counted. */
export async function releaseMail(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ lockedUntil: null, attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)` })
    .where(and(inArray(mailOutbox.id, [...ids]), eq(mailOutbox.status, "pending")));
}

export async function markMailSent(db: Database, id: string, now: Date): Promise<void> {
  await db.update(mailOutbox).set({ status: "sent", sentAt: now, lockedUntil: null, error: null }).where(eq(mailOutbox.id, id));
}

/** A failed attempt: try again at `retryAt`, or, when `retryAt` is null, give up (status failed, error kept). */
export async function markMailFailed(db: Database, id: string, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(mailOutbox)
    .set(retryAt ? { nextAttemptAt: retryAt, lockedUntil: null, error } : { status: "failed", lockedUntil: null, error })
    .where(eq(mailOutbox.id, id));
}

/**
 * Retention (issue 39): emails sent (or given up) before `before` lose their bodies and their
 * attachments' bytes; the row keeps its metadata (recipient, subject, kind, times, status, the
 * attachments' names and sizes). A pending email keeps everything until it is sent. One UPDATE and
 * one DELETE in a transaction, safe in every process at once; returns how many emails were pruned.
 */
export async function pruneMailBodies(db: Database, before: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const old = and(inArray(mailOutbox.status, ["sent", "failed"]), lte(mailOutbox.createdAt, before));
    await tx.delete(mailAttachments).where(inArray(mailAttachments.mailId, tx.select({ id: mailOutbox.id }).from(mailOutbox).where(old)));
    const pruned = await tx
      .update(mailOutbox)
      .set({ textBody: "", htmlBody: null })
      .where(and(old, or(sql`${mailOutbox.textBody} <> ''`, sql`${mailOutbox.htmlBody} is not null`)))
      .returning({ id: mailOutbox.id });
    return pruned.length;
  });
}
