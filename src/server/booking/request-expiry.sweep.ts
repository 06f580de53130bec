import type { Sweep } from "../jobs";
import { returnSpentCredits } from "./credits.service";
import { expireDueRequests } from "./request-expiry.repo";
import { waitlistTimesFreed } from "../waitlist";

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
      const rows = await expireDueRequests(tx, now);
      const ids = rows.map((row) => row.id);
      // The freed times go to the families waiting for them (issue 44), teacher by teacher.
      for (const teacherId of new Set(rows.flatMap((row) => (row.teacherId ? [row.teacherId] : [])))) {
        await waitlistTimesFreed(tx, teacherId, rows.filter((row) => row.teacherId === teacherId && row.startsAt > now), now);
      }
      return { expired: ids, returned: await returnSpentCredits(tx, ids, "expired", now) };
    });
    if (expired.length > 0) deps.logger.info({ count: expired.length, creditsReturned: returned.length }, "expired unanswered booking requests");
  },
};
