import { describe, expect, it } from "vitest";
import { addLocalDays } from "../calendar/calendar-views.rules";
import { currentStreak, longestStreak, practiceDayOf } from "./streak.rules";

/** Consecutive days from `start`, `count` of them. */
function daysFrom(start: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addLocalDays(start, i));
}

describe("currentStreak", () => {
  it.each([
    { name: "no practice at all", days: [], today: "2026-11-27", streak: 0 },
    { name: "practised today only", days: ["2026-11-27"], today: "2026-11-27", streak: 1 },
    { name: "yesterday, today still open", days: ["2026-11-26"], today: "2026-11-27", streak: 1 },
    { name: "two days in a row", days: ["2026-11-26", "2026-11-27"], today: "2026-11-27", streak: 2 },
    { name: "one rest day in the middle keeps it", days: ["2026-11-24", "2026-11-26", "2026-11-27"], today: "2026-11-27", streak: 3 },
    { name: "rest day yesterday, today open", days: ["2026-11-24", "2026-11-25"], today: "2026-11-27", streak: 2 },
    { name: "two missed days end it", days: ["2026-11-23", "2026-11-24"], today: "2026-11-27", streak: 0 },
    { name: "two missed days in the middle restart it", days: ["2026-11-20", "2026-11-21", "2026-11-24", "2026-11-25"], today: "2026-11-25", streak: 2 },
    // Rests on the 22nd and the 25th: 3 days apart, so the run restarts after the first rest.
    { name: "a second rest within a week", days: ["2026-11-20", "2026-11-21", "2026-11-23", "2026-11-24", "2026-11-26"], today: "2026-11-26", streak: 3 },
    // Rests on the 14th and the 21st: a week apart, both allowed.
    { name: "one rest a week, week after week", days: [...daysFrom("2026-11-08", 6), ...daysFrom("2026-11-15", 6), ...daysFrom("2026-11-22", 6)], today: "2026-11-27", streak: 18 },
    // The run rested on the 22nd; yesterday (the 26th) is a second rest within the week.
    { name: "rest yesterday after a rest this week", days: ["2026-11-20", "2026-11-21", "2026-11-23", "2026-11-24", "2026-11-25"], today: "2026-11-27", streak: 3 },
    { name: "future days are not counted", days: ["2026-11-27", "2026-11-28", "2026-11-29"], today: "2026-11-27", streak: 1 },
    { name: "the same day twice counts once", days: ["2026-11-27", "2026-11-27"], today: "2026-11-27", streak: 1 },
  ])("$name → $streak", ({ days, today, streak }) => {
    expect(currentStreak(days, today)).toBe(streak);
  });

  it("counts by the calendar across a month and a year end", () => {
    expect(currentStreak(daysFrom("2026-12-25", 10), "2027-01-03")).toBe(10);
    expect(currentStreak(["2027-02-27", "2027-02-28", "2027-03-01"], "2027-03-01")).toBe(3);
  });
});

describe("longestStreak", () => {
  it.each([
    { name: "nothing", days: [], longest: 0 },
    { name: "one day", days: ["2026-01-05"], longest: 1 },
    { name: "a long run long ago beats the current one", days: [...daysFrom("2026-01-01", 20), ...daysFrom("2026-11-20", 3)], longest: 20 },
    { name: "rests a week apart join the runs", days: [...daysFrom("2026-03-01", 6), ...daysFrom("2026-03-08", 6)], longest: 12 },
    { name: "rests 3 days apart split them", days: [...daysFrom("2026-03-01", 3), ...daysFrom("2026-03-05", 2), ...daysFrom("2026-03-08", 4)], longest: 6 },
  ])("$name → $longest", ({ days, longest }) => {
    expect(longestStreak(days)).toBe(longest);
  });

  it("is never shorter than the current streak", () => {
    const days = [...daysFrom("2026-10-01", 4), ...daysFrom("2026-10-06", 30)];
    expect(longestStreak(days)).toBeGreaterThanOrEqual(currentStreak(days, "2026-11-04"));
    expect(currentStreak(days, "2026-11-04")).toBe(34);
  });
});

describe("practice days across daylight saving in New York", () => {
  const NY = "America/New_York";
  // Each evening at 23:30 New York time, as instants: the UTC offset is -4 before 2026-11-01
  // (EDT) and -5 after (EST); in spring -5 before 2026-03-08 and -4 after.
  const evenings = (dates: string[], offsetHours: (date: string) => number) =>
    dates.map((date) => new Date(Date.parse(`${date}T23:30:00Z`) - offsetHours(date) * 3_600_000));

  it("the fall-back day (25 hours) neither breaks nor doubles a streak", () => {
    const dates = ["2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02", "2026-11-03"];
    const instants = evenings(dates, (d) => (d < "2026-11-01" ? -4 : -5));
    const days = instants.map((at) => practiceDayOf(at, NY));
    expect(days).toEqual(dates);
    expect(currentStreak(days, practiceDayOf(new Date("2026-11-04T14:00:00Z"), NY))).toBe(5);
  });

  it("the spring-forward day (23 hours) neither breaks nor doubles a streak", () => {
    const dates = ["2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09"];
    const instants = evenings(dates, (d) => (d < "2026-03-08" ? -5 : -4));
    const days = instants.map((at) => practiceDayOf(at, NY));
    expect(days).toEqual(dates);
    expect(currentStreak(days, "2026-03-09")).toBe(4);
  });

  it("just before and just after midnight are two different days", () => {
    // 2026-11-26 23:59 and 2026-11-27 00:01 in New York (EST, UTC-5).
    expect(practiceDayOf(new Date("2026-11-27T04:59:00Z"), NY)).toBe("2026-11-26");
    expect(practiceDayOf(new Date("2026-11-27T05:01:00Z"), NY)).toBe("2026-11-27");
    const days = ["2026-11-26", "2026-11-27"];
    expect(currentStreak(days, "2026-11-27")).toBe(2);
  });

  it("at midnight the streak carries into the new, still open day", () => {
    const days = daysFrom("2026-11-20", 7); // through the 26th
    const justAfterMidnight = practiceDayOf(new Date("2026-11-27T05:00:30Z"), NY);
    expect(justAfterMidnight).toBe("2026-11-27");
    expect(currentStreak(days, justAfterMidnight)).toBe(7);
  });
});

describe("a change of the parent's zone", () => {
  it("moving east a day ahead keeps the streak (yesterday's practice becomes a rest day at most)", () => {
    // Practised every day in New York through Thursday the 26th (evening). Friday morning in Tokyo it is already Saturday the 28th.
    const days = daysFrom("2026-11-20", 7);
    const tokyoToday = practiceDayOf(new Date("2026-11-27T16:00:00Z"), "Asia/Tokyo");
    expect(tokyoToday).toBe("2026-11-28");
    expect(currentStreak(days, tokyoToday)).toBe(7);
    // Logging in Tokyo that day continues the same streak.
    expect(currentStreak([...days, tokyoToday], tokyoToday)).toBe(8);
  });

  it("moving west a day behind never counts a day twice", () => {
    const days = daysFrom("2026-11-20", 8); // through the 27th, logged in Tokyo
    const honoluluToday = practiceDayOf(new Date("2026-11-27T08:00:00Z"), "Pacific/Honolulu");
    expect(honoluluToday).toBe("2026-11-26");
    // The 27th is still in the future in Honolulu: not counted, and the streak is not broken.
    expect(currentStreak(days, honoluluToday)).toBe(7);
  });
});
