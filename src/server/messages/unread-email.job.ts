import { REMOVED_MESSAGE_TEXT } from "../../shared/reports/reports.schemas";
import type { Executor } from "../db/client";
import type { JobKind } from "../jobs";
import { scheduleJob } from "../jobs";
import { unreadMessageEmail } from "./messages.emails";
import { findUnreadMessage, stampUnreadEmail, unreadEmailRecipients } from "./unread-email.repo";

export const UNREAD_EMAIL_KIND = "message-unread-email";
/** A message still unread this long after it was sent is emailed to each recipient who has not read it. */
export const UNREAD_EMAIL_DELAY_MS = 10 * 60_000;
/** At most one such email per recipient and conversation in this time. */
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
 * Emails everyone in the conversation but the sender (issue 45: the teacher and each guardian of
 * the household, the other guardians too when a guardian wrote) for whom the message is still
 * unread, whose account exists and may be emailed, and whose own email settings allow it (the
 * mailer decides: a parent's Email notifications and New messages, a teacher's New messages); each
 * at most once an hour per conversation. The last two are decided by one statement per recipient,
 * so two processes never both send.
 */
export const unreadEmailJob: JobKind = {
  kind: UNREAD_EMAIL_KIND,
  async handle(job, { deps, now }) {
    const messageId = typeof job.payload.messageId === "string" ? job.payload.messageId : null;
    if (!messageId) return;
    const message = await findUnreadMessage(deps.db, messageId);
    // While either side blocks the other, no email about the conversation goes to anyone (issue 27).
    if (!message || message.blocked) return;
    let stored = false;
    for (const recipient of await unreadEmailRecipients(deps.db, messageId)) {
      if (recipient.read || recipient.unavailable) continue;
      const mail = unreadMessageEmail(
        deps.env.PUBLIC_URL,
        { email: recipient.email, firstName: recipient.firstName, audience: recipient.isTeacher ? "teacher" : "parent" },
        // A guardian told of another guardian's message hears where it was written.
        { name: message.senderName, withTeacher: !recipient.isTeacher && !message.senderIsTeacher ? message.teacherName : null },
        message.conversationId,
        message.hidden ? REMOVED_MESSAGE_TEXT : message.body,
      );
      // The stamp and the stored email commit together: the hour's gap starts exactly when an email
      // is on its way, and the outbox (not this job) retries a failed send.
      stored =
        (await deps.db.transaction(async (tx) => {
          // Asked before the stamp: an email the recipient turned off must not start their hour's gap.
          if (!(await deps.mailer.accepts(tx, mail))) return false;
          if (!(await stampUnreadEmail(tx, { conversationId: message.conversationId, userId: recipient.userId }, messageId, now, UNREAD_EMAIL_GAP_MS))) {
            return false;
          }
          await deps.mailer.enqueue(tx, mail, { dedupeKey: `${job.key}:${recipient.userId}` });
          return true;
        })) || stored;
    }
    if (stored) deps.mailer.kick();
  },
};
