import { describe, expect, it } from "vitest";
import { centsToDollarsText, formatMoney, lateCancelChargeCents, lateCancelReason, lineAmount, parseDollars, suggestedLessonPrice, sumCents } from "./money.rules";

describe("formatMoney", () => {
  it.each([
    [0, "$0.00 USD"],
    [5, "$0.05 USD"],
    [6000, "$60.00 USD"],
    [123450, "$1,234.50 USD"],
    [100_000_000, "$1,000,000.00 USD"],
    [-2599, "-$25.99 USD"],
  ])("%i cents → %s", (cents, text) => expect(formatMoney(cents)).toBe(text));
});

describe("parseDollars and centsToDollarsText", () => {
  it.each([
    ["60", 6000],
    ["60.5", 6050],
    ["60.05", 6005],
    ["$1,000.00", 100000],
    [" 0.10 ", 10],
    // 0.1 + 0.2 in floating point is 0.30000000000000004: read digit by digit, never as a float.
    ["0.30", 30],
  ])("%s → %i cents", (text, cents) => expect(parseDollars(text)).toBe(cents));
  it.each(["", "abc", "1.234", "-5", "1,00", "1e3", "$", "12.3.4"])("%j is not an amount", (text) => expect(parseDollars(text)).toBeNull());
  it("round-trips", () => {
    for (const cents of [0, 1, 99, 100, 6050, 123456]) expect(parseDollars(centsToDollarsText(cents))).toBe(cents);
  });
});

describe("totals and lines", () => {
  it("a total is the exact sum of its lines, with no floating-point drift", () => {
    const lines = Array.from({ length: 1000 }, () => 10); // 1,000 × $0.10
    expect(sumCents(lines)).toBe(10000);
    expect(sumCents([])).toBe(0);
    expect(sumCents([6000, 7550, 3000, lineAmount(2, 1299)])).toBe(19148);
  });
  it("a line is quantity × unit price", () => {
    expect(lineAmount(3, 1299)).toBe(3897);
    expect(lineAmount(1, 0)).toBe(0);
  });
});

describe("late cancellation", () => {
  it.each([
    [6000, "none", 0],
    [6000, "half", 3000],
    [6000, "full", 6000],
    // Half of an odd number of cents rounds down: the family never pays more than the policy says.
    [7555, "half", 3777],
    [1, "half", 0],
    [0, "full", 0],
  ] as const)("%i cents under %s → %i", (price, policy, charge) => expect(lateCancelChargeCents(price, policy)).toBe(charge));

  it("cites the rule that applied, in whole hours before the start (rounded down)", () => {
    const startsAt = new Date("2026-03-12T20:00:00Z");
    expect(lateCancelReason({ cancelledAt: new Date("2026-03-12T00:00:00Z"), startsAt, noticeHours: 24, chargeCents: 3000, priceCents: 6000 })).toBe(
      "Cancelled 20 h before; the policy charges cancellations within 24 h (half price)",
    );
    expect(lateCancelReason({ cancelledAt: new Date("2026-03-11T20:01:00Z"), startsAt, noticeHours: 24, chargeCents: 6000, priceCents: 6000 })).toBe(
      "Cancelled 23 h before; the policy charges cancellations within 24 h (full price)",
    );
    // Cancelled after the start reads 0 h, never negative.
    expect(lateCancelReason({ cancelledAt: new Date("2026-03-12T20:30:00Z"), startsAt, noticeHours: 48, chargeCents: 10, priceCents: 20 })).toMatch(/^Cancelled 0 h before; .* 48 h/);
  });
});

describe("suggestedLessonPrice", () => {
  it("prefers the family's last agreed price, else the low end of the range for the lesson's length", () => {
    expect(suggestedLessonPrice({ lastAgreedCents: 5500, hourlyRateMin: 60, minutes: 60 })).toBe(5500);
    expect(suggestedLessonPrice({ lastAgreedCents: null, hourlyRateMin: 60, minutes: 60 })).toBe(6000);
    expect(suggestedLessonPrice({ lastAgreedCents: null, hourlyRateMin: 65, minutes: 45 })).toBe(4875);
    expect(suggestedLessonPrice({ lastAgreedCents: null, hourlyRateMin: 7, minutes: 7 })).toBe(81);
    expect(suggestedLessonPrice({ lastAgreedCents: null, hourlyRateMin: 5000, minutes: 60 })).toBe(100_000);
  });
});
