import type { Sweep } from "../jobs/job.types";
import { expireDueRequests } from "./request-expiry.repo";

/**
 * Pending requests the teacher did not answer in 72 h (or whose time came) become 'expired' and
 * free their times, on every pass of every process's job runner (one set-based statement, safe to
 * run from several processes at once).
 */
export const expirePendingRequestsSweep: Sweep = {
  name: "expire-pending-requests",
  async run({ deps, now }) {
    const expired = await expireDueRequests(deps.db, now);
    if (expired.length > 0) deps.logger.info({ count: expired.length }, "expired unanswered booking requests");
  },
};
