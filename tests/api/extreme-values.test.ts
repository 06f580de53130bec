import { describe, expect, it } from "vitest";
import { extremeValueBodies, isDateLike } from "./extreme-values";

describe("extremeValueBodies", () => {
  it("breaks every string field, and gives date-like fields extreme dates, leaving others alone", () => {
    const bodies = extremeValueBodies({ name: "Mia", startTimes: ["2030-01-14T14:00:00.000Z"], month: "2030-01", age: 9, ok: true });
    const labels = bodies.map((b) => b.label);
    expect(labels).toEqual([
      'name = "a\\u0000b"',
      'name = "\\ud800"',
      'startTimes = ["a\\u0000b"]',
      'startTimes = ["\\ud800"]',
      'startTimes = ["9999-12-31"]',
      'startTimes = ["0000-01-01"]',
      'startTimes = ["9999-12-31T23:59:59Z"]',
      'startTimes = ["2026-02-30T00:00:00Z"]',
      'startTimes = ["2026-13-01T00:00:00Z"]',
      'month = "a\\u0000b"',
      'month = "\\ud800"',
      'month = "9999-12-31"',
      'month = "0000-01-01"',
      'month = "9999-12-31T23:59:59Z"',
      'month = "2026-02-30T00:00:00Z"',
      'month = "2026-13-01T00:00:00Z"',
    ]);
    // The broken text survives the JSON round trip the server will see.
    expect(JSON.parse(bodies[1]!.body).name).toBe("\ud800");
    expect(JSON.parse(bodies[0]!.body)).toEqual({ name: "a\u0000b", startTimes: ["2030-01-14T14:00:00.000Z"], month: "2030-01", age: 9, ok: true });
  });

  it.each([
    ["2030-01", true],
    ["2030-01-14", true],
    ["2030-01-14T14:00:00.000Z", true],
    ["2030-01-14T14:00+02:00", true],
    ["Mia", false],
    ["10:00", false],
    [12, false],
  ])("isDateLike(%j) is %s", (value, expected) => {
    expect(isDateLike(value)).toBe(expected);
  });
});
