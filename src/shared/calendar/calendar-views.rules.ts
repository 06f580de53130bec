import { tzOffset } from "@date-fns/tz";
import { minutesOfDay } from "../teachers/weekly-availability.rules";

/**
 * Calendar views (month, week, day) in one IANA zone, and the conversion between instants and the
 * zone's local "yyyy-MM-dd" + "HH:mm". Local dates are handled as plain strings with UTC calendar
 * maths; only the zone offset comes from Intl (tzOffset caches its formatter), so these functions
 * stay cheap enough to call per event and per day. TZDate is avoided on purpose: it goes through
 * Intl on every construction and getter.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const LOCAL_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;

export interface InstantRange {
  /** Inclusive start. */
  from: Date;
  /** Exclusive end: fetch events with startsAt < to and endsAt > from. */
  to: Date;
}

export interface LocalDateTime {
  /** "yyyy-MM-dd" in the zone. */
  date: string;
  /** "HH:mm" in the zone. */
  time: string;
}

/** True for a real calendar date written "yyyy-MM-dd" (2026-02-30 is not). */
export function isLocalDate(value: string): boolean {
  const match = LOCAL_DATE_RE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** True for a 24-hour "HH:mm" time. */
export function isLocalTime(value: string): boolean {
  return LOCAL_TIME_RE.test(value);
}

function parseDate(date: string): [number, number, number] {
  if (!isLocalDate(date)) throw new RangeError(`Not a date: ${date}`);
  return date.split("-").map(Number) as [number, number, number];
}

function formatUtcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** "yyyy-MM-dd" plus whole days (negative goes back), by the calendar, not by 24 h. */
export function addLocalDays(date: string, days: number): string {
  const [y, m, d] = parseDate(date);
  return formatUtcDate(Date.UTC(y, m - 1, d + days));
}

/** Whole calendar days from `from` to `to` ("yyyy-MM-dd" each); negative when `to` is earlier. */
export function localDaysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parseDate(from);
  const [y2, m2, d2] = parseDate(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / DAY_MS);
}

