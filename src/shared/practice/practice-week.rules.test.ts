import { describe, expect, it } from "vitest";
import { practiceChart, practiceWeek, weekStartOf, type PracticeDay } from "./practice-week.rules";

describe("weekStartOf", () => {
  it.each([
    ["2026-11-23", "2026-11-23"], // Monday
    ["2026-11-27", "2026-11-23"], // Friday
    ["2026-11-29", "2026-11-23"], // Sunday
    ["2026-11-30", "2026-11-30"],
    ["2027-01-01", "2026-12-28"], // across the year end
  ])("%s → %s", (date, monday) => {
    expect(weekStartOf(date)).toBe(monday);
  });
});

describe("practiceWeek", () => {
  const entries: PracticeDay[] = [
    { date: "2026-11-22", minutes: 40, source: "timed" }, // the Sunday before: another week
    { date: "2026-11-23", minutes: 20, source: "timed" },
    { date: "2026-11-23", minutes: 15, source: "self_reported" },
    { date: "2026-11-25", minutes: 10, source: "self_reported" },
    { date: "2026-11-29", minutes: 30, source: "timed" },
  ];

  it("sums the week's minutes, timed and self-reported apart, and its days", () => {
    expect(practiceWeek(entries, "2026-11-23", null)).toEqual({
      weekStart: "2026-11-23",
      minutes: 75,
      timedMinutes: 50,
      selfReportedMinutes: 25,
      days: 3,
      goalDays: 0,
      goalMet: null,
    });
  });

  it("counts goal days by each day's total against the goal", () => {
    expect(practiceWeek(entries, "2026-11-23", { minutesPerDay: 30, daysPerWeek: 2 })).toMatchObject({ goalDays: 2, goalMet: true });
    expect(practiceWeek(entries, "2026-11-23", { minutesPerDay: 30, daysPerWeek: 3 })).toMatchObject({ goalDays: 2, goalMet: false });
  });

  it("an empty week is zeros, not missing", () => {
    expect(practiceWeek([], "2026-11-30", { minutesPerDay: 20, daysPerWeek: 5 })).toMatchObject({ minutes: 0, days: 0, goalMet: false });
  });
});

describe("practiceChart", () => {
  it("gives 12 weeks, oldest first, this week last, with empty weeks as 0", () => {
    const chart = practiceChart(
      [
        { date: "2026-11-27", minutes: 30, source: "timed" },
        { date: "2026-11-24", minutes: 10, source: "self_reported" },
        { date: "2026-09-07", minutes: 25, source: "timed" }, // the first charted week's Monday
        { date: "2026-09-06", minutes: 99, source: "timed" }, // one week too old
      ],
      "2026-11-27",
    );
    expect(chart).toHaveLength(12);
    expect(chart[0]).toEqual({ weekStart: "2026-09-07", minutes: 25 });
    expect(chart[11]).toEqual({ weekStart: "2026-11-23", minutes: 40 });
    expect(chart.slice(1, 11).every((week) => week.minutes === 0)).toBe(true);
  });
});
