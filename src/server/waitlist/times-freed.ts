import { randomUUID } from "node:crypto";
import type { Executor } from "../db/client";
import { scheduleJob } from "../jobs";

export const TIMES_FREED_KIND = "waitlist-times-freed";

/** A span of a teacher's time that just became bookable again (UTC instants). */
export interface FreedInterval {
  startsAt: Date;
  endsAt: Date;
}

/**
 * THE entry point of the waitlist (issue 44) for every change that frees a teacher's time: a
 * cancellation, a moved lesson, a declined or expired request, new weekly hours, a day off
 * removed, a series changed from a date on. Call it in the transaction of that change: the job
 * it schedules exists exactly when the change does, and runs after the commit, where it offers
 * the times that are really bookable then to the waiting families (waitlist-offers.service.ts).
 */
export async function waitlistTimesFreed(executor: Executor, teacherId: string, intervals: readonly FreedInterval[], now = new Date()): Promise<void> {
  const spans = intervals.filter((i) => i.endsAt > i.startsAt && i.endsAt > now);
  if (spans.length === 0) return;
  await scheduleJob(executor, {
    kind: TIMES_FREED_KIND,
    // Every freeing is its own job: the same time may be freed again after it was taken again.
    key: `${TIMES_FREED_KIND}:${teacherId}:${randomUUID()}`,
    runAt: now,
    payload: { teacherId, intervals: spans.map((i) => ({ startsAt: i.startsAt.toISOString(), endsAt: i.endsAt.toISOString() })) },
  });
}
