import { AppError } from "../errors";
import {
  ACHIEVEMENT_ALREADY_UNLOCKED_MESSAGE,
  ACHIEVEMENT_NOT_FOUND_MESSAGE,
  CATEGORIES_REQUIRED_MESSAGE,
  CATEGORY_EXISTS_MESSAGE,
  CATEGORY_MAX_LEVEL,
  CATEGORY_NOT_FOUND_MESSAGE,
  FIRST_LEVEL_THRESHOLD,
  GRADE_START_SCORE,
  LEVEL_UP_MULTIPLIER,
  NEW_CLASS_CATEGORY_NAMES,
  type ProgressFormat,
} from "./classes.constants";
import { hasDuplicateNames, nameKey } from "./category-names.rules";
// Types only: the schemas import the category-name rules at runtime.
import type { Achievement, ProgressCategory, ProgressMetrics } from "./classes.schemas";

/**
 * Pure rules of a class's progress (spec section 4, decisions.md section 1). Every function takes
 * a progress value and returns a new one; nothing is mutated. Refusals throw AppError so the server
 * can let them through as 4xx responses.
 */

// ---------------------------------------------------------------------------------------------
// Names and ids

export { hasDuplicateNames, nameKey };

/** The category a grade's category name refers to (trimmed, case-insensitive), if the class has it. */
export function categoryNamed(progress: ProgressMetrics, name: string): ProgressCategory | undefined {
  return progress.categories.find((c) => nameKey(c.name) === nameKey(name));
}

/** A readable id from a name ("Music Theory" → "music-theory"), made unique against `taken`. */
export function categoryIdFor(name: string, taken: ReadonlySet<string>): string {
  const base =
    nameKey(name)
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "category";
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

// ---------------------------------------------------------------------------------------------
// Default achievements: three per category, worth 100, 200 and 300 xp, all locked.

type AchievementTemplate = readonly [id: string, name: string, description: string];

const ACHIEVEMENT_XP = [100, 200, 300] as const;

const KNOWN_ACHIEVEMENTS: Record<string, readonly [AchievementTemplate, AchievementTemplate, AchievementTemplate]> = {
  technique: [
    ["steady-hands", "Steady Hands", "Play a scale evenly at a steady tempo, with relaxed hands and good posture."],
    ["finger-agility", "Finger Agility", "Play a fast passage with clean fingering and an even tone."],
    ["technical-showcase", "Technical Showcase", "Perform an étude with control of tempo, dynamics and articulation."],
  ],
  "music theory": [
    ["note-reader", "Note Reader", "Name the notes on the staff and count the common note and rest values."],
    ["scale-builder", "Scale Builder", "Build major and minor scales and name their key signatures."],
    ["harmony-explorer", "Harmony Explorer", "Find the chords and cadences in a piece and explain how they work."],
  ],
  performance: [
    ["first-performance", "First Performance", "Play a complete piece from start to finish for an audience."],
    ["expressive-player", "Expressive Player", "Shape a piece with dynamics and phrasing that bring out its character."],
    ["recital-ready", "Recital Ready", "Perform a prepared programme with confidence at a recital or showcase."],
  ],
  practice: [
    ["daily-routine", "Daily Routine", "Practise on five days of the same week."],
    ["focused-practice", "Focused Practice", "Set a goal for every practice session for two weeks and note how it went."],
    ["practice-streak", "Practice Streak", "Keep a regular practice routine going for four weeks in a row."],
  ],
};

/** A category the teacher names themselves gets achievements that speak about that skill. */
function customAchievements(name: string): readonly [AchievementTemplate, AchievementTemplate, AchievementTemplate] {
  const skill = name.trim();
  return [
    ["first-steps", `${skill}: First Steps`, `Show a first, steady grasp of the basics of ${skill}.`],
    ["building-skills", `${skill}: Building Skills`, `Use ${skill} with growing confidence in lessons and practice.`],
    ["mastery", `${skill}: Mastery`, `Show secure, independent command of ${skill} in a performance or assessment.`],
  ];
}

export function defaultAchievements(categoryName: string): Achievement[] {
  const templates = KNOWN_ACHIEVEMENTS[nameKey(categoryName)] ?? customAchievements(categoryName);
  return templates.map(([id, name, description], i) => ({ id, name, description, xp: ACHIEVEMENT_XP[i] ?? 100, unlocked: false }));
}

/** A fresh category: value 0, level 1, default achievements, no grade score yet. */
export function newCategory(name: string, takenIds: ReadonlySet<string>): ProgressCategory {
  return { id: categoryIdFor(name, takenIds), name: name.trim(), value: 0, level: 1, achievements: defaultAchievements(name), score: null };
}

function categoriesFromNames(names: readonly string[]): ProgressCategory[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const category = newCategory(name, taken);
    taken.add(category.id);
    return category;
  });
}

