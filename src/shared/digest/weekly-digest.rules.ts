import type { BookingType } from "../booking/booking.constants";
import { addLocalDays, instantFromLocal, localDateTime } from "../calendar/calendar-views.rules";
import { weekStartOf } from "../practice/practice-week.rules";
import { knownZoneOrUtc } from "../time-zone.rules";
import type { PracticeStreak } from "../practice/practice.api";
import type { PracticeWeek } from "../practice/practice-week.rules";
import { dateTimeFormat } from "../date-time-format";

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

/** A lesson of this week the teacher marked attended, with the teacher's note when there is one. */
export interface DigestAttendedLesson extends DigestLesson {
  note: string | null;
}

/** The teacher's review of a homework, given this week. */
export interface DigestReview {
  teacherName: string;
  items: string[];
  comment: string | null;
  reviewedAt: string;
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
  /** Accepted lessons still to come this week (a Sunday evening lesson after the digest), soonest first. */
  laterThisWeek: DigestLesson[];
  /** Lessons of this week (weekRange) the teacher marked attended, with their notes, in order. */
  attended: DigestAttendedLesson[];
  /** Homework the teacher reviewed this week, in order. */
  reviews: DigestReview[];
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
    child.laterThisWeek.length > 0 ||
    child.attended.length > 0 ||
    child.reviews.length > 0 ||
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

/** "1 minute", "21 minutes": every figure of the weekly emails carries its unit (issue 41). */
export function minutesText(minutes: number): string {
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

export function daysText(days: number): string {
  return `${days} ${days === 1 ? "day" : "days"}`;
}

/** "15 minutes a day, 5 days a week": a homework's practice goal, as the homework dialog sets it. */
export function goalText(goal: DigestGoal): string {
  return `${minutesText(goal.minutesPerDay)} a day, ${daysText(goal.daysPerWeek)} a week`;
}

/** The week's goal in minutes: minutes a day times days a week. */
export function goalMinutes(goal: DigestGoal): number {
  return goal.minutesPerDay * goal.daysPerWeek;
}

/** "21 of 75 minutes (goal: 15 minutes a day, 5 days a week)": the week's practice against its goal, or null without one. */
export function goalLine(week: PracticeWeek, goal: DigestGoal | null): string | null {
  if (!goal) return null;
  return `${week.minutes} of ${minutesText(goalMinutes(goal))} (goal: ${goalText(goal)})`;
}

/**
 * "21 minutes on 2 days (1 minute timed, 20 minutes self-reported); daily goal reached on 1 of 5
 * days": the same words in both emails.
 */
export function practiceLine(week: PracticeWeek, goal: DigestGoal | null): string {
  if (week.minutes === 0) return goal ? "No practice logged yet" : "No practice logged";
  const days = `${minutesText(week.minutes)} on ${daysText(week.days)}`;
  const sources =
    week.timedMinutes > 0 && week.selfReportedMinutes > 0
      ? ` (${minutesText(week.timedMinutes)} timed, ${minutesText(week.selfReportedMinutes)} self-reported)`
      : week.timedMinutes > 0
        ? " (all timed)"
        : " (all self-reported)";
  if (!goal) return `${days}${sources}`;
  const met = `${week.goalMet ? "goal met" : "daily goal reached"} on ${week.goalDays} of ${daysText(goal.daysPerWeek)}`;
  return `${days}${sources}; ${met}`;
}

/** "3-day streak (longest 5 days)", or null without a streak. */
export function streakLine(streak: PracticeStreak): string | null {
  if (streak.current === 0) return null;
  return `${streak.current}-day streak${streak.longest > streak.current ? ` (longest ${daysText(streak.longest)})` : ""}`;
}

/** A calendar date ("2026-11-23") in words; noon UTC keeps the day whatever the formatter's zone. */
const dateWords = (date: string, options: Intl.DateTimeFormatOptions) =>
  dateTimeFormat("en-US", { timeZone: "UTC", ...options }).format(new Date(`${date}T12:00:00Z`));

/** "November 23-29", "November 30-December 6": the week an email is about, Monday to Sunday. */
export function weekLabel(weekStart: string): string {
  const end = addLocalDays(weekStart, 6);
  const sameMonth = weekStart.slice(0, 7) === end.slice(0, 7);
  return `${dateWords(weekStart, { month: "long", day: "numeric" })}-${dateWords(end, sameMonth ? { day: "numeric" } : { month: "long", day: "numeric" })}`;
}

/**
 * "This week" of an email about the week starting `weekStart`: its Monday 00:00 to the next
 * Monday 00:00 on the reader's calendar (a Sunday 21:00 lesson in New York, Monday 02:00 UTC, is
 * this week's; Sunday evening the week before, Monday UTC too, is not).
 */
export function weekRange(weekStart: string, timeZone: string): { from: Date; to: Date } {
  return { from: instantFromLocal(weekStart, "00:00", timeZone), to: instantFromLocal(addLocalDays(weekStart, 7), "00:00", timeZone) };
}

/** Whether an instant falls in [from, to). */
export function inRange(instant: string | Date, range: { from: Date; to: Date }): boolean {
  const at = new Date(instant).getTime();
  return at >= range.from.getTime() && at < range.to.getTime();
}

/** "Sat, Nov 28": the day an instant falls on, on the reader's calendar. */
export function dayLabel(instant: string | Date, timeZone: string): string {
  return dueDateLabel(localDateTime(instant, timeZone).date);
}

/** A teacher's note in an email: whole up to this length, else cut at a word with a pointer to the full note. */
export const NOTE_EMAIL_MAX = 600;
export function noteExcerpt(note: string, childFirstName: string): string {
  const trimmed = note.trim();
  if (trimmed.length <= NOTE_EMAIL_MAX) return trimmed;
  const cut = trimmed.slice(0, NOTE_EMAIL_MAX);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), NOTE_EMAIL_MAX - 40)).trimEnd()}… (the whole note is on ${childFirstName}'s page)`;
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
export function homeworkText(homework: Pick<DigestHomework, "items">): string {
  return homework.items.length > 0 ? homework.items.join("; ") : "Practice";
}
