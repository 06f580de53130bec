import type { JobKind } from "../jobs";
import { TIMES_FREED_KIND } from "./times-freed";
import { OFFER_EXPIRY_KIND, offerFreedTimes, passOffer } from "./waitlist-offers.service";

/**
 * Offers the times a change freed (scheduled by waitlistTimesFreed in that change's transaction).
 * Safe to run again: a time already offered to a family, or held by an open offer, is not offered again.
 */
export const timesFreedJob: JobKind = {
  kind: TIMES_FREED_KIND,
  async handle(job, { deps, now }) {
    const teacherId = typeof job.payload.teacherId === "string" ? job.payload.teacherId : null;
    const raw = Array.isArray(job.payload.intervals) ? (job.payload.intervals as { startsAt: string; endsAt: string }[]) : [];
    if (!teacherId) return;
    const intervals = raw.map((i) => ({ startsAt: new Date(i.startsAt), endsAt: new Date(i.endsAt) })).filter((i) => !Number.isNaN(i.startsAt.getTime()) && i.endsAt > i.startsAt);
    await offerFreedTimes(deps, teacherId, intervals, now);
  },
};

/** An offer's hold ran out: unless it was claimed or declined first, it passes to the next family. */
export const offerExpiryJob: JobKind = {
  kind: OFFER_EXPIRY_KIND,
  async handle(job, { deps, now }) {
    const offerId = typeof job.payload.offerId === "string" ? job.payload.offerId : null;
    if (offerId) await passOffer(deps, offerId, "expired", now);
  },
};
