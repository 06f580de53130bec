import { describe, expect, it } from "vitest";
import { timelineOffset, zoneTimeline } from "./slots.rules.zone";

const HOUR = 3600_000;

describe("zoneTimeline", () => {
  it("finds New York's spring and autumn changes to the millisecond", () => {
    const timeline = zoneTimeline("America/New_York", Date.UTC(2026, 2, 1), Date.UTC(2026, 10, 30))!;
    expect(timeline.starts.slice(1).map((start) => new Date(start).toISOString())).toEqual([
      "2026-03-08T07:00:00.000Z",
      "2026-11-01T06:00:00.000Z",
    ]);
    expect(timeline.offsets).toEqual([-5 * HOUR, -4 * HOUR, -5 * HOUR]);
    expect(timelineOffset(timeline, Date.UTC(2026, 2, 8, 6, 59))).toBe(-5 * HOUR);
    expect(timelineOffset(timeline, Date.UTC(2026, 2, 8, 7))).toBe(-4 * HOUR);
  });

  it("is null for a zone the time zone database does not know, every time it is asked", () => {
    expect(zoneTimeline("Mars/Olympus_Mons", Date.UTC(2026, 10, 1), Date.UTC(2026, 11, 1))).toBeNull();
    expect(zoneTimeline("Mars/Olympus_Mons", Date.UTC(2026, 10, 1), Date.UTC(2026, 11, 1))).toBeNull();
  });

  it("is null for a span that is not one", () => {
    expect(zoneTimeline("UTC", Number.NaN, Date.UTC(2026, 11, 1))).toBeNull();
    expect(zoneTimeline("UTC", Date.UTC(2026, 11, 1), Date.UTC(2026, 9, 1))).toBeNull();
  });
});
