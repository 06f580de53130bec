import { describe, expect, it } from "vitest";
import { anyOverlap, groupByViewerDay, monthRange, openSlots, type SlotWindow } from "./slots.rules";

const NY = "America/New_York";
const everyDay = (start: string, end: string): SlotWindow[] =>
  [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, startTime: start, endTime: end, format: "both" }));
const iso = (d: Date) => d.toISOString();

describe("openSlots", () => {
  const base = {
    windows: everyDay("09:00:00", "11:00:00"),
    teacherTimeZone: NY,
    from: new Date("2030-01-14T05:00:00Z"), // Monday 00:00 in New York
    to: new Date("2030-01-15T05:00:00Z"),
    now: new Date("2029-12-01T00:00:00Z"),
    taken: [],
  };

  it("steps every 60 minutes for a full lesson, the whole lesson inside the window", () => {
    expect(openSlots({ ...base, bookingType: "full" }).map((s) => iso(s.startsAt))).toEqual([
      "2030-01-14T14:00:00.000Z",
      "2030-01-14T15:00:00.000Z",
    ]);
  });

  it("steps every 15 minutes for an intro call of 15 minutes", () => {
    const slots = openSlots({ ...base, bookingType: "intro" });
    expect(slots).toHaveLength(8);
    expect(iso(slots[0]!.startsAt)).toBe("2030-01-14T14:00:00.000Z");
    expect(iso(slots[7]!.endsAt)).toBe("2030-01-14T16:00:00.000Z");
  });

  it("uses the weekday of the teacher's zone, 0 = Sunday", () => {
    const mondayOnly: SlotWindow[] = [{ dayOfWeek: 1, startTime: "09:00", endTime: "10:00", format: "online" }];
    const week = { from: new Date("2030-01-13T05:00:00Z"), to: new Date("2030-01-20T05:00:00Z") };
    const slots = openSlots({ ...base, ...week, windows: mondayOnly, bookingType: "full" });
    expect(slots.map((s) => [iso(s.startsAt), s.format])).toEqual([["2030-01-14T14:00:00.000Z", "online"]]);
  });

  it("leaves out past times, today included", () => {
    const now = new Date("2030-01-14T14:20:00Z"); // 09:20 in New York
    const slots = openSlots({ ...base, now, bookingType: "intro" });
    expect(iso(slots[0]!.startsAt)).toBe("2030-01-14T14:30:00.000Z");
  });

  it("removes times overlapping a pending or accepted booking", () => {
    const taken = [{ startsAt: new Date("2030-01-14T14:30:00Z"), endsAt: new Date("2030-01-14T15:30:00Z") }];
    expect(openSlots({ ...base, taken, bookingType: "full" }).map((s) => iso(s.startsAt))).toEqual([]);
    expect(openSlots({ ...base, taken, bookingType: "intro" }).map((s) => iso(s.startsAt))).toEqual([
      "2030-01-14T14:00:00.000Z",
      "2030-01-14T14:15:00.000Z",
      "2030-01-14T15:30:00.000Z",
      "2030-01-14T15:45:00.000Z",
    ]);
  });

  it("keeps local times across the spring daylight-saving change in New York (2030-03-10)", () => {
    const day = { from: new Date("2030-03-10T05:00:00Z"), to: new Date("2030-03-11T04:00:00Z") };
    const slots = openSlots({ ...base, ...day, bookingType: "full" });
    // 09:00 EDT is 13:00 UTC once clocks went forward (not 14:00 as in winter).
    expect(slots.map((s) => iso(s.startsAt))).toEqual(["2030-03-10T13:00:00.000Z", "2030-03-10T14:00:00.000Z"]);
  });

  it("skips start times that do not exist (spring forward) and keeps every lesson exactly an hour", () => {
    const night: SlotWindow[] = [{ dayOfWeek: 0, startTime: "01:00", endTime: "04:00", format: "both" }];
    const day = { from: new Date("2030-03-10T05:00:00Z"), to: new Date("2030-03-11T04:00:00Z") };
    const slots = openSlots({ ...base, ...day, windows: night, bookingType: "full" });
    // 01:00 EST (06:00Z) lasts a real hour, to 03:00 EDT; 02:00 does not exist; 03:00 EDT (07:00Z) → 04:00 EDT.
    expect(slots.map((s) => iso(s.startsAt))).toEqual(["2030-03-10T06:00:00.000Z", "2030-03-10T07:00:00.000Z"]);
    expect(slots.every((s) => s.endsAt.getTime() - s.startsAt.getTime() === 3600_000)).toBe(true);
  });

  it("keeps local times across the autumn change (2030-11-03)", () => {
    const day = { from: new Date("2030-11-03T04:00:00Z"), to: new Date("2030-11-04T05:00:00Z") };
    const slots = openSlots({ ...base, ...day, bookingType: "full" });
    expect(slots.map((s) => iso(s.startsAt))).toEqual(["2030-11-03T14:00:00.000Z", "2030-11-03T15:00:00.000Z"]);
  });
});

describe("viewer in another zone", () => {
  it("groups a New York teacher's evening slots on the next day in Tokyo", () => {
    const slots = openSlots({
      windows: [{ dayOfWeek: 1, startTime: "18:00", endTime: "20:00", format: "online" }],
      teacherTimeZone: "America/New_York",
      bookingType: "full",
      from: new Date("2030-01-13T00:00:00Z"),
      to: new Date("2030-01-20T00:00:00Z"),
      now: new Date("2030-01-01T00:00:00Z"),
      taken: [],
    });
    // Monday 18:00 and 19:00 in New York = Tuesday 08:00 and 09:00 in Tokyo.
    const days = groupByViewerDay(slots, "Asia/Tokyo");
    expect(Object.keys(days)).toEqual(["2030-01-15"]);
    expect(days["2030-01-15"]!.map((s) => iso(s.startsAt))).toEqual(["2030-01-14T23:00:00.000Z", "2030-01-15T00:00:00.000Z"]);
  });
});

describe("monthRange", () => {
  it.each([
    ["2030-01", "America/New_York", "2030-01-01T05:00:00.000Z", "2030-02-01T05:00:00.000Z"],
    ["2030-03", "America/New_York", "2030-03-01T05:00:00.000Z", "2030-04-01T04:00:00.000Z"],
    ["2030-12", "Asia/Tokyo", "2030-11-30T15:00:00.000Z", "2030-12-31T15:00:00.000Z"],
  ])("%s in %s", (month, zone, from, to) => {
    const range = monthRange(month, zone);
    expect([iso(range.from), iso(range.to)]).toEqual([from, to]);
  });
});

describe("anyOverlap", () => {
  const at = (s: string, e: string) => ({ startsAt: new Date(s), endsAt: new Date(e) });
  it.each([
    [[at("2030-01-01T10:00Z", "2030-01-01T11:00Z"), at("2030-01-01T11:00Z", "2030-01-01T12:00Z")], false],
    [[at("2030-01-01T10:00Z", "2030-01-01T11:00Z"), at("2030-01-01T10:45Z", "2030-01-01T11:00Z")], true],
    [[at("2030-01-01T12:00Z", "2030-01-01T13:00Z"), at("2030-01-01T10:00Z", "2030-01-01T12:30Z")], true],
  ])("%#", (intervals, expected) => {
    expect(anyOverlap(intervals)).toBe(expected);
  });
});
