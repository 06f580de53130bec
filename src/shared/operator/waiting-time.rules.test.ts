import { describe, expect, it } from "vitest";
import { waitingTime } from "./waiting-time.rules";

const now = new Date("2026-11-27T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("waitingTime", () => {
  it.each([
    [0, "less than an hour"],
    [59 * MIN, "less than an hour"],
    [HOUR, "1 hour"],
    [23 * HOUR + 59 * MIN, "23 hours"],
    [DAY, "1 day"],
    [2 * DAY - 1, "1 day"],
    [9 * DAY + 5 * HOUR, "9 days"],
  ])("after %i ms says %s", (waited, words) => {
    expect(waitingTime(ago(waited), now)).toBe(words);
  });

  it("reads a time in the future (clock skew) as no wait", () => {
    expect(waitingTime(new Date(now.getTime() + HOUR), now)).toBe("less than an hour");
  });
});
