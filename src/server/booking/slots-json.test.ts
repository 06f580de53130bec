import { describe, expect, it } from "vitest";
import type { SlotsResponse } from "../../shared/booking/booking.schemas";
import type { Slot } from "../../shared/booking/slots.rules";
import { slotsResponseJson, type MonthSlots } from "./slots-json";

/** What `c.json` wrote before: the answer as objects through JSON.stringify. */
function stringified(month: MonthSlots): string {
  const response: SlotsResponse = {
    teacherTimeZone: month.teacherTimeZone,
    leadHours: month.leadHours,
    bufferMinutes: month.bufferMinutes,
    days: Object.fromEntries(
      Object.entries(month.days).map(([day, slots]) => [
        day,
        slots.map((slot) => ({ startsAt: slot.startsAt.toISOString(), endsAt: slot.endsAt.toISOString(), format: slot.format })),
      ]),
    ),
  };
  return JSON.stringify(response);
}

const slot = (startsAt: string, minutes: number, format: string): Slot => {
  const start = new Date(startsAt);
  return { startsAt: start, endsAt: new Date(start.getTime() + minutes * 60_000), format };
};

describe("slotsResponseJson", () => {
  it("writes what JSON.stringify writes for a month with no open time", () => {
    const month = { teacherTimeZone: "America/New_York", leadHours: 12, bufferMinutes: 0, days: {} };
    expect(slotsResponseJson(month)).toBe(stringified(month));
  });

  it("writes what JSON.stringify writes for a month of intro calls", () => {
    const days: Record<string, Slot[]> = {};
    for (let day = 1; day <= 31; day++) {
      const key = `2026-12-${String(day).padStart(2, "0")}`;
      days[key] = Array.from({ length: 32 }, (_, i) =>
        slot(new Date(Date.UTC(2026, 11, day, 14) + i * 15 * 60_000).toISOString(), 30, ["both", "online", "in_person"][i % 3]!),
      );
    }
    const month = { teacherTimeZone: "America/New_York", leadHours: 0, bufferMinutes: 15, days };
    const text = slotsResponseJson(month);
    expect(text).toBe(stringified(month));
    expect((JSON.parse(text) as SlotsResponse).days["2026-12-31"]).toHaveLength(32);
  });

  it("escapes what needs escaping and keeps instants that are not whole minutes or four-digit years", () => {
    const month = {
      teacherTimeZone: 'Odd/"Zone"\\',
      leadHours: 72,
      bufferMinutes: 30,
      days: {
        '2026-12-"01"': [slot("2026-12-01T14:00:30.250Z", 30, 'quoted "format"\n')],
        "+010000-01-01": [slot("+010000-01-01T00:00:00.000Z", 60, "both"), slot("0999-12-31T22:00:00.000Z", 60, "both")],
      },
    };
    const text = slotsResponseJson(month);
    expect(text).toBe(stringified(month));
    expect(JSON.parse(text)).toEqual(JSON.parse(stringified(month)));
  });
});
