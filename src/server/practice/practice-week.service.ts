import type { DigestHomework } from "../../shared/digest/weekly-digest.rules";
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

export function practiceStudentsOfParent(deps: DbDeps, parentId: string): Promise<repo.StudentRow[]> {
  return repo.studentsOfParent(deps.db, parentId);
}

export function practiceStudentsOfTeacher(deps: DbDeps, teacherId: string): Promise<repo.StudentRow[]> {
  return repo.studentsOfTeacher(deps.db, teacherId);
}

/** The open homework of the students, each with its items' words, optionally only one teacher's. */
export async function openHomeworkOf(deps: DbDeps, studentIds: string[], now: Date, teacherId: string | null) {
  const all = await homeworkRepo.listHomework(deps.db, studentIds, now);
  const open = all.filter((h) => h.status === "open" && (teacherId === null || h.teacherId === teacherId));
  const items = await homeworkRepo.listItems(
    deps.db,
    open.map((h) => h.id),
  );
  const itemsOf = (homeworkId: string) =>
    items.filter((item) => item.homeworkId === homeworkId).map((item) => item.repertoireTitle ?? item.description);
  return { open, describe: (studentId: string): DigestHomework[] => open.filter((h) => h.studentId === studentId).map((h) => ({ dueOn: h.dueOn, items: itemsOf(h.id) })) };
}

/** The week's practice of each student as the pages show it (the goal of the newest open homework). */
export async function practiceWeeksOf(deps: DbDeps, students: repo.StudentRow[], open: homeworkRepo.HomeworkRow[], now: Date) {
  const totals = await repo.dayTotals(
    deps.db,
    students.map((s) => s.studentId),
  );
  return (student: repo.StudentRow) => {
    const { goal, week, streak } = figures(
      totals.filter((t) => t.studentId === student.studentId),
      open.filter((h) => h.studentId === student.studentId),
      todayIn(student.timeZone, now),
    );
    return { week, streak, goal: goal ? { minutesPerDay: goal.minutesPerDay, daysPerWeek: goal.daysPerWeek } : null };
  };
}
