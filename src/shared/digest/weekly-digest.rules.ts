import type { BookingType } from "../booking/booking.constants";
import { addLocalDays, instantFromLocal, localDateTime } from "../calendar/calendar-views.rules";
import { weekStartOf } from "../practice/practice-week.rules";
import { knownZoneOrUtc } from "../time-zone.rules";
import type { PracticeStreak } from "../practice/practice.api";
import type { PracticeWeek } from "../practice/practice-week.rules";

/**
 * Issue 29's weekly emails: Sunday at 18:00 in the recipient's zone, the parents' digest and the
 * teachers' summary. The pure part: what each child's or student's section holds, and whether an
 * email has anything to say at all (none is sent otherwise).
 */
export const WEEKLY_EMAIL_HOUR = 18;
/** A run this much later than its Sunday 18:00 (a server that was down) is dropped: Monday's news is stale. */
export const WEEKLY_EMAIL_STALE_MS = 12 * 3_600_000;

/**
 * Whether some zone's Sunday 18:00 is near enough to schedule (a day ahead) or still fresh (12 h
 * after): from Saturday 04:00 UTC (Sunday 18:00 at UTC+14, a day ahead) to Monday 18:00 UTC
 * (Sunday 18:00 at UTC-12, 12 hours after). The rest of the week the sweep has nothing to do.
 */
export function weeklyEmailWindowOpen(now: Date): boolean {
  const hourOfWeek = ((now.getUTCDay() + 6) % 7) * 24 + now.getUTCHours(); // Monday 00:00 UTC is 0
  const SATURDAY_04 = 5 * 24 + 4;
  const MONDAY_18 = 18;
  return hourOfWeek >= SATURDAY_04 || hourOfWeek < MONDAY_18;
}

/**
 * The latest Sunday WEEKLY_EMAIL_HOUR:00 at or before `now` on the clock of `zone` (an unknown zone
 * counts as UTC), with its week's Monday: the weekly email round that is due in that zone.
 */
export function latestWeeklyEmailRound(zone: string, now: Date): { weekStart: string; at: Date } {
  const clock = knownZoneOrUtc(zone);
  const sundayAt = (monday: string) => instantFromLocal(addLocalDays(monday, 6), `${WEEKLY_EMAIL_HOUR}:00`, clock);
  const monday = weekStartOf(localDateTime(now, clock).date);
  const at = sundayAt(monday);
  if (at.getTime() <= now.getTime()) return { weekStart: monday, at };
  const previous = addLocalDays(monday, -7);
  return { weekStart: previous, at: sundayAt(previous) };
}

export interface DigestLesson {
  startsAt: string;
  teacherName: string;
  bookingType: BookingType;
}

export interface DigestGoal {
  minutesPerDay: number;
  daysPerWeek: number;
}

export interface DigestHomework {
  dueOn: string | null;
  items: string[];
}

export interface DigestChild {
  studentId: string;
  name: string;
  /** Accepted lessons of next week (Monday to Sunday on the reader's calendar, nextWeekRange), soonest first. */
  lessons: DigestLesson[];
  week: PracticeWeek;
  goal: DigestGoal | null;
  streak: PracticeStreak;
  /** Grades given in the last 7 days, in classes the child is in now. */
  grades: { classId: string; className: string; title: string; score: number }[];
  /** Achievements unlocked in the last 7 days. */
  achievements: { classId: string; className: string; name: string }[];
  openHomework: DigestHomework[];
}

export interface ParentDigest {
  firstName: string;
  timeZone: string;
  weekStart: string;
  children: DigestChild[];
  unreadMessages: number;
}

export interface SummaryStudent {
  studentId: string;
  name: string;
  week: PracticeWeek;
  goal: DigestGoal | null;
  streak: PracticeStreak;
  /** The teacher's own open homework for the student. */
  openHomework: DigestHomework[];
}

export interface TeacherSummary {
  firstName: string;
  weekStart: string;
  students: SummaryStudent[];
}

/** A child's section is shown when any of it has something in it. */
export function childHasNews(child: DigestChild): boolean {
  return (
    child.lessons.length > 0 ||
    child.week.minutes > 0 ||
    child.grades.length > 0 ||
    child.achievements.length > 0 ||
    child.openHomework.length > 0
  );
}

/** The digest without the children who have nothing this week, or null when nothing is left to say. */
export function digestWorthSending(digest: ParentDigest): ParentDigest | null {
  const children = digest.children.filter(childHasNews);
  return children.length > 0 || digest.unreadMessages > 0 ? { ...digest, children } : null;
}

/** A teacher's summary lists the students who practised this week or have homework open. */
export function summaryWorthSending(summary: TeacherSummary): TeacherSummary | null {
  const students = summary.students.filter((s) => s.week.minutes > 0 || s.openHomework.length > 0);
  return students.length > 0 ? { ...summary, students } : null;
}

/** "85 min on 4 days (goal: 20 min on 5 days, met on 3)": the same words in both emails. */
export function practiceLine(week: PracticeWeek, goal: DigestGoal | null): string {
  if (week.minutes === 0) return goal ? `No practice logged yet (goal: ${goal.minutesPerDay} min on ${goal.daysPerWeek} days)` : "No practice logged";
  const days = `${week.minutes} min on ${week.days} ${week.days === 1 ? "day" : "days"}`;
  const sources =
    week.timedMinutes > 0 && week.selfReportedMinutes > 0
      ? ` (${week.timedMinutes} min timed, ${week.selfReportedMinutes} min self-reported)`
      : week.timedMinutes > 0
        ? " (timed)"
        : " (self-reported)";
  if (!goal) return `${days}${sources}`;
  const met = week.goalMet ? "goal met" : `goal: ${goal.minutesPerDay} min on ${goal.daysPerWeek} days, reached on ${week.goalDays}`;
  return `${days}${sources}; ${met}`;
}

/** "3-day streak (longest 5)", or null without a streak. */
export function streakLine(streak: PracticeStreak): string | null {
  if (streak.current === 0) return null;
  return `${streak.current}-day streak${streak.longest > streak.current ? ` (longest ${streak.longest})` : ""}`;
}

/** A calendar date ("2026-11-23") in words; noon UTC keeps the day whatever the formatter's zone. */
const dateWords = (date: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "UTC", ...options }).format(new Date(`${date}T12:00:00Z`));

/** "November 23-29", "November 30-December 6": the week an email is about, Monday to Sunday. */
export function weekLabel(weekStart: string): string {
  const end = addLocalDays(weekStart, 6);
  const sameMonth = weekStart.slice(0, 7) === end.slice(0, 7);
  return `${dateWords(weekStart, { month: "long", day: "numeric" })}-${dateWords(end, sameMonth ? { day: "numeric" } : { month: "long", day: "numeric" })}`;
}

/**
 * "Next week" of an email about the week starting `weekStart` (issue 41): the following Monday
 * 00:00 to the Monday after, on the reader's calendar. Sunday evening's lesson is this week's, not next.
 */
export function nextWeekRange(weekStart: string, timeZone: string): { from: Date; to: Date } {
  return { from: instantFromLocal(addLocalDays(weekStart, 7), "00:00", timeZone), to: instantFromLocal(addLocalDays(weekStart, 14), "00:00", timeZone) };
}

/** "Tue, Dec 1": a homework's due date. */
export function dueDateLabel(dueOn: string): string {
  return dateWords(dueOn, { weekday: "short", month: "short", day: "numeric" });
}

/** A homework's items in one line ("Practice" for one without items). */
export function homeworkText(homework: DigestHomework): string {
  return homework.items.length > 0 ? homework.items.join("; ") : "Practice";
}
