import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "pino";
import type { Database } from "../db/client";
import { emailsFailed, emailsSent } from "../metrics/metrics";
import { recordOutboxMessage } from "./mail.repo";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is about (verification, password-reset, booking-requested …), for the outbox. */
  kind: string;
  /** Files sent with the message (an invoice PDF); the outbox records their names, types and sizes. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerConfig {
  smtpUrl: string | undefined;
  from: string;
  /** Folder of the development outbox: one .eml file per message. */
  outboxDir: string;
}

/**
 * Every message is recorded in mail_outbox. With SMTP configured it is sent; without, it is
 * written as an .eml file to DATA_DIR/outbox and announced in the log, so verification and reset
 * links work offline (decisions.md section 5).
 */
export function createMailer(db: Database, logger: Logger, config: MailerConfig): Mailer {
  const smtp: Transporter | null = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  // Builds the same RFC 822 message SMTP would carry, without sending it anywhere.
  const fileTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

  return {
    async send(message) {
      try {
        await deliver(message);
        emailsSent.inc({ kind: message.kind });
      } catch (error) {
        emailsFailed.inc({ kind: message.kind });
        throw error;
      }
    },
  };

  async function deliver(message: MailMessage): Promise<void> {
    const id = await recordOutboxMessage(db, message);
    const envelope = {
      from: config.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments?.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })),
    };
    if (smtp) {
      await smtp.sendMail(envelope);
      logger.info({ to: message.to, kind: message.kind }, "mail sent");
      return;
    }
    const built = (await fileTransport.sendMail(envelope)) as { message: Buffer };
    mkdirSync(config.outboxDir, { recursive: true });
    const file = path.join(config.outboxDir, `${new Date().toISOString().replaceAll(":", "-")}-${message.kind}-${id}.eml`);
    writeFileSync(file, built.message);
    logger.info({ to: message.to, kind: message.kind, subject: message.subject, file }, "mail written to the outbox (no SMTP configured)");
  }
}
