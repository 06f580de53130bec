import { describe, expect, it } from "vitest";
import { dayOfWeekAt, isTimeOfDay, MONDAY_FIRST_WEEK, toStoredTime } from "./availability.rules";

describe("dayOfWeekAt (Monday-first display → 0 = Sunday storage)", () => {
  it.each([
    [0, 1, "Monday"],
    [1, 2, "Tuesday"],
    [2, 3, "Wednesday"],
    [3, 4, "Thursday"],
    [4, 5, "Friday"],
    [5, 6, "Saturday"],
    [6, 0, "Sunday"],
  ])("position %i is stored as day %i (%s), as Date.getDay() numbers it", (position, stored, name) => {
    expect(dayOfWeekAt(position)).toBe(stored);
    // 2024-01-01 was a Monday: the same arithmetic on a real calendar agrees.
    expect(new Date(2024, 0, 1 + position).getDay()).toBe(stored);
    expect(MONDAY_FIRST_WEEK[position]).toEqual({ dayOfWeek: stored, name });
  });

  it.each([-1, 7, 1.5, Number.NaN])("refuses position %s", (position) => {
    expect(() => dayOfWeekAt(position)).toThrow(RangeError);
  });

  it("lists every day exactly once", () => {
    expect(new Set(MONDAY_FIRST_WEEK.map((d) => d.dayOfWeek)).size).toBe(7);
  });
});

describe("times of day", () => {
  it.each([
    ["00:00", true],
    ["09:30", true],
    ["23:59", true],
    ["17:00:00", true],
    ["24:00", false],
    ["9:00", false],
    ["12:60", false],
    ["12:00:60", false],
    ["", false],
    ["noon", false],
  ])("isTimeOfDay(%j) is %s", (value, valid) => {
    expect(isTimeOfDay(value)).toBe(valid);
  });

  it.each([
    ["09:00", "09:00:00"],
    ["17:30:15", "17:30:15"],
  ])("toStoredTime(%j) = %j", (value, stored) => {
    expect(toStoredTime(value)).toBe(stored);
  });

  it("refuses to store what is not a time", () => {
    expect(() => toStoredTime("9am")).toThrow(RangeError);
  });
});