/** decisions.md: Technique, Music Theory, Performance; level 1, 0 xp, threshold 1000; all locked. */
export function newClassProgress(format: ProgressFormat): ProgressMetrics {
  return withOverall({
    format,
    overall: 0,
    level: 1,
    xp: 0,
    xpToNextLevel: FIRST_LEVEL_THRESHOLD,
    categories: categoriesFromNames(NEW_CLASS_CATEGORY_NAMES),
  });
}

// ---------------------------------------------------------------------------------------------
// Overall

function roundedAverage(values: readonly number[]): number {
  return Math.round(values.reduce((sum, v) => sum + v, 0) / values.length);
}

/**
 * The overall figure of the class's current format. xp: rounded average of the category values.
 * grade: rounded average of the scores of the categories that have grades; with no grades at all,
 * the spec's grade-format start score 650 (spec section 9).
 */
export function overallFor(format: ProgressFormat, categories: readonly ProgressCategory[]): number {
  if (format === "xp") return categories.length ? roundedAverage(categories.map((c) => c.value)) : 0;
  const scores = categories.flatMap((c) => (c.score === null ? [] : [c.score]));
  return scores.length ? roundedAverage(scores) : GRADE_START_SCORE;
}

/** The same progress with `overall` recalculated from its categories. */
export function withOverall(progress: ProgressMetrics): ProgressMetrics {
  return { ...progress, overall: overallFor(progress.format, progress.categories) };
}

/** Switching format keeps every category's xp and grade data; only `overall` changes meaning. */
export function switchProgressFormat(progress: ProgressMetrics, format: ProgressFormat): ProgressMetrics {
  return withOverall({ ...progress, format });
}

// ---------------------------------------------------------------------------------------------
// Levels and achievements

/** max(1, ceil(unlocked / total × 5)); a category with no achievements stays at level 1. */
export function categoryLevel(unlocked: number, total: number): number {
  if (total <= 0) return 1;
  return Math.min(CATEGORY_MAX_LEVEL, Math.max(1, Math.ceil((unlocked / total) * CATEGORY_MAX_LEVEL)));
}

export interface XpState {
  level: number;
  xp: number;
  xpToNextLevel: number;
}

/**
 * Adds xp; while xp reaches the threshold the level rises by one, the threshold is taken off and
 * the next threshold is the old one × 1.5, rounded. One large gain can climb several levels.
 */
export function addXp(state: XpState, gained: number): XpState & { levelsGained: number } {
  let { level, xp, xpToNextLevel } = state;
  xp += gained;
  let levelsGained = 0;
  while (xp >= xpToNextLevel) {
    xp -= xpToNextLevel;
    level += 1;
    levelsGained += 1;
    xpToNextLevel = Math.round(xpToNextLevel * LEVEL_UP_MULTIPLIER);
  }
  return { level, xp, xpToNextLevel, levelsGained };
}

export interface UnlockResult {
  progress: ProgressMetrics;
  /** The achievement as now stored (unlocked), for the Achievement Unlocked! popup. */
  achievement: Achievement;
  xpGained: number;
  levelsGained: number;
}

/**
 * Locked → unlocked only (spec section 4: no reverse). Throws AppError not_found for an unknown
 * category or achievement, conflict for one already unlocked.
 */
