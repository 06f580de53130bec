import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { progressMetricsSchema, type ProgressMetrics } from "./classes.schemas";
import {
  addXp,
  categoryIdFor,
  categoryNamed,
  categoryLevel,
  defaultAchievements,
  editCategories,
  freshProgressForNextStudent,
  newClassProgress,
  setCategoryValue,
  switchProgressFormat,
  toCategoryValue,
  unlockAchievement,
  xpProgressPercent,
} from "./progress.rules";

/** The AppError a call throws, or fails the test. */
function thrown(call: () => unknown): AppError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error("expected an AppError");
}

function unlockAll(progress: ProgressMetrics, steps: [string, string][]): ProgressMetrics {
  return steps.reduce((p, [category, achievement]) => unlockAchievement(p, category, achievement).progress, progress);
}

describe("newClassProgress", () => {
  it("starts an xp class at level 1 with 0 xp, threshold 1000 and three locked categories", () => {
    const progress = newClassProgress("xp");
    expect(progressMetricsSchema.parse(progress)).toEqual(progress);
    expect({ ...progress, categories: undefined }).toEqual({ format: "xp", overall: 0, level: 1, xp: 0, xpToNextLevel: 1000, categories: undefined });
    expect(progress.categories.map((c) => [c.id, c.name, c.value, c.level, c.score])).toEqual([
      ["technique", "Technique", 0, 1, null],
      ["music-theory", "Music Theory", 0, 1, null],
      ["performance", "Performance", 0, 1, null],
    ]);
    for (const category of progress.categories) {
      expect(category.achievements.map((a) => [a.xp, a.unlocked])).toEqual([
        [100, false],
        [200, false],
        [300, false],
      ]);
    }
  });

  it("names every achievement after a real musical skill, all different", () => {
    const achievements = newClassProgress("xp").categories.flatMap((c) => c.achievements);
    expect(achievements.map((a) => a.name)).toEqual([
      "Steady Hands",
      "Finger Agility",
      "Technical Showcase",
      "Note Reader",
      "Scale Builder",
      "Harmony Explorer",
      "First Performance",
      "Expressive Player",
      "Recital Ready",
    ]);
    expect(new Set(achievements.map((a) => a.description)).size).toBe(9);
    for (const a of achievements) expect(a.description.length).toBeGreaterThan(30);
  });

  it("starts a grade class at the overall 650 with no category scores, keeping the xp data", () => {
    const progress = newClassProgress("grade");
    expect(progressMetricsSchema.parse(progress)).toEqual(progress);
    expect(progress.overall).toBe(650);
    expect(progress.categories.every((c) => c.score === null && c.achievements.length === 3)).toBe(true);
  });
});

describe("categoryNamed", () => {
  it.each([
    ["Technique", "technique"],
    [" music theory ", "music-theory"],
    ["PERFORMANCE", "performance"],
    ["Practice", undefined],
    ["", undefined],
  ])("%j → %j", (name, id) => {
    expect(categoryNamed(newClassProgress("xp"), name)?.id).toBe(id);
  });
});

describe("categoryIdFor", () => {
  it.each([
    ["Music Theory", [], "music-theory"],
    ["  Technique ", [], "technique"],
    ["Éar Training", [], "ear-training"],
    ["Sight-reading & Rhythm!", [], "sight-reading-rhythm"],
    ["♪♪", [], "category"],
    ["Technique", ["technique"], "technique-2"],
    ["Technique", ["technique", "technique-2"], "technique-3"],
  ])("%j with %j taken → %j", (name, taken, expected) => {
    expect(categoryIdFor(name, new Set(taken))).toBe(expected);
  });
});

describe("defaultAchievements", () => {
  it.each([
    ["Practice", ["Daily Routine", "Focused Practice", "Practice Streak"]],
    ["  music THEORY", ["Note Reader", "Scale Builder", "Harmony Explorer"]],
    ["Jazz Improvisation", ["Jazz Improvisation: First Steps", "Jazz Improvisation: Building Skills", "Jazz Improvisation: Mastery"]],
  ])("%j → %j, worth 100/200/300 and locked", (name, names) => {
    const achievements = defaultAchievements(name);
    expect(achievements.map((a) => a.name)).toEqual(names);
    expect(achievements.map((a) => a.xp)).toEqual([100, 200, 300]);
    expect(achievements.some((a) => a.unlocked)).toBe(false);
  });
});

