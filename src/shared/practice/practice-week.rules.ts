import { addLocalDays, localDayOfWeek } from "../calendar/calendar-views.rules";
import { PRACTICE_CHART_WEEKS, type PracticeSource } from "./practice.constants";

/** What the figures need of a practice entry. */
export interface PracticeDay {
  /** The parent's calendar day the practice was logged for. */
  date: string;
  minutes: number;
  source: PracticeSource;
}

/** A homework goal: minutes per day on a number of days per week. */
export interface PracticeGoal {
  minutesPerDay: number;
  daysPerWeek: number;
}

/** The Monday of the week a day belongs to (weeks run Monday to Sunday). */
export function weekStartOf(date: string): string {
  return addLocalDays(date, -((localDayOfWeek(date) + 6) % 7));
}

export interface PracticeWeek {
  weekStart: string;
  minutes: number;
  /** Minutes from the timer, and typed minutes: shown apart so a teacher knows which to trust. */
  timedMinutes: number;
  selfReportedMinutes: number;
  /** Days of the week with any practice. */
  days: number;
  /** Days on which the day's minutes reached the goal's minutes per day (0 without a goal). */
  goalDays: number;
  /** The goal's days per week met, or null without a goal. */
  goalMet: boolean | null;
}

/** One week's figures from the entries (entries of other weeks are ignored). */
export function practiceWeek(entries: readonly PracticeDay[], weekStart: string, goal: PracticeGoal | null): PracticeWeek {
  const weekEnd = addLocalDays(weekStart, 6);
  const byDay = new Map<string, number>();
  let timedMinutes = 0;
  let selfReportedMinutes = 0;
  for (const entry of entries) {
    if (entry.date < weekStart || entry.date > weekEnd) continue;
    byDay.set(entry.date, (byDay.get(entry.date) ?? 0) + entry.minutes);
    if (entry.source === "timed") timedMinutes += entry.minutes;
    else selfReportedMinutes += entry.minutes;
  }
  const goalDays = goal ? [...byDay.values()].filter((minutes) => minutes >= goal.minutesPerDay).length : 0;
  return {
    weekStart,
    minutes: timedMinutes + selfReportedMinutes,
    timedMinutes,
    selfReportedMinutes,
    days: byDay.size,
    goalDays,
    goalMet: goal ? goalDays >= goal.daysPerWeek : null,
  };
}

/** The last 12 weeks' minutes, oldest first, this week (the one holding `today`) last. */
export function practiceChart(entries: readonly PracticeDay[], today: string, weeks = PRACTICE_CHART_WEEKS): { weekStart: string; minutes: number }[] {
  const thisWeek = weekStartOf(today);
  const starts = Array.from({ length: weeks }, (_, i) => addLocalDays(thisWeek, -7 * (weeks - 1 - i)));
  const totals = new Map(starts.map((start) => [start, 0]));
  for (const entry of entries) {
    const start = weekStartOf(entry.date);
    const total = totals.get(start);
    if (total !== undefined) totals.set(start, total + entry.minutes);
  }
  return starts.map((weekStart) => ({ weekStart, minutes: totals.get(weekStart)! }));
}
