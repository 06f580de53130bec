import type { Database } from "../db/client";
import type { Sweep } from "../jobs";
import { pruneMailBodies } from "./mail.repo";

/** Pruning needs no precision: once an hour per process is plenty (passes run every few seconds). */
const PRUNE_EVERY_MS = 60 * 60_000;
const lastPrune = new WeakMap<Database, number>();

/**
 * Data kept only as long as needed (issue 39): an email's body holds what it announced (a lesson,
 * an invoice's PDF, a reset link); after MAIL_RETENTION_DAYS only the fact that it was sent stays.
 */
export const mailRetentionSweep: Sweep = {
  name: "prune-mail-bodies",
  async run({ deps, now }) {
    const last = lastPrune.get(deps.db);
    if (last !== undefined && Math.abs(now.getTime() - last) < PRUNE_EVERY_MS) return;
    lastPrune.set(deps.db, now.getTime());
    const pruned = await pruneMailBodies(deps.db, new Date(now.getTime() - deps.env.MAIL_RETENTION_DAYS * 86_400_000));
    if (pruned > 0) deps.logger.info({ pruned }, "old emails' bodies and attachments removed (MAIL_RETENTION_DAYS)");
  },
};
