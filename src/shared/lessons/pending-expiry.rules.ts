/** A booking request left pending this long after it was made expires (the teacher did not answer). */
export const PENDING_EXPIRY_HOURS = 72;

/**
 * When a pending request stops being answerable: 72 h after it was made, or when the lesson's time
 * comes, whichever is first (accepting a lesson that has already started makes no sense).
 */
export function pendingExpiresAt(createdAt: Date, startsAt: Date): Date {
  return new Date(Math.min(createdAt.getTime() + PENDING_EXPIRY_HOURS * 3_600_000, startsAt.getTime()));
}

/** True from the expiry instant on (exactly 72 h after, or exactly at the start, is expired). */
export function isExpired(createdAt: Date, startsAt: Date, now: Date): boolean {
  return now >= pendingExpiresAt(createdAt, startsAt);
}

/**
 * A pending request that can no longer be accepted: its time came, or 72 h passed unanswered. The
 * server refuses to accept it, both request lists show it as Expired, and the expiry sweep turns
 * it into status 'expired', all from this one rule. For a weekly series, `startsAt` is the first
 * pending lesson's (seriesFirstStarts): the series is answered, and expires, as a whole.
 */
export function isRequestExpired(request: { status: string; createdAt: string | Date; startsAt: string | Date }, now: Date): boolean {
  return request.status === "pending" && isExpired(new Date(request.createdAt), new Date(request.startsAt), now);
}

/**
 * The start that decides each request's expiry: its own, or for a lesson of a weekly series the
 * earliest start of that series' pending lessons among `rows` (pass all of them).
 */
export function expiryStarts<T extends { status: string; seriesId: string | null; startsAt: string | Date }>(rows: readonly T[]): Map<T, Date> {
  const firstOfSeries = new Map<string, number>();
  for (const row of rows) {
    if (!row.seriesId || row.status !== "pending") continue;
    const start = new Date(row.startsAt).getTime();
    firstOfSeries.set(row.seriesId, Math.min(firstOfSeries.get(row.seriesId) ?? Infinity, start));
  }
  return new Map(rows.map((row) => [row, new Date((row.seriesId && firstOfSeries.get(row.seriesId)) ?? new Date(row.startsAt).getTime())]));
}

/** By when the teacher answers a request just made (issue 41): its lessons expire together, at the first one's. */
export function requestAnswerBy(requests: readonly { createdAt: string | Date; startsAt: string | Date }[]): Date {
  const created = Math.min(...requests.map((r) => new Date(r.createdAt).getTime()));
  const firstStart = Math.min(...requests.map((r) => new Date(r.startsAt).getTime()));
  return pendingExpiresAt(new Date(created), new Date(firstStart));
}

type ListedRequest = { status: string; expired?: boolean; createdAt: string | Date; startsAt: string | Date };

/**
 * The parent's request list (issue 41): requests the teacher can still answer first, soonest on
 * top (the one decided next); then the rest in the order given (the server's: newest first).
 */
export function waitingRequestsFirst<T extends ListedRequest>(requests: readonly T[], now: Date): T[] {
  const waiting = (request: T) => request.status === "pending" && !request.expired && !isRequestExpired(request, now);
  const soonest = requests.filter(waiting).sort((a, b) => new Date(a.startsAt).getTime() - new Date(b.startsAt).getTime());
  return [...soonest, ...requests.filter((request) => !waiting(request))];
}