/** Day of the week of a local date, 0 = Sunday … 6 = Saturday (decisions.md). */
export function localDayOfWeek(date: string): number {
  const [y, m, d] = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** "yyyy-MM" plus whole months, for the month view's previous/next buttons. */
export function shiftMonth(month: string, delta: number): string {
  const match = MONTH_RE.exec(month);
  if (!match) throw new RangeError(`Not a month: ${month}`);
  return formatUtcDate(Date.UTC(Number(match[1]), Number(match[2]) - 1 + delta, 1)).slice(0, 7);
}

function offsetMs(timeZone: string, ms: number): number {
  const minutes = tzOffset(timeZone, new Date(ms));
  if (Number.isNaN(minutes)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return minutes * MINUTE_MS;
}

/** The zone's local date and time of an instant ("HH:mm", seconds dropped). */
export function localDateTime(instant: Date | string, timeZone: string): LocalDateTime {
  const ms = new Date(instant).getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Not an instant: ${String(instant)}`);
  const local = new Date(ms + offsetMs(timeZone, ms)).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/**
 * The instant of a local date and time in a zone, the inverse of localDateTime. Daylight saving
 * makes the local clock skip or repeat an hour, so:
 * - a time that does not exist (spring forward, 02:30 on 2026-03-08 in New York) moves forward by
 *   the gap and reads 03:30 afterwards, as a wall clock would;
 * - a time that exists twice (fall back, 01:30 on 2026-11-01 in New York) takes the first
 *   occurrence, the one still on summer time.
 * This is what Temporal calls the "compatible" disambiguation.
 */
export function instantFromLocal(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = parseDate(date);
  if (!isLocalTime(time)) throw new RangeError(`Not a time: ${time}`);
  const [h, min] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, h, min);
  // Offsets a day either side bracket any single transition that could affect this wall time.
  const before = offsetMs(timeZone, wall - DAY_MS);
  const after = offsetMs(timeZone, wall + DAY_MS);
  const candidates = [before, after]
    .map((offset) => wall - offset)
    .filter((ms) => offsetMs(timeZone, ms) === wall - ms)
    .sort((a, b) => a - b);
  // No candidate: the wall time falls in a gap; reading it with the earlier offset moves it forward.
  return new Date(candidates[0] ?? wall - before);
}

/** The instant a local day starts (its midnight, or the first existing time if midnight is skipped). */
export function startOfLocalDay(date: string, timeZone: string): Date {
  return instantFromLocal(date, "00:00", timeZone);
}

/** A whole local day as instants: [its start, the next day's start). 23 or 25 hours on DST days. */
export function localDayRange(date: string, timeZone: string): InstantRange {
  return { from: startOfLocalDay(date, timeZone), to: startOfLocalDay(addLocalDays(date, 1), timeZone) };
}

/** Start and end instants of an event entered as a local date and "HH:mm" times. */
export function eventInstants(input: { date: string; startTime: string; endTime: string; timeZone: string }): {
  startsAt: Date;
  endsAt: Date;
} {
  return {
    startsAt: instantFromLocal(input.date, input.startTime, input.timeZone),
    endsAt: instantFromLocal(input.date, input.endTime, input.timeZone),
  };
}

export interface MonthGridDay {
  date: string;
  /** False for the leading and trailing days of the neighbouring months. */
  inMonth: boolean;
}

export interface MonthGrid extends InstantRange {
  month: string;
  /** 5 or 6 rows of 7 days, Sunday first. */
  weeks: MonthGridDay[][];
}

/**
 * The month view: weeks Sunday to Saturday covering the month. Always at least 5 rows so the grid
 * does not jump in height for a February that starts on a Sunday (2026); 6 when the month needs it.
 * `from`/`to` bound every day shown, for one fetch of the events.
 */
export function monthGrid(month: string, timeZone: string): MonthGrid {
  if (!MONTH_RE.test(month)) throw new RangeError(`Not a month: ${month}`);
  const first = `${month}-01`;
  const lead = localDayOfWeek(first);
  const length = localDaysBetween(first, `${shiftMonth(month, 1)}-01`);
  const rows = Math.max(5, Math.ceil((lead + length) / 7));
  const gridStart = addLocalDays(first, -lead);
  const weeks: MonthGridDay[][] = [];
  for (let row = 0; row < rows; row++) {
    const week: MonthGridDay[] = [];
    for (let col = 0; col < 7; col++) {
      const date = addLocalDays(gridStart, row * 7 + col);
      week.push({ date, inMonth: date.startsWith(month) });
    }
    weeks.push(week);
  }
  return {
    month,
    weeks,
    from: startOfLocalDay(gridStart, timeZone),
    to: startOfLocalDay(addLocalDays(gridStart, rows * 7), timeZone),
  };
}

export interface WeekRange extends InstantRange {
  /** The 7 local dates, Sunday first. */
  days: string[];
}

/** The week (Sunday to Saturday, spec) that holds a local date. */
export function weekRange(date: string, timeZone: string): WeekRange {
  const sunday = addLocalDays(date, -localDayOfWeek(date));
  const days = Array.from({ length: 7 }, (_, i) => addLocalDays(sunday, i));
  return { days, from: startOfLocalDay(sunday, timeZone), to: startOfLocalDay(addLocalDays(sunday, 7), timeZone) };
}

export interface HourRow {
  startsAt: Date;
  /** Local "HH:mm" label; repeats on a fall-back day (01:00 twice), skips on a spring-forward day. */
  time: string;
}

export interface DayRange extends InstantRange {
  date: string;
  /** One row per real hour of the day: 24, or 23/25 on daylight-saving days. */
  hours: HourRow[];
  /** Length of the day in minutes (1440, 1380 or 1500): the day view's height in event-layout. */
  minutes: number;
}

/** The day view: the local day's instants and its hour rows. */
export function dayRange(date: string, timeZone: string): DayRange {
  const { from, to } = localDayRange(date, timeZone);
  const hours: HourRow[] = [];
  for (let ms = from.getTime(); ms < to.getTime(); ms += HOUR_MS) {
    hours.push({ startsAt: new Date(ms), time: localDateTime(new Date(ms), timeZone).time });
  }
  return { date, from, to, hours, minutes: (to.getTime() - from.getTime()) / MINUTE_MS };
}

/** Minutes from a day's start to an instant (negative before it): the input of event-layout. */
export function minutesFrom(dayStart: Date, instant: Date | string): number {
  return (new Date(instant).getTime() - dayStart.getTime()) / MINUTE_MS;
}

/** Where a day starts for a viewer with no working hours of their own (8:00). */
export const DEFAULT_DAY_START_MINUTE = 8 * 60;

/**
 * The minute of the day a week or day view opens at, instead of midnight: the earlier of the
 * viewer's working hours (a teacher's earliest availability; 8:00 otherwise) and the first event
 * shown, half an hour before it so the event is not flush with the top edge.
 */
export function initialScrollMinute(eventStartMinutes: readonly number[], workStartMinute: number | null = null): number {
  const starts = [workStartMinute ?? DEFAULT_DAY_START_MINUTE, ...eventStartMinutes.filter((m) => m >= 0)];
  return Math.max(0, Math.min(...starts) - 30);
}

/** The earliest "HH:mm" of some windows as minutes, or null when there are none. */
export function earliestStartMinute(windows: readonly { startTime: string }[]): number | null {
  if (!windows.length) return null;
  return Math.min(...windows.map((w) => minutesOfDay(w.startTime)));
}
