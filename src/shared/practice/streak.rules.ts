import { addLocalDays, localDateTime, localDaysBetween } from "../calendar/calendar-views.rules";
import { STREAK_REST_WINDOW_DAYS } from "./practice.constants";

/**
 * Streaks count calendar days ("yyyy-MM-dd" in the parent's zone), never 24-hour spans, so a
 * daylight-saving change (a 23- or 25-hour day) cannot break or stretch one. An entry keeps the
 * date it was logged for; only "today" follows the parent's current zone, so moving from New York
 * to Tokyo can at most make yesterday's practice look two days old, which the rest day absorbs.
 *
 * The rule: a streak is a run of practice days in which a missed day is a rest day, allowed when no
 * other rest day of the run lies within the 7 days before it; two missed days in a row end it. Its
 * length counts practice days only (a rest day keeps it, it does not grow it). Today is still open:
 * not having practised yet today never ends a streak.
 */

/** The parent's calendar day of an instant, for a timed entry or for "today". */
export function practiceDayOf(instant: Date | string, timeZone: string): string {
  return localDateTime(instant, timeZone).date;
}

/**
 * A run of the history as it stands at its last practice day: what the current streak is read
 * from. The database computes the same for the last practice day up to today
 * (practice-days.repo.ts streakStates, gaps and islands in SQL); `runs` below is the rule it follows.
 */
export interface Run {
  /** Practice days in the run. */
  length: number;
  /** The run's most recent rest day, or null. */
  lastRest: string | null;
  lastDay: string;
}

/** Every maximal run of the history, oldest first, each as it stands at its last practice day. */
function runs(days: Iterable<string>): Run[] {
  const sorted = [...new Set(days)].sort();
  const result: Run[] = [];
  let run: Run | null = null;
  for (const day of sorted) {
    if (!run) {
      run = { length: 1, lastRest: null, lastDay: day };
      continue;
    }
    const missed = localDaysBetween(run.lastDay, day) - 1;
    if (missed === 0) {
      run = { ...run, length: run.length + 1, lastDay: day };
    } else if (missed === 1) {
      const rest = addLocalDays(run.lastDay, 1);
      if (run.lastRest && localDaysBetween(run.lastRest, rest) < STREAK_REST_WINDOW_DAYS) {
        // A second rest day within a week: the run ends at its earlier rest day, and a new run
        // starts right after it (those days were all practised), through this rest day.
        result.push(run);
        run = { length: localDaysBetween(run.lastRest, run.lastDay) + 1, lastRest: rest, lastDay: day };
      } else {
        run = { length: run.length + 1, lastRest: rest, lastDay: day };
      }
    } else {
      result.push(run);
      run = { length: 1, lastRest: null, lastDay: day };
    }
  }
  if (run) result.push(run);
  return result;
}

/** The streak alive today: 0 when the last practice is too long ago. */
export function currentStreak(days: Iterable<string>, today: string): number {
  const past = [...days].filter((day) => day <= today);
  return streakAliveOn(runs(past).at(-1) ?? null, today);
}

/**
 * The streak alive today from the run of the last practice day up to today (null: none yet):
 * the run itself, unless two days or more were missed since, or yesterday was a second rest day
 * within the week.
 */
export function streakAliveOn(last: Run | null, today: string): number {
  if (!last) return 0;
  const missedSince = localDaysBetween(last.lastDay, today) - 1;
  // Today itself is still open, so practice yesterday (or today) leaves nothing missed.
  if (missedSince <= 0) return last.length;
  if (missedSince > 1) return 0;
  // Yesterday was a rest day: fine unless the run already rested within the week before it.
  const rest = addLocalDays(today, -1);
  if (last.lastRest && localDaysBetween(last.lastRest, rest) < STREAK_REST_WINDOW_DAYS) {
    return localDaysBetween(last.lastRest, last.lastDay);
  }
  return last.length;
}

/** The longest streak of the whole history. */
export function longestStreak(days: Iterable<string>): number {
  return runs(days).reduce((best, run) => Math.max(best, run.length), 0);
}
