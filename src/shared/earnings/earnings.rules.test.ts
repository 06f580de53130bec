import { describe, expect, it } from "vitest";
import {
  formatAmount,
  formatTally,
  lessonAmount,
  lessonOutcome,
  monthLabel,
  monthOf,
  summarize,
  type StatementLessonInput,
} from "./earnings.rules";

const NOW = new Date("2026-11-22T12:00:00.000Z");
function lesson(overrides: Partial<StatementLessonInput> & { startsAt: Date }): StatementLessonInput {
  return { status: "accepted", attendance: null, bookingType: "full", lateCancel: null, cancelledBy: null, priceCents: 5050, cancelChargeCents: null, ...overrides };
}

describe("lessonOutcome", () => {
  const past = new Date("2026-11-01T15:00:00Z");
  const future = new Date("2026-12-01T15:00:00Z");
  it.each([
    ["accepted, attended", { status: "accepted", attendance: "attended", startsAt: past }, "attended"],
    ["accepted, missed", { status: "accepted", attendance: "missed", startsAt: past }, "missed"],
    ["accepted, past, not marked", { status: "accepted", attendance: null, startsAt: past }, "unmarked"],
    ["accepted, in the future", { status: "accepted", attendance: null, startsAt: future }, "upcoming"],
    ["accepted, starting exactly now (begun)", { status: "accepted", attendance: null, startsAt: NOW }, "unmarked"],
    ["accepted, 1 ms ahead", { status: "accepted", attendance: null, startsAt: new Date(NOW.getTime() + 1) }, "upcoming"],
    ["cancelled in the future", { status: "cancelled", attendance: null, startsAt: future }, "cancelled"],
    ["cancelled in the past", { status: "cancelled", attendance: null, startsAt: past }, "cancelled"],
    ["pending", { status: "pending", attendance: null, startsAt: future }, null],
    ["declined", { status: "declined", attendance: null, startsAt: future }, null],
    ["expired", { status: "expired", attendance: null, startsAt: past }, null],
  ] as const)("%s → %s", (_label, input, outcome) => {
    expect(lessonOutcome(input, NOW)).toBe(outcome);
  });
});

describe("lessonAmount (the stored price; a cancelled lesson only its charge)", () => {
  it.each([
    ["attended", { priceCents: 5050, cancelChargeCents: null }, 5050],
    ["missed", { priceCents: 5050, cancelChargeCents: null }, 5050],
    ["unmarked", { priceCents: 0, cancelChargeCents: null }, 0],
    ["upcoming", { priceCents: 100_000, cancelChargeCents: null }, 100_000],
    ["cancelled", { priceCents: 5050, cancelChargeCents: null }, null],
    ["cancelled", { priceCents: 5050, cancelChargeCents: 2525 }, 2525],
    // A deleted teacher's lesson from before prices existed (issue 26, 28).
    ["attended", { priceCents: null, cancelChargeCents: null }, null],
  ] as const)("%s %j → %s", (outcome, input, amount) => {
    expect(lessonAmount(outcome, input)).toBe(amount);
  });
});

describe("monthOf (the statement's zone decides the month)", () => {
  it.each([
    // 23:30 on Jan 31 in New York is 04:30 on Feb 1 UTC: January for a New York teacher.
    ["2026-02-01T04:30:00Z", "America/New_York", "2026-01"],
    ["2026-02-01T04:30:00Z", "UTC", "2026-02"],
    // 00:30 on Mar 1 in London (still GMT) is Mar 1; 23:30 Feb 28 UTC is Mar 1 in Tokyo.
    ["2026-03-01T00:30:00Z", "Europe/London", "2026-03"],
    ["2026-02-28T23:30:00Z", "Asia/Tokyo", "2026-03"],
    ["2026-02-28T23:30:00Z", "America/Los_Angeles", "2026-02"],
    // New Year's Eve in New York on the first of January UTC.
    ["2027-01-01T03:00:00Z", "America/New_York", "2026-12"],
    // Summer time: 23:30 on Jun 30 in London is 22:30 UTC.
    ["2026-06-30T22:30:00Z", "Europe/London", "2026-06"],
    ["2026-06-30T23:30:00Z", "Europe/London", "2026-07"],
  ])("%s in %s → %s", (instant, zone, month) => {
    expect(monthOf(new Date(instant), zone)).toBe(month);
  });
});

