const DAY_MS = 24 * 3600_000;
/** "HH:mm" of every minute of a day. */
const MINUTES = Array.from({ length: 24 * 60 }, (_, m) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`);
/** Days (since 1970) of the years 1000-9999 (four digits, no sign in the ISO form). */
const FIRST_DAY = Date.UTC(1000, 0, 1) / DAY_MS;
const LAST_DAY = Date.UTC(10000, 0, 1) / DAY_MS - 1;
const dayPrefixes = new Map<number, string>();

/**
 * `date.toISOString()` for the whole-minute instants slots start and end on, from a per-day
 * prefix and a per-minute table: a month calendar writes some two thousand of them per request,
 * and V8's own formatting is the costlier part of that.
 */
export function isoInstant(date: Date): string {
  const time = date.getTime();
  const day = Math.floor(time / DAY_MS);
  const inDay = time - day * DAY_MS;
  if (inDay % 60_000 !== 0 || day < FIRST_DAY || day > LAST_DAY) return date.toISOString();
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    // Bounded: a few years of days either side of today is all that calendars ask for.
    if (dayPrefixes.size >= 20_000) dayPrefixes.clear();
    dayPrefixes.set(day, prefix);
  }
  return `${prefix}${MINUTES[inDay / 60_000]}:00.000Z`;
}
