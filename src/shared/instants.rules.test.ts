import { describe, expect, it } from "vitest";
import { isRealDay, isRealInstant } from "./instants.rules";

describe("isRealInstant", () => {
  it.each([
    ["2026-02-28T10:00:00Z", true],
    ["2028-02-29T10:00:00Z", true],
    ["2026-12-31T23:59:59.999Z", true],
    ["2026-11-26T09:00:00-05:00", true],
    ["2000-01-01T00:00:00Z", true],
    ["2999-12-31T15:00:00Z", true],
    ["2026-02-29T10:00:00Z", false],
    ["2026-02-30T00:00:00Z", false],
    ["2026-04-31T00:00:00Z", false],
    ["2026-13-01T00:00:00Z", false],
    ["2026-00-10T00:00:00Z", false],
    ["2026-05-00T00:00:00Z", false],
    ["0000-01-01T00:00:00Z", false],
    ["1999-12-31T23:00:00Z", false],
    ["9999-12-31T15:00:00Z", false],
    ["not a date", false],
  ])("%s: %s", (value, expected) => {
    expect(isRealInstant(value)).toBe(expected);
  });

  it("knows leap years (2100 is not one)", () => {
    expect(isRealDay(2024, 2, 29)).toBe(true);
    expect(isRealDay(2100, 2, 29)).toBe(false);
    expect(isRealDay(2000, 2, 29)).toBe(true);
  });
});
