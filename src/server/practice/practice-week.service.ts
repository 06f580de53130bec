import type { DigestHomework } from "../../shared/digest/weekly-digest.rules";
import { knownZoneOrUtc } from "../../shared/time-zone.rules";
import type { Deps } from "../deps";
import { figures } from "./practice-figures.service";
import * as homeworkRepo from "./homework.repo";
import * as repo from "./practice.repo";
import { todayIn } from "./practice.service";

/**
 * What the weekly emails (digest) read of practice: whose practice a parent or teacher follows,
 * the open homework, and each student's week by the same figures as the pages.
 */

type DbDeps = Pick<Deps, "db">;
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
 */
export async function openHomeworkOf(deps: DbDeps, studentIds: string[], now: Date) {
  const all = await homeworkRepo.listHomework(deps.db, studentIds, now);
  const open = all.filter((h) => h.status === "open");
  const items = await homeworkRepo.listItems(
    deps.db,
    open.map((h) => h.id),
  );
  const itemsOf = (homeworkId: string) =>
    items.filter((item) => item.homeworkId === homeworkId).map((item) => item.repertoireTitle ?? item.description);
  const of = (studentId: string, teacherId: string | null = null) =>
    open.filter((h) => h.studentId === studentId && (teacherId === null || h.teacherId === teacherId));
  return {
    of,
    describe: (studentId: string, teacherId: string | null = null): DigestHomework[] =>
      of(studentId, teacherId).map((h) => ({ dueOn: h.dueOn, items: itemsOf(h.id) })),
  };
}

/**
 * The week's practice of each student as the pages show it (the goal of the newest of the open
 * homework given): one query for all the students' day totals.
 */
export async function practiceWeeksOf(deps: DbDeps, students: readonly repo.StudentRow[], now: Date) {
  const totals = new Map<string, repo.DayTotal[]>();
  for (const total of await repo.dayTotals(deps.db, [...new Set(students.map((s) => s.studentId))])) {
    const days = totals.get(total.studentId);
    if (days) days.push(total);
    else totals.set(total.studentId, [total]);
  }
  return (student: repo.StudentRow, open: homeworkRepo.HomeworkRow[]) => {
    const { goal, week, streak } = figures(
      totals.get(student.studentId) ?? [],
      open,
      todayIn(knownZoneOrUtc(student.timeZone), now),
    );
    return { week, streak, goal: goal ? { minutesPerDay: goal.minutesPerDay, daysPerWeek: goal.daysPerWeek } : null };
  };
}
