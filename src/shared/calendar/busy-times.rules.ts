import type { Interval } from "../booking/slots.rules";

/**
 * Busy intervals sorted by start, overlapping or touching ones merged into one: what a calendar's
 * events leave busy, however they were entered (two back-to-back rehearsals are one busy evening).
 */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals
    .map((i) => [i.startsAt.getTime(), i.endsAt.getTime()] as [number, number])
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged.map(([start, end]) => ({ startsAt: new Date(start), endsAt: new Date(end) }));
}

/** Every 15 minutes (issue 46): often enough that a rehearsal added at noon blocks the afternoon. */
export const BUSY_FETCH_EVERY_MINUTES = 15;
/** Days before now that busy times are kept (the teacher's calendar shows this week's). */
export const BUSY_PAST_DAYS = 7;

/**
 * The window busy times are expanded over: a week back (the teacher's week view) to two days past
 * the booking horizon, so the horizon's last day is covered until the next full read (at most a
 * day later: a 304 keeps the stored times, and the window moves with the daily full read).
 */
export function busyWindow(now: Date, horizonEnd: Date): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - BUSY_PAST_DAYS * 86_400_000), to: new Date(horizonEnd.getTime() + 2 * 86_400_000) };
}

/** How a calendar's last fetch reads in the teacher's settings, in plain words. */
export function fetchStatusLine(
  calendar: { lastSuccessAt: string | null; lastAttemptAt: string | null; pending: boolean; busyCount: number },
  formatTime: (iso: string) => string,
): string {
  if (!calendar.lastAttemptAt) return "Not read yet: the first read happens within a minute.";
  const again = calendar.pending ? " Reading it again within a minute." : "";
  if (!calendar.lastSuccessAt) return `Never read successfully.${again}`;
  const count = calendar.busyCount === 1 ? "1 busy time" : `${calendar.busyCount} busy times`;
  return `Last read ${formatTime(calendar.lastSuccessAt)}: ${count} in the next 12 months.${again}`;
}
