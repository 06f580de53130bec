import { describe, expect, it } from "vitest";
import { usStateCode } from "./us-states.rules";

describe("usStateCode", () => {
  it.each([
    ["TX", "TX"],
    [" tx ", "TX"],
    ["Texas", "TX"],
    ["new york", "NY"],
    ["District of Columbia", "DC"],
    ["Ontario", ""],
    ["", ""],
    ["T", ""],
  ])("%j → %j", (value, code) => {
    expect(usStateCode(value)).toBe(code);
  });
});
