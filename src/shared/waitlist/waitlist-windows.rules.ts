import { TZDate } from "@date-fns/tz";
import { addDays } from "date-fns";
import { DAY_NAMES, type DayOfWeek } from "../teachers/weekly-availability.rules";

/**
 * A family's waiting window (issue 44): a weekday and a span of wall-clock time in the zone the
 * parent chose it in ("Tuesdays 15:00-18:00" in New York). Times are "HH:mm"; the span lies
 * within one day (end after start, "24:00" allowed as the end of the day).
 */
export interface WaitWindow {
  dayOfWeek: DayOfWeek;
  startTime: string;
  endTime: string;
}

const minutesOf = (time: string) => {
  const [h = "0", m = "0"] = time.split(":");
  return Number(h) * 60 + Number(m);
};

const pad = (n: number) => String(n).padStart(2, "0");
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/**
 * Whether a lesson from `startsAt` to `endsAt` lies wholly inside one of the windows, read on the
 * wall clock of `timeZone` on the lesson's own date: "Tuesdays 15:00-18:00" in New York matches a
 * Tuesday 16:00-17:00 lesson in New York whatever the UTC offset that day (daylight saving), and
 * a lesson that crosses midnight there matches no window.
 */
export function lessonInWindows(lesson: { startsAt: Date; endsAt: Date }, windows: readonly WaitWindow[], timeZone: string): boolean {
  const start = new TZDate(lesson.startsAt.getTime(), timeZone);
  const end = new TZDate(lesson.endsAt.getTime(), timeZone);
  const startMinute = start.getHours() * 60 + start.getMinutes();
  const sameDay = start.getFullYear() === end.getFullYear() && start.getMonth() === end.getMonth() && start.getDate() === end.getDate();
  // A lesson ending exactly at local midnight ends at "24:00" of its start day.
  const endsAtMidnight = end.getHours() === 0 && end.getMinutes() === 0 && end.getTime() > start.getTime() && addDaysLocal(start, 1) === dayKey(end);
  if (!sameDay && !endsAtMidnight) return false;
  const endMinute = endsAtMidnight ? 24 * 60 : end.getHours() * 60 + end.getMinutes();
  return windows.some(
    (w) => w.dayOfWeek === start.getDay() && minutesOf(w.startTime) <= startMinute && endMinute <= minutesOf(w.endTime),
  );
}

const dayKey = (d: TZDate) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
const addDaysLocal = (d: TZDate, days: number) => dayKey(addDays(d, days));

/** A window as another zone reads it: its weekday and span there (a span may end on the next day). */
export interface WindowInZone {
  dayOfWeek: DayOfWeek;
  startTime: string;
  endTime: string;
  /** The span ends on the following day in that zone ("Tue 23:00 - Wed 02:00"). */
  endsNextDay: boolean;
}

/**
 * A parent's window shown on the teacher's clock (the teacher's waitlist): the window's next
 * occurrence on or after `reference`, read in `toZone`. Offsets differ by date, so the answer is
 * for the coming week; the matching itself always uses the parent's own wall clock.
 */
export function windowInZone(window: WaitWindow, fromZone: string, toZone: string, reference: Date): WindowInZone {
  const ref = new TZDate(reference.getTime(), fromZone);
  const ahead = (window.dayOfWeek - ref.getDay() + 7) % 7;
  const day = addDays(new TZDate(ref.getFullYear(), ref.getMonth(), ref.getDate(), 12, 0, fromZone), ahead);
  const wall = (minutes: number) =>
    // TZDate rolls 24:00 over to the next day's midnight, as Date does.
    new Date(new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(minutes / 60), minutes % 60, fromZone).getTime());
  const startsAt = wall(minutesOf(window.startTime));
  const endLocal = wall(minutesOf(window.endTime));
  const s = new TZDate(startsAt.getTime(), toZone);
  const e = new TZDate(endLocal.getTime(), toZone);
  const sameDay = dayKey(s) === dayKey(e);
  const endMinutes = e.getHours() * 60 + e.getMinutes();
  const midnight = !sameDay && endMinutes === 0 && addDaysLocal(s, 1) === dayKey(e);
  return {
    dayOfWeek: s.getDay() as DayOfWeek,
    startTime: hhmm(s.getHours() * 60 + s.getMinutes()),
    endTime: midnight ? "24:00" : hhmm(endMinutes),
    endsNextDay: !sameDay && !midnight,
  };
}

/** "Tuesdays 15:00-18:00"; on another clock, "Tuesdays 21:00-Wednesday 00:30". */
export function windowLabel(window: WaitWindow | WindowInZone): string {
  const day = `${DAY_NAMES[window.dayOfWeek]}s`;
  if ("endsNextDay" in window && window.endsNextDay) {
    return `${day} ${window.startTime}-${DAY_NAMES[(window.dayOfWeek + 1) % 7]} ${window.endTime}`;
  }
  return `${day} ${window.startTime}-${window.endTime}`;
}

/** Two windows of one entry on the same day that overlap (the form asks for one span instead). */
export function overlappingWindows(windows: readonly WaitWindow[]): boolean {
  return windows.some((a, i) =>
    windows.some(
      (b, j) => j > i && a.dayOfWeek === b.dayOfWeek && minutesOf(a.startTime) < minutesOf(b.endTime) && minutesOf(b.startTime) < minutesOf(a.endTime),
    ),
  );
}

export const windowMinutes = minutesOf;

/** How far ahead a new weekly window is offered to waiting families (the weeks they would plan for). */
export const NEW_HOURS_WEEKS_AHEAD = 8;

/**
 * The next `weeks` occurrences of a weekly window of a teacher (on the teacher's clock) from
 * `from` on, as instants: the times that new weekly hours free (issue 44).
 */
export function weeklyOccurrences(
  window: { dayOfWeek: number; startTime: string; endTime: string },
  timeZone: string,
  from: Date,
  weeks = NEW_HOURS_WEEKS_AHEAD,
): { startsAt: Date; endsAt: Date }[] {
  const ref = new TZDate(from.getTime(), timeZone);
  const ahead = (window.dayOfWeek - ref.getDay() + 7) % 7;
  const spans: { startsAt: Date; endsAt: Date }[] = [];
  for (let week = 0; week < weeks; week++) {
    const day = addDays(new TZDate(ref.getFullYear(), ref.getMonth(), ref.getDate(), 12, 0, timeZone), ahead + week * 7);
    const at = (minutes: number) =>
      new Date(new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(minutes / 60), minutes % 60, timeZone).getTime());
    const span = { startsAt: at(minutesOf(window.startTime)), endsAt: at(minutesOf(window.endTime)) };
    if (span.endsAt > from && span.endsAt > span.startsAt) spans.push(span);
  }
  return spans;
}
