import { hourlySweep } from "../jobs";
import { pruneMailBodies } from "./mail.repo";

/**
 * Data kept only as long as needed (issue 39): an email's body holds what it announced (a lesson,
 * an invoice's PDF, a reset link); after MAIL_RETENTION_DAYS only the fact that it was sent stays.
 */
export const mailRetentionSweep = hourlySweep("prune-mail-bodies", async ({ deps, now }) => {
  const pruned = await pruneMailBodies(deps.db, new Date(now.getTime() - deps.env.MAIL_RETENTION_DAYS * 86_400_000));
  if (pruned > 0) deps.logger.info({ pruned }, "old emails' bodies and attachments removed (MAIL_RETENTION_DAYS)");
});
