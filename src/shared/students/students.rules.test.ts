import { describe, expect, it } from "vitest";
import {
  hasDuplicates,
  isCalendarDate,
  isFutureCompletionDate,
  latestCompletionDate,
  linesToList,
  listToLines,
  studentFullName,
} from "./students.rules";

describe("linesToList: one item per line, trimmed, blank lines dropped", () => {
  it.each([
    ["", []],
    ["   ", []],
    ["\n\n", []],
    ["Scales", ["Scales"]],
    ["  Scales  ", ["Scales"]],
    ["Scales\nArpeggios", ["Scales", "Arpeggios"]],
    ["Scales\n\n  \nArpeggios\n", ["Scales", "Arpeggios"]],
    ["Scales\r\nArpeggios\rSight-reading", ["Scales", "Arpeggios", "Sight-reading"]],
    ["\tTabbed\t\n", ["Tabbed"]],
    ["Same\nSame", ["Same", "Same"]],
    ["Bach, Minuet in G", ["Bach, Minuet in G"]],
  ])("%j → %j", (text, list) => {
    expect(linesToList(text)).toEqual(list);
  });
});

describe("listToLines", () => {
  it.each([
    [[], ""],
    [["Scales"], "Scales"],
    [["Scales", "Arpeggios"], "Scales\nArpeggios"],
  ])("%j → %j", (list, text) => {
    expect(listToLines(list)).toBe(text);
  });

  it.each([[[]], [["One"]], [["One", "Two", "Three"]]])("round-trips %j", (list) => {
    expect(linesToList(listToLines(list))).toEqual(list);
  });
});

describe("isCalendarDate", () => {
  it.each([
    ["2024-02-29", true],
    ["2023-02-28", true],
    ["1900-01-01", true],
    ["2023-02-29", false],
    ["2024-04-31", false],
    ["2024-13-01", false],
    ["2024-00-10", false],
    ["1899-12-31", false],
    ["0000-01-01", false],
    ["2024-1-5", false],
    ["2024-01-05T00:00:00Z", false],
    ["05/01/2024", false],
    ["", false],
  ])("%s → %s", (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });
});

describe("latestCompletionDate is today in the first time zone to reach it (UTC+14)", () => {
  it.each([
    ["2024-06-10T00:00:00Z", "2024-06-10"],
    ["2024-06-10T09:59:59Z", "2024-06-10"],
    ["2024-06-10T10:00:00Z", "2024-06-11"],
    ["2024-12-31T23:00:00Z", "2025-01-01"],
  ])("at %s → %s", (now, expected) => {
    expect(latestCompletionDate(new Date(now))).toBe(expected);
  });
});

describe("isFutureCompletionDate", () => {
  const now = new Date("2024-06-10T12:00:00Z"); // already 2024-06-11 in UTC+14
  it.each([
    ["2020-01-01", false],
    ["2024-06-10", false],
    ["2024-06-11", false],
    ["2024-06-12", true],
    ["2025-01-01", true],
  ])("%s → %s", (value, expected) => {
    expect(isFutureCompletionDate(value, now)).toBe(expected);
  });
});

describe("hasDuplicates", () => {
  it.each([
    [[], false],
    [["Jazz"], false],
    [["Jazz", "Pop"], false],
    [["Jazz", "Pop", "Jazz"], true],
  ])("%j → %s", (list, expected) => {
    expect(hasDuplicates(list)).toBe(expected);
  });
});

describe("studentFullName", () => {
  it("joins first and last name", () => {
    expect(studentFullName({ firstName: "Mia", lastName: "Rivera" })).toBe("Mia Rivera");
  });
});
