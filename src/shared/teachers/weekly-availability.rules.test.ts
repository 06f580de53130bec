import { describe, expect, it } from "vitest";
import {
  dayName,
  endsAfterStart,
  findOverlap,
  formatTimeOfDay,
  groupByDay,
  minutesOfDay,
  overlapMessage,
  toHourMinute,
  windowsOverlap,
} from "./weekly-availability.rules";

const w = (dayOfWeek: number, startTime: string, endTime: string) => ({ dayOfWeek, startTime, endTime });

describe("windowsOverlap: same day and at least one shared minute", () => {
  it.each([
    // [a, b, overlap]
    [w(1, "09:00", "17:00"), w(1, "09:00", "17:00"), true],
    [w(1, "09:00", "17:00"), w(1, "10:00", "11:00"), true],
    [w(1, "10:00", "11:00"), w(1, "09:00", "17:00"), true],
    [w(1, "09:00", "12:00"), w(1, "11:59", "13:00"), true],
    [w(1, "11:00", "13:00"), w(1, "09:00", "11:01"), true],
    [w(1, "09:00", "12:00"), w(1, "12:00", "13:00"), false],
    [w(1, "12:00", "13:00"), w(1, "09:00", "12:00"), false],
    [w(1, "09:00", "10:00"), w(1, "14:00", "15:00"), false],
    [w(1, "09:00", "17:00"), w(2, "09:00", "17:00"), false],
    [w(0, "00:00", "23:59"), w(6, "00:00", "23:59"), false],
    [w(0, "18:00", "19:00"), w(0, "09:00", "17:00"), false],
    [w(3, "09:00:00", "17:00:00"), w(3, "16:30", "18:00"), true],
  ])("%j and %j → %s", (a, b, expected) => {
    expect(windowsOverlap(a, b)).toBe(expected);
    expect(windowsOverlap(b, a)).toBe(expected);
  });
});

describe("findOverlap", () => {
  const existing = [
    { id: "a", ...w(1, "09:00", "12:00") },
    { id: "b", ...w(1, "13:00", "17:00") },
    { id: "c", ...w(2, "09:00", "17:00") },
  ];
  it.each([
    [w(1, "12:00", "13:00"), undefined],
    [w(1, "11:00", "12:30"), "a"],
    [w(1, "12:30", "13:30"), "b"],
    [w(1, "08:00", "18:00"), "a"],
    [w(2, "16:59", "18:00"), "c"],
    [w(3, "09:00", "17:00"), undefined],
    [w(0, "18:00", "19:00"), undefined],
  ])("%j → %s", (candidate, id) => {
    expect(findOverlap(candidate, existing)?.id).toBe(id);
  });

  it("finds nothing among no windows", () => {
    expect(findOverlap(w(1, "09:00", "10:00"), [])).toBeUndefined();
  });
});

describe("endsAfterStart", () => {
  it.each([
    ["09:00", "17:00", true],
    ["09:00", "09:01", true],
    ["09:00", "09:00", false],
    ["17:00", "09:00", false],
    ["00:00", "23:59", true],
    ["23:59", "00:00", false],
  ])("%s-%s → %s", (startTime, endTime, expected) => {
    expect(endsAfterStart({ startTime, endTime })).toBe(expected);
  });
});

describe("time helpers", () => {
  it.each([
    ["00:00", 0],
    ["09:30", 570],
    ["17:00:00", 1020],
    ["23:59", 1439],
  ])("minutesOfDay(%s) = %i", (time, minutes) => {
    expect(minutesOfDay(time)).toBe(minutes);
  });

  it.each([
    ["09:00:00", "09:00"],
    ["17:30", "17:30"],
  ])("toHourMinute(%s) = %s", (time, short) => {
    expect(toHourMinute(time)).toBe(short);
  });

  it.each([
    ["00:00", "12:00 AM"],
    ["00:05", "12:05 AM"],
    ["09:00", "9:00 AM"],
    ["11:59", "11:59 AM"],
    ["12:00", "12:00 PM"],
    ["13:05", "1:05 PM"],
    ["17:00:00", "5:00 PM"],
    ["23:59", "11:59 PM"],
  ])("formatTimeOfDay(%s) = %s", (time, text) => {
    expect(formatTimeOfDay(time)).toBe(text);
  });
});

describe("day names (0 = Sunday, decisions.md)", () => {
  it.each([
    [0, "Sunday"],
    [1, "Monday"],
    [6, "Saturday"],
  ])("%i → %s", (day, name) => {
    expect(dayName(day)).toBe(name);
    expect(overlapMessage(day)).toBe(`This time overlaps another window on ${name}.`);
  });
});

describe("groupByDay", () => {
  it("groups Sunday first, orders each day by start time, and leaves empty days out", () => {
    const windows = [
      { id: "mon-late", ...w(1, "13:00", "15:00") },
      { id: "sat", ...w(6, "10:00", "11:00") },
      { id: "mon-early", ...w(1, "09:00", "12:00") },
      { id: "sun", ...w(0, "18:00", "19:00") },
    ];
    expect(groupByDay(windows).map((g) => [g.day, g.windows.map((x) => x.id)])).toEqual([
      [0, ["sun"]],
      [1, ["mon-early", "mon-late"]],
      [6, ["sat"]],
    ]);
  });

  it("gives nothing for no windows", () => {
    expect(groupByDay([])).toEqual([]);
  });
});