describe("summarize", () => {
  it("counts as late only the family's late cancellations, not the teacher's (issue 41)", () => {
    const march = (day: number) => new Date(`2026-03-${day}T15:00:00Z`);
    const { totals } = summarize(
      [
        lesson({ startsAt: march(10), status: "cancelled", lateCancel: true, cancelledBy: "parent" }),
        lesson({ startsAt: march(11), status: "cancelled", lateCancel: true, cancelledBy: "teacher" }),
        lesson({ startsAt: march(12), status: "cancelled", lateCancel: false, cancelledBy: "parent" }),
      ],
      "America/New_York",
      NOW,
    );
    expect([totals.cancelled.count, totals.lateCancels]).toEqual([3, 1]);
  });

  it("buckets by month in the zone, sums each outcome's stored prices, and totals are the sums of the lessons", () => {
    const lessons: StatementLessonInput[] = [
      // January in New York although February in UTC.
      lesson({ startsAt: new Date("2026-02-01T04:30:00Z"), attendance: "attended" }),
      lesson({ startsAt: new Date("2026-01-10T15:00:00Z"), attendance: "missed", priceCents: 4999 }),
      lesson({ startsAt: new Date("2026-01-12T15:00:00Z"), bookingType: "intro", attendance: "attended", priceCents: 0 }),
      lesson({ startsAt: new Date("2026-02-10T15:00:00Z"), status: "cancelled", lateCancel: true, cancelledBy: "parent", cancelChargeCents: 2525 }),
      lesson({ startsAt: new Date("2026-02-11T15:00:00Z"), status: "cancelled", lateCancel: false }),
      lesson({ startsAt: new Date("2026-11-01T15:00:00Z") }),
      lesson({ startsAt: new Date("2026-12-01T15:00:00Z") }),
      lesson({ startsAt: new Date("2026-12-08T15:00:00Z"), priceCents: 8001 }),
      lesson({ startsAt: new Date("2026-12-09T15:00:00Z"), status: "pending", priceCents: null }),
      lesson({ startsAt: new Date("2026-10-09T15:00:00Z"), status: "declined", priceCents: null }),
    ];
    const { months, totals } = summarize(lessons, "America/New_York", NOW);
    expect(months.map((m) => m.month)).toEqual(["2026-01", "2026-02", "2026-11", "2026-12"]);
    const [jan, feb, nov, dec] = months;
    expect(jan!.attended).toEqual({ count: 2, cents: 5050, unpriced: 0 });
    expect(jan!.missed).toEqual({ count: 1, cents: 4999, unpriced: 0 });
    expect(jan!.totalCents).toBe(10_049);
    // The late cancellation charged counts at its charge; the other is not owed.
    expect(feb!.cancelled).toEqual({ count: 2, cents: 2525, unpriced: 0 });
    expect([feb!.lateCancels, feb!.chargedCancels, feb!.totalCents]).toEqual([1, 1, 2525]);
    expect(nov!.unmarked).toEqual({ count: 1, cents: 5050, unpriced: 0 });
    expect(dec!.upcoming).toEqual({ count: 2, cents: 13_051, unpriced: 0 });
    expect(totals).toEqual({
      attended: { count: 2, cents: 5050, unpriced: 0 },
      missed: { count: 1, cents: 4999, unpriced: 0 },
      unmarked: { count: 1, cents: 5050, unpriced: 0 },
      upcoming: { count: 2, cents: 13_051, unpriced: 0 },
      cancelled: { count: 2, cents: 2525, unpriced: 0 },
      lateCancels: 1,
      chargedCancels: 1,
      totalCents: 30_675,
    });
    // The year is the sum of its months.
    expect(months.reduce((sum, m) => sum + m.totalCents, 0)).toBe(totals.totalCents);
  });

  it("counts a lesson without a price as unpriced, adding nothing", () => {
    const { totals } = summarize([lesson({ startsAt: new Date("2026-01-10T15:00:00Z"), attendance: "attended", priceCents: null })], "UTC", NOW);
    expect(totals.attended).toEqual({ count: 1, cents: 0, unpriced: 1 });
    expect(formatTally("attended", totals.attended)).toBe("$0.00 USD + 1 price unknown");
  });

  it("is empty with no lessons", () => {
    const { months, totals } = summarize([], "UTC", NOW);
    expect(months).toEqual([]);
    expect(totals.attended).toEqual({ count: 0, cents: 0, unpriced: 0 });
    expect(totals.totalCents).toBe(0);
  });
});

describe("labels", () => {
  it.each([
    ["attended", 6000, "$60.00 USD"],
    ["upcoming", 0, "$0.00 USD"],
    ["cancelled", null, "Not owed"],
    ["cancelled", 3000, "$30.00 USD"],
    // Owed, but no price is known (a deleted teacher's lesson from before prices existed).
    ["attended", null, "Price unknown"],
  ] as const)("formatAmount(%s, %j) = %s", (outcome, amount, text) => {
    expect(formatAmount(outcome, amount)).toBe(text);
  });
  it.each([
    ["attended", { count: 3, cents: 123_450, unpriced: 0 }, "$1,234.50 USD"],
    ["cancelled", { count: 2, cents: 0, unpriced: 0 }, "Not owed"],
    ["cancelled", { count: 2, cents: 3000, unpriced: 0 }, "$30.00 USD"],
  ] as const)("formatTally(%s, %j) = %s", (outcome, tally, text) => {
    expect(formatTally(outcome, tally)).toBe(text);
  });
  it("monthLabel names the month whatever the runtime's zone", () => {
    expect(monthLabel("2026-01")).toBe("January 2026");
    expect(monthLabel("2026-12")).toBe("December 2026");
  });
});
