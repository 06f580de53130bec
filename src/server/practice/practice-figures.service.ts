import { addLocalDays } from "../../shared/calendar/calendar-views.rules";
import type { ProgressMetrics } from "../../shared/classes/classes.schemas";
import type {
  ClassPracticeXpDTO,
  HomeworkSummaryDTO,
  PracticeGoalDTO,
  PracticeOverviewDTO,
  PracticeOverviewStudent,
  StudentPracticeDTO,
} from "../../shared/practice/practice.api";
import { PRACTICE_CHART_WEEKS, PRACTICE_DAYS_BACK } from "../../shared/practice/practice.constants";
import { practiceChart, practiceWeek, weekStartOf, type PracticeDay } from "../../shared/practice/practice-week.rules";
import { practiceOwnerClass, practiceXpTotal, withPracticeXp } from "../../shared/practice/practice-xp.rules";
import { knownZoneOrUtc } from "../../shared/time-zone.rules";
import { streakAliveOn } from "../../shared/practice/streak.rules";
import type { Deps } from "../deps";
import * as homeworkRepo from "./homework.repo";
import * as daysRepo from "./practice-days.repo";
import * as repo from "./practice.repo";
import { entryDTO, homeworkDTOs, studentFor, timerDTO, todayIn, type Viewer } from "./practice.service";

/**
 * The figures of practice (issue 29): the week, the streaks, the chart and practice XP, always
 * computed from the logged entries at read time, so an edit or a delete changes them at once and
 * nothing is ever invented: no entries, all zeros (the pages show what to do first).
 */

type DbDeps = Pick<Deps, "db">;
const DAY_MS = 86_400_000;

/** The goal of the newest open homework that has one. */
function goalOf(homework: readonly homeworkRepo.HomeworkRow[]): PracticeGoalDTO | null {
  const withGoal = homework.find((h) => h.status === "open" && h.goalMinutesPerDay !== null && h.goalDaysPerWeek !== null);
  return withGoal ? { minutesPerDay: withGoal.goalMinutesPerDay!, daysPerWeek: withGoal.goalDaysPerWeek!, homeworkId: withGoal.id } : null;
}

/** Day totals as the week and chart rules take them: the timed and typed parts as two days' worth. */
function practiceDays(totals: readonly daysRepo.DayTotal[]): PracticeDay[] {
  return totals.flatMap((day) => [
    ...(day.timedMinutes > 0 ? [{ date: day.date, minutes: day.timedMinutes, source: "timed" as const }] : []),
    ...(day.minutes > day.timedMinutes ? [{ date: day.date, minutes: day.minutes - day.timedMinutes, source: "self_reported" as const }] : []),
  ]);
}

/**
 * The days a page reads of a student (issue 42: windowed in SQL, never the whole history): the
 * week holding `today`, and with `chart` the chart's 12 weeks ending with it. Both the week and
 * the chart count only days inside these (practiceWeek, practiceChart), so nothing they show is
 * left out.
 */
export function practiceWindow(studentId: string, today: string, chart = false): daysRepo.DayWindow {
  const weekStart = weekStartOf(today);
  return { studentId, from: chart ? addLocalDays(weekStart, -7 * (PRACTICE_CHART_WEEKS - 1)) : weekStart, to: addLocalDays(weekStart, 6) };
}

const NO_PRACTICE: daysRepo.StreakState = { longest: 0, practiceDays: 0, last: null };

/**
 * The figures of one student from the day totals of their window and the streaks the database
 * computed (practice-days.repo.ts streakStates, asked as of the same `today`).
 * The chart is right when the totals are of the chart's window (practiceWindow with `chart`).
 */
export function figures(totals: readonly daysRepo.DayTotal[], streaks: daysRepo.StreakState | undefined, homework: readonly homeworkRepo.HomeworkRow[], today: string) {
  const goal = goalOf(homework);
  const days = practiceDays(totals);
  const { longest, last } = streaks ?? NO_PRACTICE;
  return {
    goal,
    week: practiceWeek(days, weekStartOf(today), goal),
    streak: { current: streakAliveOn(last, today), longest },
    chart: practiceChart(days, today),
  };
}

export async function studentPractice(deps: DbDeps, viewer: Viewer, studentId: string): Promise<StudentPracticeDTO> {
  const { student, role } = await studentFor(deps, viewer, studentId);
  const now = new Date();
  const today = todayIn(student.timeZone, now);
  const [homework, entries, totals, streaks, timer, repertoire] = await Promise.all([
    homeworkRepo.listHomework(deps.db, [studentId], new Date(now.getTime() - PRACTICE_DAYS_BACK * DAY_MS)),
    repo.listEntries(deps.db, studentId, addLocalDays(today, -PRACTICE_DAYS_BACK)),
    daysRepo.dayTotals(deps.db, [practiceWindow(studentId, today, true)]),
    daysRepo.streakStates(deps.db, [{ studentId, asOf: today }]),
    role === "parent" ? repo.findTimer(deps.db, studentId) : null,
    repo.repertoireOf(deps.db, studentId),
  ]);
  const viewerParentId = role === "parent" ? viewer.parentId : null;
  return {
    studentId,
    studentName: student.studentName,
    viewerRole: role,
    timeZone: student.timeZone,
    today,
    homework: await homeworkDTOs(deps, homework, role === "teacher" ? viewer : { parentId: viewer.parentId, teacherId: null }, now),
    entries: entries.map((entry) => entryDTO(entry, viewerParentId)),
    ...figures(totals, streaks.get(studentId), homework, today),
    timer: timer ? timerDTO(timer, now) : null,
    repertoire,
  };
}

