import { describe, expect, it } from "vitest";
import { isExpired, pendingExpiresAt } from "./pending-expiry.rules";

const H = 3_600_000;
const CREATED = new Date("2026-11-22T12:00:00.000Z");
const after = (ms: number) => new Date(CREATED.getTime() + ms);

describe("pending request expiry", () => {
  it.each([
    // lesson starts, now, expired
    ["lesson in a week, just made", after(168 * H), after(0), false],
    ["lesson in a week, 72 h less 1 ms later", after(168 * H), after(72 * H - 1), false],
    ["lesson in a week, exactly 72 h later", after(168 * H), after(72 * H), true],
    ["lesson in a week, 4 days later", after(168 * H), after(96 * H), true],
    ["lesson tomorrow, 1 ms before it", after(24 * H), after(24 * H - 1), false],
    ["lesson tomorrow, at its start", after(24 * H), after(24 * H), true],
    ["lesson tomorrow, after it", after(24 * H), after(30 * H), true],
    ["lesson already past when made", after(-H), after(0), true],
  ])("%s → %s", (_name, startsAt, now, expired) => {
    expect(isExpired(CREATED, startsAt, now)).toBe(expired);
  });

  it.each([
    [after(168 * H), "2026-11-25T12:00:00.000Z"],
    [after(24 * H), "2026-11-23T12:00:00.000Z"],
    [after(72 * H), "2026-11-25T12:00:00.000Z"],
  ])("expires at the earlier of 72 h and the start (%s)", (startsAt, expected) => {
    expect(pendingExpiresAt(CREATED, startsAt).toISOString()).toBe(expected);
  });
});
