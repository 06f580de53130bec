import { describe, expect, it } from "vitest";
import { availableCredits, creditExpiresAt, creditStatus, creditSummary, creditToUse, type MakeUpCredit } from "./credits.rules";

const DAY = 86_400_000;
const NOW = new Date("2026-11-22T12:00:00.000Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
const credit = (id: string, issuedDaysAgo: number, usedDaysAgo: number | null = null): MakeUpCredit => ({
  id,
  issuedAt: daysAgo(issuedDaysAgo),
  usedAt: usedDaysAgo === null ? null : daysAgo(usedDaysAgo),
});

describe("creditExpiresAt", () => {
  it.each([
    ["2026-11-22T12:00:00.000Z", "2027-03-22T12:00:00.000Z"],
    // 120 days of 24 h even across a DST change: the same instant of day in UTC
    ["2026-10-01T04:00:00.000Z", "2027-01-29T04:00:00.000Z"],
    ["2028-01-01T00:00:00.000Z", "2028-04-30T00:00:00.000Z"], // leap year
  ])("%s → %s", (issued, expires) => {
    expect(creditExpiresAt(new Date(issued)).toISOString()).toBe(expires);
  });
});

describe("creditStatus", () => {
  it.each([
    ["fresh", credit("a", 0), "available"],
    ["119 days old", credit("a", 119), "available"],
    ["1 ms before expiry", { id: "a", issuedAt: new Date(NOW.getTime() - 120 * DAY + 1), usedAt: null }, "available"],
    ["exactly 120 days old", credit("a", 120), "expired"],
    ["200 days old", credit("a", 200), "expired"],
    ["used", credit("a", 30, 10), "used"],
    ["used before expiring, now past expiry", credit("a", 200, 150), "used"],
    ["use dated in the future", credit("a", 30, -1), "available"],
  ])("%s → %s", (_name, c, expected) => {
    expect(creditStatus(c, NOW)).toBe(expected);
  });
});

describe("ledger", () => {
  const ledger = [
    credit("newest", 5),
    credit("used", 60, 20),
    credit("expired", 130),
    credit("oldest-usable", 100),
    credit("middle", 40),
    credit("not-yet-issued", -3),
  ];

  it("lists usable credits oldest first", () => {
    expect(availableCredits(ledger, NOW).map((c) => c.id)).toEqual(["oldest-usable", "middle", "newest"]);
  });

  it("uses the oldest unexpired credit first", () => {
    expect(creditToUse(ledger, NOW)?.id).toBe("oldest-usable");
    // 21 days later the oldest has expired; the next one is used
    expect(creditToUse(ledger, new Date(NOW.getTime() + 21 * DAY))?.id).toBe("middle");
    expect(creditToUse([credit("x", 10, 1)], NOW)).toBeNull();
    expect(creditToUse([], NOW)).toBeNull();
  });

  it("breaks a tie on issue time by id, so the choice is stable", () => {
    expect(creditToUse([credit("b", 10), credit("a", 10)], NOW)?.id).toBe("a");
  });

  it.each([
    [NOW, { issued: 5, used: 1, expired: 1, available: 3 }],
    [new Date(NOW.getTime() + 21 * DAY), { issued: 6, used: 1, expired: 2, available: 3 }],
    [daysAgo(50), { issued: 3, used: 0, expired: 0, available: 3 }],
  ])("summarises the ledger at %s", (now, expected) => {
    expect(creditSummary(ledger, now)).toEqual(expected);
  });
});
