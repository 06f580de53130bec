import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";
import type { MailMessage } from "./mailer";

/** Records a message in mail_outbox before it is sent or written out; returns its id. */
export async function recordOutboxMessage(db: Database, message: MailMessage): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      kind: message.kind,
      attachments: (message.attachments ?? []).map((file) => ({ filename: file.filename, contentType: file.contentType, size: file.content.length })),
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}