function summary(row: homeworkRepo.HomeworkRow, itemCounts: Map<string, number>): HomeworkSummaryDTO {
  return {
    id: row.id,
    dueOn: row.dueOn,
    itemCount: itemCounts.get(row.id) ?? 0,
    goalMinutesPerDay: row.goalMinutesPerDay,
    goalDaysPerWeek: row.goalDaysPerWeek,
    classId: row.classId,
  };
}

/** Per student: streak, this week and open homework, in three queries whatever the number of students. */
async function overview(deps: DbDeps, students: repo.StudentRow[], onlyTeacherId: string | null): Promise<PracticeOverviewDTO> {
  const ids = students.map((s) => s.studentId);
  const now = new Date();
  const todays = new Map(students.map((student) => [student.studentId, todayIn(student.timeZone, now)]));
  const [homework, totals, streaks] = await Promise.all([
    homeworkRepo.listHomework(deps.db, ids, now),
    daysRepo.dayTotals(
      deps.db,
      [...todays].map(([studentId, today]) => practiceWindow(studentId, today)),
    ),
    daysRepo.streakStates(
      deps.db,
      [...todays].map(([studentId, asOf]) => ({ studentId, asOf })),
    ),
  ]);
  const open = homework.filter((h) => h.status === "open" && (onlyTeacherId === null || h.teacherId === onlyTeacherId));
  const items = await homeworkRepo.listItems(
    deps.db,
    open.map((h) => h.id),
  );
  const itemCounts = new Map<string, number>();
  for (const item of items) itemCounts.set(item.homeworkId, (itemCounts.get(item.homeworkId) ?? 0) + 1);
  return {
    students: students.map((student): PracticeOverviewStudent => {
      const today = todays.get(student.studentId)!;
      const mine = open.filter((h) => h.studentId === student.studentId);
      const days = totals.filter((t) => t.studentId === student.studentId);
      const streaksOf = streaks.get(student.studentId);
      const { goal, week, streak } = figures(days, streaksOf, mine, today);
      return {
        studentId: student.studentId,
        studentName: student.studentName,
        today,
        week,
        streak,
        goal,
        openHomework: mine.map((h) => summary(h, itemCounts)),
        entriesLogged: streaksOf?.practiceDays ?? 0,
      };
    }),
  };
}

export async function teacherOverview(deps: DbDeps, teacherId: string): Promise<PracticeOverviewDTO> {
  return overview(deps, await repo.studentsOfTeacher(deps.db, teacherId), teacherId);
}

export async function parentOverview(deps: DbDeps, parentId: string): Promise<PracticeOverviewDTO> {
  return overview(deps, await repo.studentsOfParent(deps.db, parentId), null);
}

/**
 * The class page's practice XP: for an xp-format class with the switch on and a student in it,
 * the capped XP of each practice day since the student joined, added on top of the stored
 * progress through the class's level maths. The stored progress never changes.
 */
export async function classPracticeXp(
  deps: DbDeps,
  classId: string,
  progress: ProgressMetrics,
): Promise<{ practice: ClassPracticeXpDTO; progress: ProgressMetrics }> {
  const row = await repo.findClassPractice(deps.db, classId);
  const enabled = row?.practiceXp ?? true;
  // A class whose teacher deleted their account keeps the student's practice XP (issue 41).
  if (!row || !enabled || progress.format !== "xp" || !row.studentId || !row.joinedAt) {
    return { practice: { enabled, xp: 0, otherXpClasses: 0 }, progress };
  }
  const timeZone = knownZoneOrUtc(row.timeZone);
  const [xpClasses, entries] = await Promise.all([repo.xpClassesOf(deps.db, row.studentId), repo.xpEntriesSince(deps.db, row.studentId, todayIn(timeZone, row.joinedAt))]);
  // Practice counts once: only the entries that earn XP in this class (practiceOwnerClass).
  const totals = new Map<string, number>();
  for (const entry of entries) {
    if (practiceOwnerClass(entry.practised, xpClasses) === classId) totals.set(entry.day, (totals.get(entry.day) ?? 0) + entry.minutes);
  }
  const goals = await repo.goalsOnDays(deps.db, row.studentId, row.teacherId, [...totals.keys()], timeZone);
  const xp = practiceXpTotal([...totals].map(([day, totalMinutes]) => ({ totalMinutes, goalMinutesPerDay: goals.get(day) ?? null })));
  return { practice: { enabled, xp, otherXpClasses: xpClasses.filter((c) => c.classId !== classId).length }, progress: withPracticeXp(progress, xp) };
}
