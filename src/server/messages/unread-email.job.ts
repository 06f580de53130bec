import { REMOVED_MESSAGE_TEXT } from "../../shared/reports/reports.schemas";
import type { Executor } from "../db/client";
import type { JobKind } from "../jobs";
import { scheduleJob } from "../jobs";
import { unreadMessageEmail } from "./messages.emails";
import { findUnreadEmailTarget, stampUnreadEmail } from "./messages.repo";

export const UNREAD_EMAIL_KIND = "message-unread-email";
/** A message still unread this long after it was sent is emailed to its recipient. */
export const UNREAD_EMAIL_DELAY_MS = 10 * 60_000;
/** At most one such email per conversation in this time. */
export const UNREAD_EMAIL_GAP_MS = 60 * 60_000;

/** Scheduled in the send's transaction: the job exists exactly when the message does. */
export async function scheduleUnreadEmail(tx: Executor, messageId: string, sentAt: Date): Promise<void> {
  await scheduleJob(tx, {
    kind: UNREAD_EMAIL_KIND,
    key: `${UNREAD_EMAIL_KIND}:${messageId}`,
    runAt: new Date(sentAt.getTime() + UNREAD_EMAIL_DELAY_MS),
    payload: { messageId },
  });
}

/**
 * Sends the email when the message is still unread, the recipient's account exists, their
 * email settings allow it (the mailer decides: a parent's Email notifications and New messages,
 * a teacher's New messages), and no email for the conversation went out within the hour.
 * The last two are decided by one UPDATE, so two processes never both send.
 */
export const unreadEmailJob: JobKind = {
  kind: UNREAD_EMAIL_KIND,
  async handle(job, { deps, now }) {
    const messageId = typeof job.payload.messageId === "string" ? job.payload.messageId : null;
    if (!messageId) return;
    const target = await findUnreadEmailTarget(deps.db, messageId);
    // While either side blocks the other, no email about the conversation goes to either (issue 27).
    if (!target || target.read || target.recipientUnavailable || target.blocked) return;
    const mail = unreadMessageEmail(
      deps.env.PUBLIC_URL,
      { email: target.recipientEmail, firstName: target.recipientFirstName, audience: target.recipientIsTeacher ? "teacher" : "parent" },
      target.senderName,
      target.conversationId,
      target.hidden ? REMOVED_MESSAGE_TEXT : target.body,
    );
    // The stamp and the stored email commit together: the hour's gap starts exactly when an email
    // is on its way, and the outbox (not this job) retries a failed send.
    const stored = await deps.db.transaction(async (tx) => {
      // Asked before the stamp: an email the recipient turned off must not start the hour's gap,
      // or the other side's own email about the conversation would wait behind it.
      if (!(await deps.mailer.accepts(tx, mail))) return false;
      if (!(await stampUnreadEmail(tx, target.conversationId, messageId, now, UNREAD_EMAIL_GAP_MS))) return false;
      await deps.mailer.enqueue(tx, mail, { dedupeKey: job.key });
      return true;
    });
    if (stored) deps.mailer.kick();
  },
};