describe("categoryLevel", () => {
  it.each([
    [0, 3, 1],
    [1, 3, 2],
    [2, 3, 4],
    [3, 3, 5],
    [1, 5, 1],
    [2, 5, 2],
    [5, 5, 5],
    [1, 10, 1],
    [3, 10, 2],
    [9, 10, 5],
    [0, 0, 1],
  ])("%i of %i unlocked → level %i", (unlocked, total, level) => {
    expect(categoryLevel(unlocked, total)).toBe(level);
  });
});

describe("addXp", () => {
  it.each([
    [{ level: 1, xp: 0, xpToNextLevel: 1000 }, 100, { level: 1, xp: 100, xpToNextLevel: 1000, levelsGained: 0 }],
    [{ level: 1, xp: 899, xpToNextLevel: 1000 }, 100, { level: 1, xp: 999, xpToNextLevel: 1000, levelsGained: 0 }],
    // Reaching the threshold exactly is a level-up.
    [{ level: 1, xp: 900, xpToNextLevel: 1000 }, 100, { level: 2, xp: 0, xpToNextLevel: 1500, levelsGained: 1 }],
    [{ level: 1, xp: 950, xpToNextLevel: 1000 }, 300, { level: 2, xp: 250, xpToNextLevel: 1500, levelsGained: 1 }],
    [{ level: 2, xp: 1400, xpToNextLevel: 1500 }, 300, { level: 3, xp: 200, xpToNextLevel: 2250, levelsGained: 1 }],
    // 1125 × 1.5 = 1687.5 rounds to 1688.
    [{ level: 4, xp: 1100, xpToNextLevel: 1125 }, 100, { level: 5, xp: 75, xpToNextLevel: 1688, levelsGained: 1 }],
    // Multi-level jumps: 2500 from 0 climbs 1000 then 1500.
    [{ level: 1, xp: 0, xpToNextLevel: 1000 }, 2500, { level: 3, xp: 0, xpToNextLevel: 2250, levelsGained: 2 }],
    // 1250 xp over thresholds 100, 150, 225, 338 (337.5 rounded) leaves 437 toward 507.
    [{ level: 1, xp: 950, xpToNextLevel: 100 }, 300, { level: 5, xp: 437, xpToNextLevel: 507, levelsGained: 4 }],
  ])("%j + %i xp → %j", (state, gained, expected) => {
    expect(addXp(state, gained)).toEqual(expected);
  });
});

describe("unlockAchievement", () => {
  it("unlocks one achievement, adds its xp and raises its category's level, leaving the input alone", () => {
    const before = newClassProgress("xp");
    const snapshot = structuredClone(before);
    const result = unlockAchievement(before, "technique", "steady-hands");
    expect(before).toEqual(snapshot);
    expect(result.xpGained).toBe(100);
    expect(result.levelsGained).toBe(0);
    expect(result.achievement).toMatchObject({ id: "steady-hands", name: "Steady Hands", xp: 100, unlocked: true });
    expect(result.progress).toMatchObject({ level: 1, xp: 100, xpToNextLevel: 1000, overall: 0 });
    const technique = result.progress.categories[0];
    expect(technique?.level).toBe(2);
    expect(technique?.achievements.map((a) => a.unlocked)).toEqual([true, false, false]);
    expect(result.progress.categories.slice(1)).toEqual(before.categories.slice(1));
    expect(progressMetricsSchema.parse(result.progress)).toEqual(result.progress);
  });

  it("levels the class up when xp reaches the threshold, with exact numbers", () => {
    const allTechnique = unlockAll(newClassProgress("xp"), [
      ["technique", "steady-hands"],
      ["technique", "finger-agility"],
      ["technique", "technical-showcase"],
      ["music-theory", "harmony-explorer"],
    ]);
    expect(allTechnique).toMatchObject({ level: 1, xp: 900, xpToNextLevel: 1000 });
    expect(allTechnique.categories.map((c) => c.level)).toEqual([5, 2, 1]);

    const result = unlockAchievement(allTechnique, "music-theory", "scale-builder");
    expect(result).toMatchObject({ xpGained: 200, levelsGained: 1 });
    expect(result.progress).toMatchObject({ level: 2, xp: 100, xpToNextLevel: 1500 });
    expect(result.progress.categories.map((c) => c.level)).toEqual([5, 4, 1]);
  });

  it("climbs several levels at once from a single large achievement", () => {
    const progress: ProgressMetrics = { ...newClassProgress("xp"), xp: 950, xpToNextLevel: 100 };
    const result = unlockAchievement(progress, "performance", "recital-ready");
    expect(result).toMatchObject({ xpGained: 300, levelsGained: 4 });
    expect(result.progress).toMatchObject({ level: 5, xp: 437, xpToNextLevel: 507 });
  });

  it.each([
    ["nope", "steady-hands", "not_found", "Category not found"],
    ["technique", "note-reader", "not_found", "Achievement not found"],
    ["technique", "steady-hands", "conflict", "This achievement is already unlocked"],
  ])("%s/%s → %s %j", (category, achievement, code, message) => {
    const progress = unlockAchievement(newClassProgress("xp"), "technique", "steady-hands").progress;
    const error = thrown(() => unlockAchievement(progress, category, achievement));
    expect([error.code, error.message]).toEqual([code, message]);
  });
});

