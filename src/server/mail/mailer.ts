import type { Logger } from "pino";
import type { Database, Executor } from "../db/client";
import { emailCategoryOf, emailOnFor, mayEmail } from "../../shared/accounts/email-preferences";
import { recipientPreferences, recipientsPreferences, type RecipientPreferences } from "./email-preferences.repo";
import { insertOutboxMessage, insertOutboxMessages } from "./mail.repo";
import { createMailTransport, type MailTransportConfig } from "./mail-transport";
import { sendDueMail } from "./outbox-sender";
import type { Mailer, MailMessage } from "./mail.types";

export type MailerConfig = MailTransportConfig;

/**
 * Issue 29: the recipient's email settings decide here, for every notification whatever feature
 * sends it, read in the same transaction as the change: a notification they turned off is
 * not stored at all. Emails of no category (account, security, invoices) always pass.
 */
async function wanted(executor: Executor, message: MailMessage): Promise<boolean> {
  if (emailCategoryOf(message.kind) === null) return true;
  return wantedBy(await recipientPreferences(executor, message.to), message);
}

function wantedBy(recipient: RecipientPreferences | null, message: MailMessage): boolean {
  return recipient === null || mayEmail(message.kind, recipient.preferences, emailOnFor(message.audience, recipient.emailOn));
}

/** The items their recipients want, their settings read in one query for all. */
async function wantedItems<Item extends { message: MailMessage }>(executor: Executor, items: readonly Item[]): Promise<Item[]> {
  const settings = await recipientsPreferences(
    executor,
    [...new Set(items.filter((item) => emailCategoryOf(item.message.kind) !== null).map((item) => item.message.to))],
  );
  return items.filter((item) => emailCategoryOf(item.message.kind) === null || wantedBy(settings.get(item.message.to) ?? null, item.message));
}

export function createMailer(db: Database, logger: Logger, config: MailerConfig): Mailer {
  const transport = createMailTransport(logger, config);
  let sending = false;
  let stopRequested = false;
  const stopping = () => stopRequested;
  let running: Promise<void> | null = null;
  let again = false;

  const kickedPasses = async () => {
    do {
      again = false;
      await sendDueMail(db, transport, logger, undefined, { stopping }).catch((error: unknown) => logger.error({ err: error }, "mail: sending pass failed"));
    } while (again && sending);
    running = null;
  };

  const mailer: Mailer = {
    accepts: wanted,
    async enqueue(executor, message, options = {}) {
      if (!(await wanted(executor, message))) return false;
      return (await insertOutboxMessage(executor, message, options.dedupeKey)) !== null;
    },
    async enqueueMany(executor, items) {
      if (items.length === 0) return 0;
      return insertOutboxMessages(executor, await wantedItems(executor, items), { bulk: false });
    },
    kick() {
      if (!sending) return;
      // A kick during a pass runs one more: the pass may have claimed before this commit.
      if (running) {
        again = true;
        return;
      }
      running = kickedPasses();
    },
    async sendSoon(message, options = {}) {
      // One transaction: the message and its attachments' bytes are stored together or not at all.
      const stored = await db.transaction(async (tx) => (await wanted(tx, message)) && (await insertOutboxMessage(tx, message, options.dedupeKey)) !== null);
      if (stored) mailer.kick();
      return stored;
    },
    async sendSoonMany(items) {
      // One transaction and a fixed number of queries for the batch: the recipients' settings, then the messages.
      const stored = await db.transaction(async (tx) => insertOutboxMessages(tx, await wantedItems(tx, items)));
      if (stored > 0) mailer.kick();
      return stored;
    },
    sendDue: (now, budgetMs) => sendDueMail(db, transport, logger, now, { stopping, budgetMs }),
    startSending() {
      sending = true;
      stopRequested = false;
    },
    async stopSending() {
      sending = false;
      // The pass under way ends after the message it is sending; the rest go back to the outbox.
      stopRequested = true;
      await running;
    },
  };
  return mailer;
}
