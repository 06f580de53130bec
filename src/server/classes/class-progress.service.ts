import {
  EARLIER_GRADE_MESSAGE,
  GRADE_CATEGORY_MESSAGE,
  GRADE_NOT_FOUND_MESSAGE,
  type GradeResponse,
  type UnlockResponse,
} from "../../shared/classes/classes.api";
import { type CategoriesEdit, type GradeData, type ProgressMetrics } from "../../shared/classes/classes.schemas";
import { GRADE_DATE_RANGE_MESSAGE, gradeDateInClassLife, recalculateGradeProgress } from "../../shared/classes/grades.rules";
import { categoryNamed, editCategories, setCategoryValue, switchProgressFormat, unlockAchievement } from "../../shared/classes/progress.rules";
import { AppError } from "../../shared/errors";
import type { Tx } from "../db/client";
import type { Deps } from "../deps";
import { classPracticeXp } from "../practice";
import * as repo from "./classes.repo";

import { checkedProgress, currentEnrolmentOf, inLockedClass, readProgress, type LockedClassState } from "./class-access";

// ---------------------------------------------------------------------------------------------
// Progress

async function changeProgress<R extends { progress: ProgressMetrics }>(
  deps: Pick<Deps, "db">,
  userId: string,
  classId: string,
  change: (progress: ProgressMetrics, tx: Tx, row: LockedClassState) => Promise<R> | R,
): Promise<R> {
  const result = await inLockedClass(deps, userId, classId, "teacher", async (tx, row) => {
    const result = await change(readProgress(row.progressMetrics), tx, row);
    const progress = checkedProgress(result.progress);
    await repo.updateClass(tx, classId, { progressMetrics: progress });
    return { ...result, progress };
  });
  // Answered as the class page shows it: with practice XP on top (issue 29), read after the
  // transaction (the global db inside it would deadlock PGlite). What is stored stays without it.
  const { progress } = await classPracticeXp(deps, classId, result.progress);
  return { ...result, progress };
}

/**
 * Switching keeps every category's xp and grade data; only the overall changes meaning. Format and
 * categories are how the class is run, so they can be set before anyone joins; values, achievements
 * and grades are a child's, so they need one (409 otherwise).
 */
export function setFormat(deps: Pick<Deps, "db">, userId: string, classId: string, format: ProgressMetrics["format"]) {
  return changeProgress(deps, userId, classId, (progress) => ({ progress: switchProgressFormat(progress, format) }));
}

export function setCategoryValueOf(deps: Pick<Deps, "db">, userId: string, classId: string, categoryId: string, value: number) {
  return changeProgress(deps, userId, classId, (progress, _tx, row) => {
    currentEnrolmentOf(row);
    return { progress: setCategoryValue(progress, categoryId, value) };
  });
}

/** New categories get their grade scores from the current student's grades at once (grade format shows them). */
export function editCategoriesOf(deps: Pick<Deps, "db">, userId: string, classId: string, edit: CategoriesEdit) {
  return changeProgress(deps, userId, classId, async (progress, tx, row) => ({
    progress: await recalculated(tx, row, editCategories(progress, edit.categories)),
  }));
}

export function unlock(
  deps: Pick<Deps, "db">,
  userId: string,
  classId: string,
  categoryId: string,
  achievementId: string,
): Promise<UnlockResponse> {
  return changeProgress(deps, userId, classId, (progress, _tx, row) => {
    currentEnrolmentOf(row);
    return unlockAchievement(progress, categoryId, achievementId);
  });
}

// ---------------------------------------------------------------------------------------------
// Grades: every change recalculates the scores in the same transaction.

/**
 * The grade's category as the class spells it; 400 when the class has no such category, or when
 * its date is outside the class's life (before the class began, or more than a year from today).
 */
function gradeInClass(progress: ProgressMetrics, grade: GradeData, row: LockedClassState): GradeData {
  const category = categoryNamed(progress, grade.category);
  if (!category) throw new AppError("validation", GRADE_CATEGORY_MESSAGE, { fields: { category: GRADE_CATEGORY_MESSAGE } });
  if (grade.date && !gradeDateInClassLife(grade.date, row.createdAt, new Date())) {
    throw new AppError("validation", GRADE_DATE_RANGE_MESSAGE, { fields: { date: GRADE_DATE_RANGE_MESSAGE } });
  }
  return { ...grade, category: category.name };
}

/** The scores from the current enrolment's grades only: an earlier child's grades are not this child's. */
async function recalculated(tx: Tx, row: LockedClassState, progress: ProgressMetrics): Promise<ProgressMetrics> {
  return recalculateGradeProgress(progress, row.enrolment ? await repo.listGrades(tx, row.enrolment.id) : []);
}

/**
 * The current enrolment, for a change of one of its grades: 409 for a grade of an earlier
 * enrolment (kept as it was, the child's record), 404 for one the class does not have.
 */
async function enrolmentOfGrade(tx: Tx, row: LockedClassState, gradeId: string): Promise<string> {
  const enrolmentId = await repo.findGradeEnrolment(tx, row.id, gradeId);
  if (!enrolmentId) throw new AppError("not_found", GRADE_NOT_FOUND_MESSAGE);
  if (enrolmentId !== row.enrolment?.id) throw new AppError("conflict", EARLIER_GRADE_MESSAGE);
  return enrolmentId;
}

export function addGrade(deps: Pick<Deps, "db">, userId: string, classId: string, input: GradeData): Promise<GradeResponse> {
  return changeProgress(deps, userId, classId, async (progress, tx, row) => {
    const enrolmentId = currentEnrolmentOf(row);
    const grade = await repo.insertGrade(tx, classId, enrolmentId, gradeInClass(progress, input, row));
    return { grade, progress: await recalculated(tx, row, progress) };
  });
}

export function editGrade(
  deps: Pick<Deps, "db">,
  userId: string,
  classId: string,
  gradeId: string,
  input: GradeData,
): Promise<GradeResponse> {
  return changeProgress(deps, userId, classId, async (progress, tx, row) => {
    const enrolmentId = await enrolmentOfGrade(tx, row, gradeId);
    const grade = await repo.updateGrade(tx, enrolmentId, gradeId, gradeInClass(progress, input, row));
    if (!grade) throw new AppError("not_found", GRADE_NOT_FOUND_MESSAGE);
    return { grade, progress: await recalculated(tx, row, progress) };
  });
}

export function deleteGrade(deps: Pick<Deps, "db">, userId: string, classId: string, gradeId: string) {
  return changeProgress(deps, userId, classId, async (progress, tx, row) => {
    const enrolmentId = await enrolmentOfGrade(tx, row, gradeId);
    if (!(await repo.deleteGrade(tx, enrolmentId, gradeId))) throw new AppError("not_found", GRADE_NOT_FOUND_MESSAGE);
    return { deleted: true as const, progress: await recalculated(tx, row, progress) };
  });
}
