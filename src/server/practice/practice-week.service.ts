import { DELETED_TEACHER_NAME } from "../../shared/accounts/accounts.constants";
import { addLocalDays } from "../../shared/calendar/calendar-views.rules";
import type { DigestHomework, DigestReview } from "../../shared/digest/weekly-digest.rules";
import { knownZoneOrUtc } from "../../shared/time-zone.rules";
import type { Deps } from "../deps";
import { figures, practiceWindow } from "./practice-figures.service";
import * as homeworkRepo from "./homework.repo";
import * as daysRepo from "./practice-days.repo";
import * as repo from "./practice.repo";
import { todayIn } from "./practice.service";

/**
 * What the weekly emails (digest) read of practice: whose practice a parent or teacher follows,
 * the open homework, and each student's week by the same figures as the pages.
 */

type DbDeps = Pick<Deps, "db">;

/** The day the figures are computed on: today, or the week's Sunday once that week is over. */
function asOf(today: string, weekStart: string | undefined): string {
  if (!weekStart) return today;
  const sunday = addLocalDays(weekStart, 6);
  return today > sunday ? sunday : today;
}
export type { HomeworkRow } from "./homework.repo";
export type { StudentRow } from "./practice.repo";

/** The children of the families (a batch of weekly digests: one query for all). */
export function practiceStudentsOfParents(deps: DbDeps, parentIds: readonly string[]): Promise<repo.StudentRow[]> {
  return repo.studentsOfParents(deps.db, parentIds);
}

/** The students each teacher teaches (a batch of weekly summaries: one query for all). */
export function practiceStudentsOfTeachers(deps: DbDeps, teacherIds: readonly string[]): Promise<(repo.StudentRow & { teacherId: string })[]> {
  return repo.studentsOfTeachers(deps.db, teacherIds);
}

/**
 * The open homework of the students (two queries whatever their number), each with its items'
 * words; `describe` and `of` narrow it to one student and, for a teacher's summary, one teacher.
 * With `reviewedSince`, the homework reviewed since then comes too (the digest's reviews of the
 * week, issue 41), read by the same two queries.
 */
export async function openHomeworkOf(deps: DbDeps, studentIds: string[], now: Date, reviewedSince: Date = now) {
  const all = await homeworkRepo.listHomework(deps.db, studentIds, reviewedSince);
  const open = all.filter((h) => h.status === "open");
  const reviewed = all.filter((h) => h.status === "reviewed" && h.reviewedAt !== null);
  const items = await homeworkRepo.listItems(
    deps.db,
    [...open, ...reviewed].map((h) => h.id),
  );
  const itemsOf = (homeworkId: string) =>
    items.filter((item) => item.homeworkId === homeworkId).map((item) => item.repertoireTitle ?? item.description);
  const of = (studentId: string, teacherId: string | null = null) =>
    open.filter((h) => h.studentId === studentId && (teacherId === null || h.teacherId === teacherId));
  return {
    of,
    describe: (studentId: string, teacherId: string | null = null): DigestHomework[] =>
      of(studentId, teacherId).map((h) => ({ dueOn: h.dueOn, items: itemsOf(h.id) })),
    /** The student's homework reviewed in [from, to), oldest review first. */
    reviewsOf: (studentId: string, range: { from: Date; to: Date }): DigestReview[] =>
      reviewed
        .filter((h) => h.studentId === studentId && h.reviewedAt! >= range.from && h.reviewedAt! < range.to)
        .sort((a, b) => a.reviewedAt!.getTime() - b.reviewedAt!.getTime())
        .map((h) => ({
          teacherName: h.teacherName ?? DELETED_TEACHER_NAME,
          items: itemsOf(h.id),
          comment: h.reviewComment,
          reviewedAt: h.reviewedAt!.toISOString(),
        })),
  };
}

/**
 * The week's practice of each student as the pages show it (the goal of the newest of the open
 * homework given): one query for all the students' day totals of their week (windowed in SQL,
 * issue 42) and one for their streaks. With `weekStart`, the figures are that week's (a weekly
 * email run after its Sunday has passed on the reader's calendar still speaks of its own week,
 * issue 41).
 */
export async function practiceWeeksOf(deps: DbDeps, students: readonly repo.StudentRow[], now: Date, weekStart?: string) {
  const asOfs = new Map(students.map((student) => [student.studentId, asOf(todayIn(knownZoneOrUtc(student.timeZone), now), weekStart)]));
  const [dayTotals, streaks] = await Promise.all([
    daysRepo.dayTotals(
      deps.db,
      [...asOfs].map(([studentId, day]) => practiceWindow(studentId, day)),
    ),
    daysRepo.streakStates(
      deps.db,
      [...asOfs].map(([studentId, day]) => ({ studentId, asOf: day })),
    ),
  ]);
  const totals = new Map<string, daysRepo.DayTotal[]>();
  for (const total of dayTotals) {
    const days = totals.get(total.studentId);
    if (days) days.push(total);
    else totals.set(total.studentId, [total]);
  }
  return (student: repo.StudentRow, open: homeworkRepo.HomeworkRow[]) => {
    const { goal, week, streak } = figures(totals.get(student.studentId) ?? [], streaks.get(student.studentId), open, asOfs.get(student.studentId)!);
    return { week, streak, goal: goal ? { minutesPerDay: goal.minutesPerDay, daysPerWeek: goal.daysPerWeek } : null };
  };
}
