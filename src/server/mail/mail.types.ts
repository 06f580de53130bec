import type { Executor } from "../db/client";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is about (verification, password-reset, booking-requested …), for the outbox. */
  kind: string;
  /** Files sent with the message (an invoice PDF); the outbox keeps their bytes until it is sent. */
  attachments?: MailAttachment[];
  /**
   * Which side a notification goes to. An account can be a parent and a teacher: a parent's
   * "Email notifications" switch governs only the mail it gets as a parent.
   */
  audience?: "parent" | "teacher";
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * The one way out for email: a message is stored in mail_outbox and sent by the jobs runner
 * (outbox-sender.ts), retried until it goes out. Nothing is sent inline, so an
 * SMTP failure or a crash right after a commit loses no email.
 */
export interface Mailer {
  /**
   * Stores the message as pending on `executor`: pass the transaction of the change the email
   * announces, then call `kick()` once it committed. A `dedupeKey` (a job's key) stores it once.
   * A notification the recipient turned off in their email settings is not stored. True when the
   * message was stored (false: turned off, or its dedupe key was already stored).
   */
  enqueue(executor: Executor, message: MailMessage, options?: { dedupeKey?: string }): Promise<boolean>;
  /**
   * The same for several messages without attachments (one change's email to each guardian of a
   * family, issue 45), with a fixed number of queries however many: the recipients' settings, then
   * the messages. How many were stored.
   */
  enqueueMany(executor: Executor, items: readonly { message: MailMessage; dedupeKey?: string }[]): Promise<number>;
  /**
   * Whether the recipient's email settings let this message through (what `enqueue` checks): for
   * a caller that must know before it records that an email went out.
   */
  accepts(executor: Executor, message: MailMessage): Promise<boolean>;
  /** Wakes this process's sender at once (sign-in codes, links) instead of at its next poll. */
  kick(): void;
  /**
   * For an email with no change of ours to commit with (better-auth's links and codes, a job's
   * reminder): stored in its own transaction, then the sender is kicked.
   */
  sendSoon(message: MailMessage, options?: { dedupeKey?: string }): Promise<boolean>;
  /** Many messages without attachments at once (a batch of weekly emails), each under its dedupe key; how many were stored. */
  sendSoonMany(items: readonly { message: MailMessage; dedupeKey: string }[]): Promise<number>;
  /** One pass over the due messages (the jobs runner's, or a test's with its clock). */
  sendDue(now?: Date, budgetMs?: number): Promise<SendReport>;
  /** Lets `kick()` run passes in this process: the jobs runner turns it on when it starts. */
  startSending(): void;
  /** Turns the kick off again and waits for a pass in progress. */
  stopSending(): Promise<void>;
}

export interface SendReport {
  sent: number;
  failed: number;
}
