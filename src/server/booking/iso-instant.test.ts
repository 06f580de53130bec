import { describe, expect, it } from "vitest";
import { isoInstant } from "./iso-instant";

describe("isoInstant", () => {
  it.each([
    "2026-12-01T14:00:00.000Z",
    "2026-12-01T00:00:00.000Z",
    "2026-12-31T23:59:00.000Z",
    "2028-02-29T12:45:00.000Z",
    "1969-12-31T23:15:00.000Z",
    "1000-01-01T00:00:00.000Z",
    "9999-12-31T23:59:00.000Z",
    // Not whole minutes, or outside four-digit years: the built-in form.
    "2026-12-01T14:00:30.000Z",
    "2026-12-01T14:00:00.250Z",
    "0999-12-31T23:00:00.000Z",
    "+010000-01-01T00:00:00.000Z",
  ])("writes %s as toISOString does", (iso) => {
    expect(isoInstant(new Date(iso))).toBe(iso);
  });

  it("agrees with toISOString on every quarter hour of a year", () => {
    for (let time = Date.UTC(2030, 0, 1); time < Date.UTC(2031, 0, 1); time += 15 * 60_000) {
      const date = new Date(time);
      if (isoInstant(date) !== date.toISOString()) expect(isoInstant(date)).toBe(date.toISOString());
    }
  });
});
