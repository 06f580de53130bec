import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "pino";
import type { MailMessage } from "./mail.types";

export interface MailTransportConfig {
  smtpUrl: string | undefined;
  from: string;
  /** Folder of the development outbox: one .eml file per message. */
  outboxDir: string;
}

/**
 * How long one SMTP step may stay silent (connect, greeting, each command) before the attempt
 * fails and is retried later: a stuck server cannot hold a message (and its lease) forever.
 */
export const SMTP_TIMEOUT_MS = 15_000;
/**
 * SMTP connections each process keeps open and sends on at once (issue 42): a new connection per
 * message (greeting, EHLO, often TLS) held Sunday's burst to a few messages a second per server.
 */
export const SMTP_CONNECTIONS = 4;

/** Hands one stored message to SMTP, or writes it to DATA_DIR/outbox as an .eml file without SMTP. */
export type MailTransport = (id: string, message: MailMessage) => Promise<void>;

/**
 * With SMTP configured the message is sent; without, it is written as an .eml file to
 * DATA_DIR/outbox and announced in the log, so verification and reset links work offline
 * (decisions.md section 5).
 */
export function createMailTransport(logger: Logger, config: MailTransportConfig): MailTransport {
  const smtp: Transporter | null = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        pool: true,
        maxConnections: SMTP_CONNECTIONS,
        maxMessages: 500,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      } as Parameters<typeof nodemailer.createTransport>[0])
    : null;
  const senderDomain = /@([^>\s]+)/.exec(config.from)?.[1] ?? "localhost";
  // Builds the same RFC 822 message SMTP would carry, without sending it anywhere.
  const fileTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

  return async (id, message) => {
    const envelope = {
      from: config.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      // The outbox id names the message: a receiver can spot the one retry whose first try it did get.
      messageId: `<${id}@${senderDomain}>`,
      attachments: message.attachments?.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })),
    };
    if (smtp) {
      await smtp.sendMail(envelope);
      logger.info({ to: message.to, kind: message.kind, id }, "mail sent");
      return;
    }
    const built = (await fileTransport.sendMail(envelope)) as { message: Buffer };
    await mkdir(config.outboxDir, { recursive: true });
    const file = path.join(config.outboxDir, `${new Date().toISOString().replaceAll(":", "-")}-${message.kind}-${id}.eml`);
    await writeFile(file, built.message);
    logger.info({ to: message.to, kind: message.kind, subject: message.subject, file }, "mail written to the outbox (no SMTP configured)");
  };
}