describe("xpProgressPercent", () => {
  it.each([
    [0, 1000, 0],
    [250, 1000, 25],
    [999, 1000, 99.9],
    [1000, 1000, 100],
    [1500, 1000, 100],
    [-5, 1000, 0],
    [10, 0, 100],
  ])("%i of %i → %d%", (xp, threshold, percent) => {
    expect(xpProgressPercent(xp, threshold)).toBeCloseTo(percent, 10);
  });
});

describe("toCategoryValue", () => {
  it.each([
    [0, 0],
    [55, 55],
    [100, 100],
    [101, 100],
    [-1, 0],
    [50.5, 51],
    [49.4, 49],
    ["42", 42],
    [" 7.6 ", 8],
    ["1e2", 100],
    ["abc", 0],
    ["12abc", 0],
    ["", 0],
    [null, 0],
    [undefined, 0],
    [true, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])("%j → %i", (raw, value) => {
    expect(toCategoryValue(raw)).toBe(value);
  });
});

describe("setCategoryValue", () => {
  it("sets the value and recalculates the overall as the rounded average of the values", () => {
    let progress = setCategoryValue(newClassProgress("xp"), "technique", 80);
    expect(progress.overall).toBe(27); // 80 / 3 = 26.67
    progress = setCategoryValue(progress, "music-theory", "70");
    progress = setCategoryValue(progress, "performance", 85);
    expect(progress.categories.map((c) => c.value)).toEqual([80, 70, 85]);
    expect(progress.overall).toBe(78); // 235 / 3 = 78.33
    progress = setCategoryValue(progress, "technique", "abc");
    expect(progress.categories[0]?.value).toBe(0);
    expect(progress.overall).toBe(52); // 155 / 3 = 51.67
    progress = setCategoryValue(progress, "technique", 101);
    expect(progress.categories[0]?.value).toBe(100);
    expect(progress.overall).toBe(85);
    expect(progressMetricsSchema.parse(progress)).toEqual(progress);
  });

  it("keeps the grade overall of a grade-format class", () => {
    const progress = setCategoryValue(newClassProgress("grade"), "technique", 90);
    expect(progress.categories[0]?.value).toBe(90);
    expect(progress.overall).toBe(650);
  });

  it("refuses an unknown category", () => {
    expect(thrown(() => setCategoryValue(newClassProgress("xp"), "practice", 5)).code).toBe("not_found");
  });
});

describe("editCategories", () => {
  const started = (): ProgressMetrics => {
    const unlocked = unlockAchievement(newClassProgress("xp"), "technique", "steady-hands").progress;
    return setCategoryValue(setCategoryValue(unlocked, "technique", 80), "performance", 40);
  };

  it("keeps existing categories by name (any case), adds new ones with defaults, removes the rest, in the new order", () => {
    const before = started();
    const after = editCategories(before, ["  Practice ", "TECHNIQUE", "Performance"]);
    expect(after.categories.map((c) => [c.id, c.name, c.value, c.level])).toEqual([
      ["practice", "Practice", 0, 1],
      ["technique", "TECHNIQUE", 80, 2],
      ["performance", "Performance", 40, 1],
    ]);
    expect(after.categories[1]?.achievements).toEqual(before.categories[0]?.achievements);
    expect(after.categories[0]?.achievements.map((a) => a.name)).toEqual(["Daily Routine", "Focused Practice", "Practice Streak"]);
    // xp earned in a removed category is kept; the overall follows the remaining values.
    expect(after).toMatchObject({ level: 1, xp: 100, xpToNextLevel: 1000, overall: 40 });
    expect(progressMetricsSchema.parse(after)).toEqual(after);
  });

  it("gives a new category whose id would collide a fresh id", () => {
    const after = editCategories(newClassProgress("xp"), ["Music Theory", "Music-Theory!"]);
    expect(after.categories.map((c) => c.id)).toEqual(["music-theory", "music-theory-2"]);
  });

  it("keeps grade scores of kept categories and gives new ones none", () => {
    const graded: ProgressMetrics = {
      ...newClassProgress("grade"),
      categories: newClassProgress("grade").categories.map((c, i) => ({ ...c, score: [700, 800, null][i] ?? null })),
    };
    const after = editCategories(graded, ["Music Theory", "Ear Training"]);
    expect(after.categories.map((c) => [c.name, c.score])).toEqual([
      ["Music Theory", 800],
      ["Ear Training", null],
    ]);
    expect(after.overall).toBe(800);
  });

  it.each([
    [[], "Please add at least one category"],
    [["   "], "Please add at least one category"],
    [["Technique", "technique "], "This category already exists"],
    [["Piano", "Violin", "PIANO"], "This category already exists"],
  ])("%j → %j", (names, message) => {
    const error = thrown(() => editCategories(newClassProgress("xp"), names));
    expect([error.code, error.message]).toEqual(["validation", message]);
  });

  it("cannot remove the last category", () => {
    const single = editCategories(newClassProgress("xp"), ["Technique"]);
    expect(single.categories).toHaveLength(1);
    expect(thrown(() => editCategories(single, [])).message).toBe("Please add at least one category");
  });
});

describe("switchProgressFormat", () => {
  it("keeps all data both ways and recalculates the overall for the format", () => {
    const xp = setCategoryValue(setCategoryValue(newClassProgress("xp"), "technique", 90), "music-theory", 60);
    const withScores: ProgressMetrics = { ...xp, categories: xp.categories.map((c, i) => ({ ...c, score: [820, 700, null][i] ?? null })) };
    const grade = switchProgressFormat(withScores, "grade");
    expect(grade).toEqual({ ...withScores, format: "grade", overall: 760 });
    expect(switchProgressFormat(grade, "xp")).toEqual({ ...withScores, overall: 50 });
    expect(switchProgressFormat(xp, "grade").overall).toBe(650);
  });
});

describe("freshProgressForNextStudent", () => {
  /** A class a child has worked in: custom categories, values, unlocks that levelled up, grade scores. */
  function worked(format: "xp" | "grade"): ProgressMetrics {
    let progress = editCategories(newClassProgress(format), ["Technique", "Rhythm"]);
    progress = setCategoryValue(progress, "technique", 80);
    progress = unlockAll(progress, [
      ["technique", "steady-hands"],
      ["technique", "finger-agility"],
      ["technique", "technical-showcase"],
      ["rhythm", "mastery"],
    ]);
    return { ...progress, categories: progress.categories.map((c) => ({ ...c, score: c.id === "rhythm" ? 700 : 820 })) };
  }

  it.each(["xp", "grade"] as const)("keeps the %s format and the categories, and starts everything the child earned again", (format) => {
    const before = worked(format);
    expect(before.level).toBe(1);
    expect(before.xp).toBe(900);
    const fresh = freshProgressForNextStudent(before);
    expect(progressMetricsSchema.parse(fresh)).toEqual(fresh);
    expect(fresh).toMatchObject({ format, level: 1, xp: 0, xpToNextLevel: 1000, overall: format === "xp" ? 0 : 650 });
    expect(fresh.categories.map((c) => [c.id, c.name, c.value, c.level, c.score])).toEqual([
      ["technique", "Technique", 0, 1, null],
      ["rhythm", "Rhythm", 0, 1, null],
    ]);
    expect(fresh.categories.map((c) => c.achievements.map((a) => [a.id, a.xp, a.unlocked]))).toEqual(
      before.categories.map((c) => c.achievements.map((a) => [a.id, a.xp, false])),
    );
    // The input is not changed.
    expect(before.xp).toBe(900);
  });

  it("starts a class that has climbed levels from level 1 and the first threshold", () => {
    const climbed = { ...newClassProgress("xp"), level: 4, xp: 10, xpToNextLevel: 3375 };
    expect(freshProgressForNextStudent(climbed)).toEqual(newClassProgress("xp"));
  });

  it("leaves a new class's progress as it is", () => {
    for (const format of ["xp", "grade"] as const) expect(freshProgressForNextStudent(newClassProgress(format))).toEqual(newClassProgress(format));
  });
});