export function unlockAchievement(progress: ProgressMetrics, categoryId: string, achievementId: string, at: Date = new Date()): UnlockResult {
  const category = progress.categories.find((c) => c.id === categoryId);
  if (!category) throw new AppError("not_found", CATEGORY_NOT_FOUND_MESSAGE);
  const target = category.achievements.find((a) => a.id === achievementId);
  if (!target) throw new AppError("not_found", ACHIEVEMENT_NOT_FOUND_MESSAGE);
  if (target.unlocked) throw new AppError("conflict", ACHIEVEMENT_ALREADY_UNLOCKED_MESSAGE);

  const achievement = { ...target, unlocked: true, unlockedAt: at.toISOString() };
  const achievements = category.achievements.map((a) => (a.id === achievementId ? achievement : a));
  const unlocked = achievements.filter((a) => a.unlocked).length;
  const updated = { ...category, achievements, level: categoryLevel(unlocked, achievements.length) };
  const { levelsGained, ...xpState } = addXp(progress, achievement.xp);

  return {
    progress: { ...progress, ...xpState, categories: progress.categories.map((c) => (c.id === categoryId ? updated : c)) },
    achievement,
    xpGained: achievement.xp,
    levelsGained,
  };
}

/**
 * Share of the way to the next level in percent, for the bar's width: capped at 100, never below 0,
 * not rounded (a bar at 99.9% must not look full).
 */
export function xpProgressPercent(xp: number, xpToNextLevel: number): number {
  if (!(xpToNextLevel > 0)) return 100;
  return Math.min(100, Math.max(0, (xp / xpToNextLevel) * 100));
}

// ---------------------------------------------------------------------------------------------
// Editing categories

/**
 * Spec: "Category value clamped 0-100; non-numbers count as 0". Text is read as a number ("42",
 * " 7.6 "); anything that is not one ("abc", "", null, NaN, Infinity) is 0. Values are whole
 * percentages, so the result is rounded.
 */
export function toCategoryValue(raw: unknown): number {
  const number = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw.trim()) : Number.NaN;
  if (!Number.isFinite(number)) return 0;
  return Math.min(100, Math.max(0, Math.round(number)));
}

/** Sets one category's value and recalculates the overall. Unknown category: AppError not_found. */
export function setCategoryValue(progress: ProgressMetrics, categoryId: string, raw: unknown): ProgressMetrics {
  if (!progress.categories.some((c) => c.id === categoryId)) throw new AppError("not_found", CATEGORY_NOT_FOUND_MESSAGE);
  const value = toCategoryValue(raw);
  return withOverall({ ...progress, categories: progress.categories.map((c) => (c.id === categoryId ? { ...c, value } : c)) });
}

/**
 * The category editor's result, in its order: a name that matches an existing category (trimmed,
 * case-insensitive) keeps that category's id, value, achievements and score, taking the new
 * spelling; a new name gets a fresh category; a missing name is removed. At least one category,
 * no duplicates (AppError validation with the spec's messages). The class's xp and level are kept:
 * xp once earned is not taken back. In grade format the new categories have no score until the
 * server runs recalculateGradeProgress with the class's grades.
 */
export function editCategories(progress: ProgressMetrics, names: readonly string[]): ProgressMetrics {
  const trimmed = names.map((n) => n.trim()).filter((n) => n.length > 0);
  if (trimmed.length === 0) throw new AppError("validation", CATEGORIES_REQUIRED_MESSAGE);
  if (hasDuplicateNames(trimmed)) throw new AppError("validation", CATEGORY_EXISTS_MESSAGE);

  const existing = new Map(progress.categories.map((c) => [nameKey(c.name), c]));
  const kept = new Set(trimmed.flatMap((n) => existing.get(nameKey(n))?.id ?? []));
  const taken = new Set(kept);
  const categories = trimmed.map((name) => {
    const current = existing.get(nameKey(name));
    if (current) return { ...current, name };
    const fresh = newCategory(name, taken);
    taken.add(fresh.id);
    return fresh;
  });
  return withOverall({ ...progress, categories });
}

// ---------------------------------------------------------------------------------------------
// A class's next student

/**
 * The progress a class holds for the next family that joins: the class's format and categories
 * (their names, ids and achievements) stay, since they are how the teacher runs the class; what the
 * earlier child earned does not (category values, levels, unlocked achievements, grade scores, xp
 * and level back to a new class's start). Migration 0011 (class_progress_fresh) does the same in SQL.
 */
export function freshProgressForNextStudent(progress: ProgressMetrics): ProgressMetrics {
  return withOverall({
    ...progress,
    level: 1,
    xp: 0,
    xpToNextLevel: FIRST_LEVEL_THRESHOLD,
    categories: progress.categories.map((c) => ({
      ...c,
      value: 0,
      level: 1,
      score: null,
      achievements: c.achievements.map((a) => ({ ...a, unlocked: false })),
    })),
  });
}
