import {
  GRADE_LABELS,
  GRADE_SCALE,
  LOWEST_GRADE_LABEL,
  RECENT_ASSESSMENTS_COUNT,
  SCORE_BADGE_THRESHOLDS,
} from "./classes.constants";
import type { ProgressMetrics } from "./classes.schemas";
import { nameKey, withOverall } from "./progress.rules";

/**
 * Grade-format rules (spec sections 4 and 9). A grade is a percent 0-100; a category's score maps
 * the average percent of its grades onto the 300-850 scale.
 */

/** The fields of a grade these rules read. */
export interface GradeScore {
  category: string;
  score: number;
}

/** Where a percent sits on the 300-850 scale, unrounded: 300 + percent / 100 × 550. */
function scaleScore(percent: number): number {
  return GRADE_SCALE.min + (percent * (GRADE_SCALE.max - GRADE_SCALE.min)) / 100;
}

/** round(300 + average percent / 100 × 550); null when the category has no grades. */
export function categoryScore(percents: readonly number[]): number | null {
  if (percents.length === 0) return null;
  const average = percents.reduce((sum, p) => sum + p, 0) / percents.length;
  return Math.round(scaleScore(average));
}

/**
 * Every category's score from the class's grades (matched by category name, trimmed and
 * case-insensitive). A category without grades has no score (null) rather than an invented one;
 * the overall is the rounded average of the scores there are, or the start score 650 while the
 * class has no grades at all (see overallFor). Grades of a category that no longer exists are
 * ignored. Run after adding, editing or deleting a grade and after editing the categories.
 */
export function recalculateGradeProgress(progress: ProgressMetrics, grades: readonly GradeScore[]): ProgressMetrics {
  const percentsByCategory = new Map<string, number[]>();
  for (const grade of grades) {
    const key = nameKey(grade.category);
    percentsByCategory.set(key, [...(percentsByCategory.get(key) ?? []), grade.score]);
  }
  const categories = progress.categories.map((c) => ({ ...c, score: categoryScore(percentsByCategory.get(nameKey(c.name)) ?? []) }));
  return withOverall({ ...progress, categories });
}

export type GradeLabel = (typeof GRADE_LABELS)[number]["label"] | typeof LOWEST_GRADE_LABEL;

/** A grade's percent (0-100): Excellent ≥ 90, Good ≥ 80, Fair ≥ 70, Needs Work ≥ 50, else Poor. */
export function percentLabel(percent: number): GradeLabel {
  return GRADE_LABELS.find((g) => percent >= g.minPercent)?.label ?? LOWEST_GRADE_LABEL;
}

/**
 * A 300-850 score (a category's or the overall) by the percent it stands for: Excellent ≥ 795 (90 %),
 * Good ≥ 740 (80 %), Fair ≥ 685 (70 %), Needs Work ≥ 575 (50 %), else Poor. So a category whose only
 * grade is 95 % (823) reads Excellent, like that grade's green badge.
 */
export function gradeLabel(score: number): GradeLabel {
  return percentLabel(((score - GRADE_SCALE.min) * 100) / (GRADE_SCALE.max - GRADE_SCALE.min));
}

export type ScoreBadge = "green" | "yellow" | "red";

/** decisions.md: green at 90 or above, yellow 70-89, red below 70. */
export function scoreBadge(percent: number): ScoreBadge {
  if (percent >= SCORE_BADGE_THRESHOLDS.green) return "green";
  if (percent >= SCORE_BADGE_THRESHOLDS.yellow) return "yellow";
  return "red";
}

/** Share of a score bar: where a 300-850 score sits on the scale, 0-100. */
export function gradeScorePercent(score: number): number {
  const share = ((score - GRADE_SCALE.min) / (GRADE_SCALE.max - GRADE_SCALE.min)) * 100;
  return Math.min(100, Math.max(0, Math.round(share)));
}

/**
 * The newest `count` grades: by date (yyyy-MM-dd) descending, then, for grades of the same day,
 * the one entered last first. The input is not reordered.
 */
export function recentAssessments<T extends { date: string; createdAt?: string }>(
  grades: readonly T[],
  count: number = RECENT_ASSESSMENTS_COUNT,
): T[] {
  return [...grades]
    .sort((a, b) => b.date.localeCompare(a.date) || (b.createdAt ?? "").localeCompare(a.createdAt ?? ""))
    .slice(0, Math.max(0, count));
}

export const GRADE_DATE_RANGE_MESSAGE = "Date must be within the class: not before it began, and at most a year from today";

/** yyyy-MM-dd of an instant in UTC, shifted by whole days. */
const utcDay = (instant: Date, shiftDays = 0) => new Date(instant.getTime() + shiftDays * 86_400_000).toISOString().slice(0, 10);

/**
 * A grade's date (yyyy-MM-dd, a real day) lies in its class's life: from the day the class was
 * created to a year from today. A day of slack each side, since the teacher's calendar day may be
 * a day before or after UTC's.
 */
export function gradeDateInClassLife(date: string, classCreatedAt: Date, now: Date): boolean {
  return date >= utcDay(classCreatedAt, -1) && date <= utcDay(now, 366);
}
