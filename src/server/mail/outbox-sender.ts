import type { Logger } from "pino";
import type { Database } from "../db/client";
import { retryDelayMs } from "../../shared/jobs/retry.rules";
import { emailsFailed, emailsSent } from "../metrics";
import { claimDueMail, extendMailLease, markMailFailed, markMailSent, releaseMail } from "./mail.repo";
import { SMTP_CONNECTIONS, type MailTransport } from "./mail-transport";
import type { SendReport } from "./mail.types";

/**
 * How long a claimed message is this runner's. Renewed every third of it while the runner is
 * still sending (a slow SMTP server never makes a second runner send it too), so the lease only
 * decides how soon a message claimed by a process that died is sent by another (or the restarted) one.
 */
export const MAIL_LEASE_MS = 30_000;
/** Attempts before a message is given up (status failed, last error kept): about two hours of retries. */
export const MAIL_MAX_ATTEMPTS = 8;
const BATCH = 10;


export interface SendOptions {
  /** Asked between two messages: a shutdown ends the pass there and gives back what it had not sent. */
  stopping?: () => boolean;
  /** The pass sends for this long at most (the jobs runner's share), then returns. */
  budgetMs?: number;
  leaseMs?: number;
}

/**
 * One pass: claims due messages and sends each, until none is due (or the budget is spent, or the
 * process is stopping). Safe in several processes at once (a message is claimed by one runner
 * under a lease, taken from the clock at the claim and renewed while the runner holds it, so a
 * pass however long never holds an expired lease); a failure is retried after retryDelayMs (1, 2,
 * 4 … minutes from the failure), and given up after MAIL_MAX_ATTEMPTS. `now` fixes the clock
 * (tests inject it); sent_at is when the message actually went out.
 */
export async function sendDueMail(db: Database, transport: MailTransport, logger: Logger, now?: Date, options: SendOptions = {}): Promise<SendReport> {
  const clock = () => now ?? new Date();
  const stopping = options.stopping ?? (() => false);
  const budgetEnds = options.budgetMs === undefined ? Infinity : Date.now() + options.budgetMs;
  const leaseMs = options.leaseMs ?? MAIL_LEASE_MS;
  const report: SendReport = { sent: 0, failed: 0 };
  while (!stopping() && Date.now() < budgetEnds) {
    const claimed = await claimDueMail(db, clock(), BATCH, leaseMs);
    if (claimed.length === 0) return report;
    const unfinished = new Set(claimed.map((mail) => mail.id));
    const renewal = setInterval(() => {
      const until = new Date(Date.now() + leaseMs);
      for (const id of unfinished) void extendMailLease(db, id, until).catch((error: unknown) => logger.warn({ err: error, id }, "mail: renewing a lease failed"));
    }, leaseMs / 3);
    try {
      // Up to SMTP_CONNECTIONS messages at once, one per pooled connection.
      const queue = [...claimed];
      const sendNext = async (): Promise<void> => {
        for (let mail = queue.shift(); mail && !stopping(); mail = queue.shift()) {
          let failure: unknown = null;
          try {
            await transport(mail.id, mail.message);
          } catch (error) {
            failure = error;
          }
          unfinished.delete(mail.id);
          if (failure === null) {
            // A failure to record it (the database gone) ends the pass: the message is not retried
            // as failed, since it did go out; its lease ends and it may be sent again, the one case of two.
            await markMailSent(db, mail.id, new Date());
            emailsSent.inc({ kind: mail.message.kind });
            report.sent++;
            continue;
          }
          emailsFailed.inc({ kind: mail.message.kind });
          report.failed++;
          const error = failure instanceof Error ? failure.message : JSON.stringify(failure);
          const giveUp = mail.attempts >= MAIL_MAX_ATTEMPTS;
          await markMailFailed(db, mail.id, error, giveUp ? null : new Date(clock().getTime() + retryDelayMs(mail.attempts)));
          logger[giveUp ? "error" : "warn"]({ err: failure, id: mail.id, kind: mail.message.kind, attempts: mail.attempts, giveUp }, "mail: sending failed");
        }
      };
      await Promise.all(Array.from({ length: Math.min(SMTP_CONNECTIONS, claimed.length) }, sendNext));
    } finally {
      clearInterval(renewal);
      // Claimed but not sent (a stop): free at once for another runner.
      await releaseMail(db, [...unfinished]);
    }
    // Messages claimed in this pass are leased or done, so the loop ends once all due ones are.
  }
  return report;
}
