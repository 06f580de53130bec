import type { Sweep } from "../jobs";
import { returnSpentCredits } from "./credits.service";
import { expireDueRequests } from "./request-expiry.repo";

/**
 * Pending requests the teacher did not answer in 72 h (or whose time came) become 'expired' and
 * free their times, on every pass of every process's job runner (one set-based statement, safe to
 * run from several processes at once). A make-up credit spent on such a request comes back to the
 * family in the same transaction (issue 26).
 */
export const expirePendingRequestsSweep: Sweep = {
  name: "expire-pending-requests",
  async run({ deps, now }) {
    const { expired, returned } = await deps.db.transaction(async (tx) => {
      const ids = await expireDueRequests(tx, now);
      return { expired: ids, returned: await returnSpentCredits(tx, ids, "expired", now) };
    });
    if (expired.length > 0) deps.logger.info({ count: expired.length, creditsReturned: returned.length }, "expired unanswered booking requests");
  },
};
