import { describe, expect, it } from "vitest";
import {
  formatAmount,
  formatValue,
  isOwed,
  lessonAmount,
  lessonOutcome,
  lessonValue,
  monthLabel,
  monthOf,
  summarize,
  type StatementLessonInput,
} from "./earnings.rules";

const NOW = new Date("2026-11-22T12:00:00.000Z");
const RATE = { min: 50, max: 70 };

function lesson(overrides: Partial<StatementLessonInput> & { startsAt: Date }): StatementLessonInput {
  return { status: "accepted", attendance: null, bookingType: "full", lateCancel: null, rate: RATE, ...overrides };
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

describe("lessonValue", () => {
  it("a full lesson is 60 minutes at the hourly rate, both ends of the range", () => {
    expect(lessonValue("full", { min: 50, max: 70 })).toEqual({ min: 50, max: 70 });
    expect(lessonValue("full", { min: 0, max: 0 })).toEqual({ min: 0, max: 0 });
  });
  it("an intro call is free", () => {
    expect(lessonValue("intro", { min: 50, max: 70 })).toEqual({ min: 0, max: 0 });
  });
});

describe("lessonAmount (a cancelled lesson is not owed)", () => {
  it.each([
    ["attended", "full", { min: 50, max: 70 }],
    ["missed", "full", { min: 50, max: 70 }],
    ["unmarked", "full", { min: 50, max: 70 }],
    ["upcoming", "full", { min: 50, max: 70 }],
    ["upcoming", "intro", { min: 0, max: 0 }],
    ["cancelled", "full", null],
    ["cancelled", "intro", null],
  ] as const)("%s %s lesson → %j", (outcome, bookingType, amount) => {
    expect(lessonAmount(outcome, bookingType, RATE)).toEqual(amount);
    expect(isOwed(outcome)).toBe(outcome !== "cancelled");
  });

  it("a lesson whose teacher deleted their account has no rate, so no value (issue 26)", () => {
    expect(lessonAmount("attended", "full", null)).toBeNull();
    expect(lessonAmount("cancelled", "full", null)).toBeNull();
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
  it("buckets by month in the zone, values each outcome, and totals them; uncounted bookings are left out", () => {
    const lessons: StatementLessonInput[] = [
      // January in New York although February in UTC.
      lesson({ startsAt: new Date("2026-02-01T04:30:00Z"), attendance: "attended" }),
      lesson({ startsAt: new Date("2026-01-10T15:00:00Z"), attendance: "missed" }),
      lesson({ startsAt: new Date("2026-01-12T15:00:00Z"), bookingType: "intro", attendance: "attended" }),
      lesson({ startsAt: new Date("2026-02-10T15:00:00Z"), status: "cancelled", lateCancel: true }),
      lesson({ startsAt: new Date("2026-02-11T15:00:00Z"), status: "cancelled", lateCancel: false }),
      lesson({ startsAt: new Date("2026-11-01T15:00:00Z") }),
      lesson({ startsAt: new Date("2026-12-01T15:00:00Z") }),
      lesson({ startsAt: new Date("2026-12-08T15:00:00Z"), rate: { min: 80, max: 80 } }),
      lesson({ startsAt: new Date("2026-12-09T15:00:00Z"), status: "pending" }),
      lesson({ startsAt: new Date("2026-10-09T15:00:00Z"), status: "declined" }),
    ];
    const { months, totals } = summarize(lessons, "America/New_York", NOW);
    expect(months.map((m) => m.month)).toEqual(["2026-01", "2026-02", "2026-11", "2026-12"]);
    const [jan, feb, nov, dec] = months;
    expect(jan!.attended).toEqual({ count: 2, min: 50, max: 70 });
    expect(jan!.missed).toEqual({ count: 1, min: 50, max: 70 });
    // Counted, never valued: a cancelled lesson is not owed.
    expect(feb!.cancelled).toEqual({ count: 2, min: 0, max: 0 });
    expect(feb!.lateCancels).toBe(1);
    expect(nov!.unmarked).toEqual({ count: 1, min: 50, max: 70 });
    expect(dec!.upcoming).toEqual({ count: 2, min: 130, max: 150 });
    expect(totals).toEqual({
      attended: { count: 2, min: 50, max: 70 },
      missed: { count: 1, min: 50, max: 70 },
      unmarked: { count: 1, min: 50, max: 70 },
      upcoming: { count: 2, min: 130, max: 150 },
      cancelled: { count: 2, min: 0, max: 0 },
      lateCancels: 1,
    });
  });

  it("is empty with no lessons", () => {
    const { months, totals } = summarize([], "UTC", NOW);
    expect(months).toEqual([]);
    expect(totals.attended).toEqual({ count: 0, min: 0, max: 0 });
  });
});

describe("labels", () => {
  it.each([
    [{ min: 50, max: 70 }, "$50-70"],
    [{ min: 60, max: 60 }, "$60"],
    [{ min: 0, max: 0 }, "$0"],
  ])("formatValue(%j) = %s", (value, text) => {
    expect(formatValue(value)).toBe(text);
  });
  it.each([
    ["attended", { min: 50, max: 70 }, "$50-70"],
    ["upcoming", { min: 0, max: 0 }, "$0"],
    ["cancelled", null, "Not owed"],
    // Even a figure passed for a cancelled lesson is never shown as owed.
    ["cancelled", { min: 120, max: 150 }, "Not owed"],
    // Owed, but the teacher's rate left with their account.
    ["attended", null, "Rate unknown"],
  ] as const)("formatAmount(%s, %j) = %s", (outcome, value, text) => {
    expect(formatAmount(outcome, value)).toBe(text);
  });
  it("monthLabel names the month whatever the runtime's zone", () => {
    expect(monthLabel("2026-01")).toBe("January 2026");
    expect(monthLabel("2026-12")).toBe("December 2026");
  });
});
