import { describe, expect, it } from "vitest";
import { checkBookable, type TeacherSchedule } from "./bookable.rules";
import { wantedTimes } from "./wanted-times.rules";
import { SERIES_TOO_FEW_LEFT_MESSAGE, SKIP_NOT_IN_SERIES_MESSAGE } from "./booking.schemas";

const NY = "America/New_York";
const LONDON = "Europe/London";
const NOW = new Date("2026-12-01T12:00:00Z");
/** Every day 09:00-17:00 (teacher's zone). */
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, startTime: "09:00", endTime: "17:00", format: "both" }));
const schedule = (over: Partial<TeacherSchedule> = {}): TeacherSchedule => ({
  timeZone: NY,
  windows: everyDay,
  timeOff: [],
  booked: [],
  bufferMinutes: 0,
  leadHours: 0,
  ...over,
});
const span = (start: string, minutes: number) => ({ startsAt: new Date(start), endsAt: new Date(new Date(start).getTime() + minutes * 60_000) });
const check = (starts: string[], over: Partial<TeacherSchedule> = {}, type: "intro" | "full" = "full") =>
  checkBookable({ startTimes: starts.map((s) => new Date(s)), bookingType: type, schedule: schedule(over), now: NOW });
const reasons = (result: ReturnType<typeof check>) => (result.ok ? result.slots.map((s) => s.startsAt.toISOString()) : result.unavailable.map((u) => u.reason));

describe("checkBookable", () => {
  // 2026-12-10 10:00 in New York is 15:00Z.
  const TEN = "2026-12-10T15:00:00.000Z";

  it.each([
    ["an open hour", [TEN], {}, [TEN]],
    ["already passed", ["2026-12-01T11:00:00.000Z"], {}, ["past"]],
    ["past the 12-month horizon", ["2027-12-10T15:00:00.000Z"], {}, ["beyond_horizon"]],
    ["before the teacher's hours", ["2026-12-10T13:00:00.000Z"], {}, ["outside_hours"]],
    ["off the hourly step", ["2026-12-10T15:30:00.000Z"], {}, ["outside_hours"]],
    ["on a day off (New York date)", [TEN], { timeOff: [{ startDate: "2026-12-10", endDate: "2026-12-10" }] }, ["time_off"]],
    ["the day before a day off", [TEN], { timeOff: [{ startDate: "2026-12-11", endDate: "2026-12-12" }] }, [TEN]],
    ["overlapping a booked lesson", [TEN], { booked: [span("2026-12-10T15:30:00Z", 60)] }, ["taken"]],
    ["right after a lesson, no buffer", [TEN], { booked: [span("2026-12-10T14:00:00Z", 60)] }, [TEN]],
    ["right after a lesson, 10-minute buffer", [TEN], { booked: [span("2026-12-10T14:00:00Z", 60)], bufferMinutes: 10 }, ["buffer"]],
    ["30 minutes after an intro call, 30-minute buffer", [TEN], { booked: [span("2026-12-10T14:15:00Z", 15)], bufferMinutes: 30 }, [TEN]],
    ["29 minutes after it, 30-minute buffer", [TEN], { booked: [span("2026-12-10T14:16:00Z", 15)], bufferMinutes: 30 }, ["buffer"]],
  ])("%s", (_name, starts, over, expected) => {
    expect(reasons(check(starts, over))).toEqual(expected);
  });

  it("lists every refused time with its reason, and none of the good ones", () => {
    const result = check(["2026-12-03T15:00:00.000Z", TEN, "2026-12-17T15:00:00.000Z"], {
      timeOff: [{ startDate: "2026-12-03", endDate: "2026-12-03" }],
      booked: [span("2026-12-17T15:00:00Z", 60)],
    });
    expect(result).toEqual({
      ok: false,
      unavailable: [
        { startsAt: "2026-12-03T15:00:00.000Z", reason: "time_off" },
        { startsAt: "2026-12-17T15:00:00.000Z", reason: "taken" },
      ],
    });
  });

  it("keeps two wanted times apart by the buffer", () => {
    expect(reasons(check([TEN, "2026-12-10T16:00:00.000Z"], { bufferMinutes: 5 }))).toEqual(["buffer"]);
    expect(reasons(check([TEN, "2026-12-10T17:00:00.000Z"], { bufferMinutes: 30 }))).toEqual([TEN, "2026-12-10T17:00:00.000Z"]);
  });

  it("gives each slot its window's format", () => {
    const result = check([TEN], { windows: [{ dayOfWeek: 4, startTime: "09:00", endTime: "12:00", format: "online" }] });
    expect(result.ok && result.slots.map((s) => s.format)).toEqual(["online"]);
  });

  it("counts a London teacher's day off in London, whatever the instant's UTC date", () => {
    // 00:30 on Saturday 2027-07-10 in London is 23:30Z on the 9th.
    const late = [{ dayOfWeek: 6, startTime: "00:00", endTime: "02:00", format: "both" }];
    const start = "2027-07-09T23:30:00.000Z";
    const over = { timeZone: LONDON, windows: late, timeOff: [{ startDate: "2027-07-10", endDate: "2027-07-10" }] };
    expect(reasons(checkBookable({ startTimes: [new Date(start)], bookingType: "intro", schedule: schedule({ ...over, timeOff: [] }), now: NOW }))).toEqual([start]);
    expect(reasons(checkBookable({ startTimes: [new Date(start)], bookingType: "intro", schedule: schedule(over), now: NOW }))).toEqual(["time_off"]);
  });
});

describe("wantedTimes", () => {
  const base = { bookingType: "full" as const, teacherTimeZone: LONDON };

  it("keeps picked times once each, in order, without a repeat", () => {
    const result = wantedTimes({ ...base, startTimes: ["2026-12-10T15:00:00Z", "2026-12-09T15:00:00Z", "2026-12-10T15:00:00.000Z"] });
    expect(result.ok && result.starts.map((s) => s.toISOString())).toEqual(["2026-12-09T15:00:00.000Z", "2026-12-10T15:00:00.000Z"]);
    expect(result.ok && result.series).toBe(false);
  });

  it("expands a London series across the March change at the same local time, minus skipped weeks", () => {
    const result = wantedTimes({ ...base, startTimes: ["2027-03-16T17:00:00Z"], repeat: { weeks: 3 }, skip: ["2027-03-23T17:00:00.000Z"] });
    // 17:00 GMT on the 16th, then 17:00 BST (16:00Z) on the 30th; the 23rd is skipped.
    expect(result.ok && result.starts.map((s) => s.toISOString())).toEqual(["2027-03-16T17:00:00.000Z", "2027-03-30T16:00:00.000Z"]);
  });

  it.each([
    [{ repeat: { weeks: 3 }, skip: ["2027-03-23T18:00:00.000Z"] }, "skip", SKIP_NOT_IN_SERIES_MESSAGE],
    [{ repeat: { weeks: 2 }, skip: ["2027-03-16T17:00:00.000Z"] }, "skip", SERIES_TOO_FEW_LEFT_MESSAGE],
  ] as const)("refuses %o", (extra, field, message) => {
    expect(wantedTimes({ ...base, startTimes: ["2027-03-16T17:00:00Z"], ...extra, skip: [...extra.skip] })).toEqual({ ok: false, field, message });
  });
});
