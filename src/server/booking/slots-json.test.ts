import { describe, expect, it } from "vitest";
import type { SlotsResponse } from "../../shared/booking/booking.schemas";
import { viewerDayPositions } from "../../shared/booking/slots.rules";
import { slotsResponseJson, type MonthSlots } from "./slots-json";

const MINUTE = 60_000;

/** What `c.json` wrote before: the answer as objects through JSON.stringify. */
function stringified(month: MonthSlots): string {
  const { starts, formats, lengthMs } = month.times;
  const response: SlotsResponse = {
    teacherTimeZone: month.teacherTimeZone,
    leadHours: month.leadHours,
    bufferMinutes: month.bufferMinutes,
    days: Object.fromEntries(
      [...month.days].map(([day, positions]) => [
        day,
        positions.map((i) => ({ startsAt: new Date(starts[i]!).toISOString(), endsAt: new Date(starts[i]! + lengthMs).toISOString(), format: formats[i]! })),
      ]),
    ),
  };
  return JSON.stringify(response);
}

const text = (month: MonthSlots) => slotsResponseJson(month).toString("utf8");

/** A month of slots, grouped by their UTC day unless days are given. */
function monthOf(slots: [string, string][], minutes: number, rules: Partial<MonthSlots> = {}, days?: Map<string, number[]>): MonthSlots {
  const times = { starts: slots.map(([iso]) => Date.parse(iso)), formats: slots.map(([, format]) => format), lengthMs: minutes * MINUTE };
  return { teacherTimeZone: "America/New_York", leadHours: 12, bufferMinutes: 0, ...rules, times, days: days ?? viewerDayPositions(times.starts, "UTC") };
}

describe("slotsResponseJson", () => {
  it("writes what JSON.stringify writes for a month with no open time", () => {
    const month = monthOf([], 30);
    expect(text(month)).toBe(stringified(month));
  });

  it("writes what JSON.stringify writes for a month of intro calls", () => {
    const slots: [string, string][] = [];
    for (let day = 1; day <= 31; day++) {
      for (let i = 0; i < 32; i++) slots.push([new Date(Date.UTC(2026, 11, day, 14) + i * 15 * MINUTE).toISOString(), ["both", "online", "in_person"][i % 3]!]);
    }
    const month = monthOf(slots, 30, { leadHours: 0, bufferMinutes: 15 });
    expect(text(month)).toBe(stringified(month));
    expect((JSON.parse(text(month)) as SlotsResponse).days["2026-12-31"]).toHaveLength(32);
  });

  it("escapes what needs escaping, in UTF-8, and keeps instants that are not whole minutes or four-digit years", () => {
    const month = monthOf(
      [
        ["2026-12-01T14:00:30.250Z", 'quoted "format"\n'],
        ["+010000-01-01T00:00:00.000Z", "both"],
        ["0999-12-31T22:00:00.000Z", "é ünïcode ☃"],
      ],
      60,
      { teacherTimeZone: 'Odd/"Zone"\\é', leadHours: 72, bufferMinutes: 30 },
      new Map([
        ['2026-12-"01"', [0]],
        ["+010000-01-01", [1, 2]],
      ]),
    );
    expect(text(month)).toBe(stringified(month));
    expect(JSON.parse(text(month))).toEqual(JSON.parse(stringified(month)));
  });

  it.each([
    "2026-12-01T14:00:00.000Z",
    "2026-12-01T00:00:00.000Z",
    "2026-12-31T23:59:00.000Z",
    "2028-02-29T12:45:00.000Z",
    "1969-12-31T23:15:00.000Z",
    "1000-01-01T00:00:00.000Z",
    "9999-12-31T23:00:00.000Z",
    "2026-12-01T14:00:30.000Z",
    "0999-12-31T23:00:00.000Z",
    "+010000-01-01T00:00:00.000Z",
  ])("writes the instant %s as toISOString does", (iso) => {
    const month = monthOf([[iso, "both"]], 60);
    expect(text(month)).toBe(stringified(month));
  });

  it("agrees with toISOString on every quarter hour of a year", () => {
    const slots: [string, string][] = [];
    for (let time = Date.UTC(2030, 0, 1); time < Date.UTC(2031, 0, 1); time += 15 * MINUTE) slots.push([new Date(time).toISOString(), "online"]);
    const month = monthOf(slots, 15);
    expect(text(month)).toBe(stringified(month));
  });
});
