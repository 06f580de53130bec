const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long something has waited, in the words the desk shows ("less than an hour", "5 hours",
 * "3 days"): whole units, rounded down, so a wait never reads longer than it is.
 */
export function waitingTime(since: Date, now: Date): string {
  const waited = Math.max(0, now.getTime() - since.getTime());
  if (waited < HOUR_MS) return "less than an hour";
  if (waited < DAY_MS) {
    const hours = Math.floor(waited / HOUR_MS);
    return `${hours} ${hours === 1 ? "hour" : "hours"}`;
  }
  const days = Math.floor(waited / DAY_MS);
  return `${days} ${days === 1 ? "day" : "days"}`;
}
