import { describe, expect, it } from "vitest";
import { isIanaTimeZone } from "./time-zone.rules";

describe("isIanaTimeZone", () => {
  it.each([
    ["America/New_York", true],
    ["Europe/Paris", true],
    ["Asia/Kolkata", true],
    ["Asia/Calcutta", true],
    ["America/Argentina/Buenos_Aires", true],
    ["UTC", true],
    ["Mars/Olympus_Mons", false],
    ["EST", false],
    ["", false],
    ["../../etc/passwd", false],
    ["america/new_york ", false],
  ])("%j → %s", (zone, expected) => {
    expect(isIanaTimeZone(zone)).toBe(expected);
  });
});

describe("isIanaTimeZone, asked again", () => {
  it("gives the same answers the second time (an accepted alias is remembered, an unknown zone never is)", () => {
    for (let i = 0; i < 2; i++) {
      expect(isIanaTimeZone("Asia/Calcutta")).toBe(true);
      expect(isIanaTimeZone("US/Pacific")).toBe(true);
      expect(isIanaTimeZone("Mars/Olympus_Mons")).toBe(false);
    }
  });
});
