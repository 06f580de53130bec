import { describe, expect, it } from "vitest";
import { expiryStarts, isExpired, isRequestExpired, pendingExpiresAt, requestAnswerBy, waitingRequestsFirst } from "./pending-expiry.rules";

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

describe("isRequestExpired", () => {
  const created = "2030-01-10T12:00:00.000Z";
  it.each([
    ["pending", "2030-01-20T12:00:00.000Z", "2030-01-11T12:00:00.000Z", false],
    ["pending", "2030-01-20T12:00:00.000Z", "2030-01-13T12:00:00.000Z", true], // 72 h unanswered
    ["pending", "2030-01-11T09:00:00.000Z", "2030-01-11T09:00:00.000Z", true], // its time came
    ["accepted", "2030-01-11T09:00:00.000Z", "2030-01-12T09:00:00.000Z", false],
    ["declined", "2030-01-11T09:00:00.000Z", "2030-01-12T09:00:00.000Z", false],
  ])("%s starting %s, at %s → %s", (status, startsAt, now, expired) => {
    expect(isRequestExpired({ status, createdAt: created, startsAt }, new Date(now))).toBe(expired);
  });
});

describe("expiryStarts", () => {
  it("gives a series' lessons the first pending lesson's start, and a single lesson its own", () => {
    const rows = [
      { id: "a", status: "pending", seriesId: "s1", startsAt: "2030-01-17T12:00:00.000Z" },
      { id: "b", status: "pending", seriesId: "s1", startsAt: "2030-01-10T12:00:00.000Z" },
      { id: "c", status: "cancelled", seriesId: "s1", startsAt: "2030-01-03T12:00:00.000Z" },
      { id: "d", status: "pending", seriesId: null, startsAt: "2030-01-05T12:00:00.000Z" },
    ];
    const starts = expiryStarts(rows);
    expect(rows.map((row) => starts.get(row)!.toISOString())).toEqual([
      "2030-01-10T12:00:00.000Z",
      "2030-01-10T12:00:00.000Z",
      "2030-01-10T12:00:00.000Z",
      "2030-01-05T12:00:00.000Z",
    ]);
  });

  it("expires a whole series when its first lesson's time comes, even with later lessons weeks away", () => {
    const rows = [
      { status: "pending", seriesId: "s1", createdAt: "2030-01-09T12:00:00.000Z", startsAt: "2030-01-10T12:00:00.000Z" },
      { status: "pending", seriesId: "s1", createdAt: "2030-01-09T12:00:00.000Z", startsAt: "2030-01-17T12:00:00.000Z" },
    ];
    const starts = expiryStarts(rows);
    const now = new Date("2030-01-10T12:00:00.000Z");
    expect(rows.map((row) => isRequestExpired({ ...row, startsAt: starts.get(row)! }, now))).toEqual([true, true]);
    expect(rows.map((row) => isRequestExpired(row, now))).toEqual([true, false]);
  });
});

describe("by when the teacher answers a request just made (issue 41)", () => {
  it("is 72 hours after it, or the first lesson's start when sooner; a weekly series answers by its first lesson", () => {
    const created = "2026-11-22T12:00:00.000Z";
    expect(requestAnswerBy([{ createdAt: created, startsAt: "2026-12-01T15:00:00.000Z" }]).toISOString()).toBe("2026-11-25T12:00:00.000Z");
    expect(requestAnswerBy([{ createdAt: created, startsAt: "2026-11-23T09:00:00.000Z" }]).toISOString()).toBe("2026-11-23T09:00:00.000Z");
    const series = ["2026-11-30T09:00:00.000Z", "2026-11-23T10:00:00.000Z", "2026-12-07T09:00:00.000Z"].map((startsAt) => ({ createdAt: created, startsAt }));
    expect(requestAnswerBy(series).toISOString()).toBe("2026-11-23T10:00:00.000Z");
  });
});

describe("waitingRequestsFirst (issue 41)", () => {
  const now = new Date("2026-11-29T12:00:00Z");
  const created = "2026-11-29T10:00:00Z";
  it("puts the requests still waiting first, soonest on top, then the rest in the given order", () => {
    const list = [
      { id: "later", status: "pending", createdAt: created, startsAt: "2026-12-02T15:00:00Z" },
      { id: "accepted", status: "accepted", createdAt: created, startsAt: "2026-11-30T15:00:00Z" },
      { id: "flagged", status: "pending", expired: true, createdAt: created, startsAt: "2026-11-30T16:00:00Z" },
      { id: "soon", status: "pending", createdAt: created, startsAt: "2026-11-30T15:00:00Z" },
      { id: "passed", status: "pending", createdAt: created, startsAt: "2026-11-29T11:00:00Z" },
    ];
    expect(waitingRequestsFirst(list, now).map((r) => r.id)).toEqual(["soon", "later", "accepted", "flagged", "passed"]);
  });
});
