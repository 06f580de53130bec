import { describe, expect, it } from "vitest";
import {
  cancellationChargeCents,
  cancellationOutcome,
  cancellationSettingsSchema,
  freeCancellationUntil,
  LESSON_STARTED_MESSAGE,
  NOTICE_HOURS_MESSAGE,
} from "./cancellation.rules";

const START = new Date("2026-12-01T17:00:00.000Z");
const before = (ms: number) => new Date(START.getTime() - ms);
const H = 3_600_000;

describe("cancellationOutcome", () => {
  it.each([
    // by, now, notice hours, allowed, late, credit
    ["parent", before(48 * H), 24, true, false, true],
    ["parent", before(24 * H), 24, true, false, true], // exactly 24 h before: on time
    ["parent", before(24 * H - 1), 24, true, true, false], // 1 ms later: late
    ["parent", before(1), 24, true, true, false],
    ["parent", before(0), 24, false, true, false], // at the start: attendance, not a cancel
    ["parent", before(-30 * 60_000), 24, false, true, false],
    ["teacher", before(48 * H), 24, true, false, true],
    ["teacher", before(2 * H), 24, true, true, true], // teacher cancel always credits
    ["teacher", before(0), 24, false, true, false],
    ["parent", before(1), 0, true, false, true], // no notice required
    ["parent", before(168 * H), 168, true, false, true],
    ["parent", before(167 * H), 168, true, true, false],
    ["parent", before(5 * H), 4, true, false, true],
  ] as const)("%s at start-%o ms with %i h notice", (by, now, noticeHours, allowed, late, creditIssued) => {
    expect(cancellationOutcome({ by, startsAt: START, now, noticeHours })).toMatchObject({ allowed, late, creditIssued });
  });

  it("says why a started lesson cannot be cancelled", () => {
    expect(cancellationOutcome({ by: "parent", startsAt: START, now: START, noticeHours: 24 }).message).toBe(LESSON_STARTED_MESSAGE);
  });

  it("names the last on-time instant", () => {
    expect(freeCancellationUntil(START, 24).toISOString()).toBe("2026-11-30T17:00:00.000Z");
  });
});

describe("cancellationSettingsSchema", () => {
  it.each([
    [{}, 24],
    [{ noticeHours: 0 }, 0],
    [{ noticeHours: 48 }, 48],
    [{ noticeHours: 168 }, 168],
    [{ noticeHours: 169 }, NOTICE_HOURS_MESSAGE],
    [{ noticeHours: -1 }, NOTICE_HOURS_MESSAGE],
    [{ noticeHours: 1.5 }, NOTICE_HOURS_MESSAGE],
    [{ noticeHours: "24" }, NOTICE_HOURS_MESSAGE],
  ])("%o → %o", (input, expected) => {
    const result = cancellationSettingsSchema.safeParse(input);
    expect(result.success ? result.data.noticeHours : result.error.issues[0]!.message).toBe(expected);
  });
});

describe("cancellationChargeCents (issue 28)", () => {
  const base = { by: "parent" as const, late: true, status: "accepted", priceCents: 6001 };
  it.each([
    [{ ...base, policy: "full" as const }, 6001],
    [{ ...base, policy: "half" as const }, 3000],
    [{ ...base, policy: "none" as const }, null],
    [{ ...base, late: false, policy: "full" as const }, null],
    [{ ...base, by: "teacher" as const, policy: "full" as const }, null],
    [{ ...base, status: "pending", policy: "full" as const }, null],
    [{ ...base, priceCents: null, policy: "full" as const }, null],
    [{ ...base, priceCents: 1, policy: "half" as const }, null],
  ])("%o → %o", (input, expected) => {
    expect(cancellationChargeCents(input)).toBe(expected);
  });
});
