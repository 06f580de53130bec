import { describe, expect, it } from "vitest";
import { progressMetricsSchema } from "./classes.schemas";
import {
  categoryScore,
  gradeDateInClassLife,
  gradeLabel,
  gradeScorePercent,
  percentLabel,
  recalculateGradeProgress,
  recentAssessments,
  scoreBadge,
} from "./grades.rules";
import { newClassProgress } from "./progress.rules";

describe("categoryScore", () => {
  it.each([
    [[], null],
    [[0], 300],
    [[100], 850],
    [[50], 575],
    [[85, 95], 795], // average 90 → 300 + 495
    [[78], 729], // 300 + 429
    [[85, 92, 78], 768], // average 85: 300 + 467.5 = 767.5 rounds up
    [[1], 306], // 305.5 rounds to 306
    [[99], 845], // 844.5 rounds to 845
  ])("%j → %j", (percents, score) => {
    expect(categoryScore(percents)).toBe(score);
  });
});

describe("recalculateGradeProgress", () => {
  const grades = [
    { category: "Technique", score: 85 },
    { category: "technique ", score: 95 },
    { category: "Performance", score: 92 },
    { category: "Sight Reading", score: 10 }, // a category that no longer exists
  ];

  it("scores the categories that have grades, leaves the others without a score, and averages the overall", () => {
    const progress = recalculateGradeProgress(newClassProgress("grade"), grades);
    expect(progress.categories.map((c) => [c.name, c.score])).toEqual([
      ["Technique", 795], // average 90
      ["Music Theory", null],
      ["Performance", 806], // 300 + 506
    ]);
    expect(progress.overall).toBe(801); // (795 + 806) / 2 = 800.5
    expect(progressMetricsSchema.parse(progress)).toEqual(progress);
  });

  it("goes back to the start score 650 when the last grade is deleted", () => {
    const graded = recalculateGradeProgress(newClassProgress("grade"), grades);
    const emptied = recalculateGradeProgress(graded, []);
    expect(emptied.categories.every((c) => c.score === null)).toBe(true);
    expect(emptied.overall).toBe(650);
  });

  it("updates scores but keeps the xp overall of an xp-format class", () => {
    const progress = recalculateGradeProgress(newClassProgress("xp"), grades);
    expect(progress.categories[0]?.score).toBe(795);
    expect(progress.overall).toBe(0);
  });
});

describe("percentLabel (one grade's percent)", () => {
  it.each([
    [100, "Excellent"],
    [95, "Excellent"],
    [90, "Excellent"],
    [89, "Good"],
    [80, "Good"],
    [79, "Fair"],
    [70, "Fair"],
    [69, "Needs Work"],
    [50, "Needs Work"],
    [49, "Poor"],
    [0, "Poor"],
  ])("%i%% → %s", (percent, label) => {
    expect(percentLabel(percent)).toBe(label);
  });
});

describe("gradeLabel (a 300-850 score, by the percent it stands for)", () => {
  it.each([
    [850, "Excellent"],
    [823, "Excellent"], // one grade of 95 %
    [795, "Excellent"], // 90 %
    [794, "Good"],
    [740, "Good"], // 80 %
    [739, "Fair"],
    [685, "Fair"], // 70 %
    [684, "Needs Work"],
    [650, "Needs Work"], // the start score, never shown before a grade
    [575, "Needs Work"], // 50 %
    [574, "Poor"],
    [300, "Poor"],
  ])("%i → %s", (score, label) => {
    expect(gradeLabel(score)).toBe(label);
  });

  const TONE = { Excellent: "green", Good: "yellow", Fair: "yellow", "Needs Work": "red", Poor: "red" } as const;
  it("labels a category with a single grade as that grade's percent, in the colour of its badge, for every percent", () => {
    for (let percent = 0; percent <= 100; percent++) {
      const label = gradeLabel(categoryScore([percent])!);
      expect(label, `${percent}%`).toBe(percentLabel(percent));
      expect(TONE[label], `${percent}%`).toBe(scoreBadge(percent));
    }
  });
});

describe("scoreBadge", () => {
  it.each([
    [100, "green"],
    [90, "green"],
    [89, "yellow"],
    [80, "yellow"],
    [70, "yellow"],
    [69, "red"],
    [0, "red"],
  ])("%i%% → %s", (percent, badge) => {
    expect(scoreBadge(percent)).toBe(badge);
  });
});

describe("gradeScorePercent", () => {
  it.each([
    [300, 0],
    [575, 50],
    [850, 100],
    [650, 64], // 63.6
    [200, 0],
    [900, 100],
  ])("%i → %i%%", (score, percent) => {
    expect(gradeScorePercent(score)).toBe(percent);
  });
});

describe("recentAssessments", () => {
  const grades = [
    { id: "a", date: "2026-10-01", createdAt: "2026-10-01T10:00:00.000Z" },
    { id: "b", date: "2026-11-15", createdAt: "2026-11-15T09:00:00.000Z" },
    { id: "c", date: "2026-11-15", createdAt: "2026-11-15T18:00:00.000Z" },
    { id: "d", date: "2025-12-31", createdAt: "2026-01-02T08:00:00.000Z" },
    { id: "e", date: "2026-11-02", createdAt: "2026-11-02T08:00:00.000Z" },
  ];

  it.each([
    [undefined, ["c", "b", "e"]],
    [1, ["c"]],
    [10, ["c", "b", "e", "a", "d"]],
    [0, []],
  ])("count %j → %j, newest first", (count, ids) => {
    expect(recentAssessments(grades, count).map((g) => g.id)).toEqual(ids);
  });

  it("does not reorder its input and handles no grades", () => {
    const copy = [...grades];
    recentAssessments(grades);
    expect(grades).toEqual(copy);
    expect(recentAssessments([])).toEqual([]);
  });
});

describe("gradeDateInClassLife", () => {
  const created = new Date("2026-09-01T15:00:00Z");
  const now = new Date("2026-11-26T12:00:00Z");
  it.each([
    ["2026-09-01", true],
    ["2026-08-31", true],
    ["2026-08-30", false],
    ["2026-11-26", true],
    ["2027-11-26", true],
    ["2027-11-28", false],
    ["1900-01-01", false],
    ["9999-12-31", false],
  ])("%s: %s", (date, expected) => {
    expect(gradeDateInClassLife(date, created, now)).toBe(expected);
  });
});
