import { describe, expect, it } from "vitest";
import { checkBookable } from "./bookable.rules";
import { earliestBookableStart, isTooSoon, LEAD_HOURS_MESSAGE, leadHoursSchema, leadTimeNotice, tooSoonMessage, tooSoonReason } from "./lead-time.rules";
import { openSlots } from "./slots.rules";

const NOW = new Date("2026-12-01T14:55:00Z");
const at = (iso: string) => new Date(iso);

describe("isTooSoon", () => {
  it.each([
    ["5 minutes ahead, 12-hour lead", "2026-12-01T15:00:00Z", 12, true],
    ["11 h 59 min ahead, 12-hour lead", "2026-12-02T02:54:00Z", 12, true],
    ["exactly 12 hours ahead, 12-hour lead", "2026-12-02T02:55:00Z", 12, false],
    ["a day ahead, 12-hour lead", "2026-12-02T14:55:00Z", 12, false],
    ["5 minutes ahead, no lead", "2026-12-01T15:00:00Z", 0, false],
    ["71 hours ahead, 72-hour lead", "2026-12-04T13:55:00Z", 72, true],
    ["72 hours ahead, 72-hour lead", "2026-12-04T14:55:00Z", 72, false],
  ])("%s", (_name, start, lead, expected) => {
    expect(isTooSoon(at(start), NOW, lead)).toBe(expected);
  });

  it("the earliest start is now plus the lead", () => {
    expect(earliestBookableStart(NOW, 12).toISOString()).toBe("2026-12-02T02:55:00.000Z");
    expect(earliestBookableStart(NOW, 0)).toEqual(NOW);
  });
});

describe("lead time texts", () => {
  it.each([
    [12, "The teacher takes requests at least 12 hours ahead. Please choose a later time.", "Times within 12 hours are not offered", "less than 12 hours from now"],
    [1, "The teacher takes requests at least 1 hour ahead. Please choose a later time.", "Times within 1 hour are not offered", "less than 1 hour from now"],
    [0, "The teacher takes requests at least 0 hours ahead. Please choose a later time.", null, "less than 0 hours from now"],
  ])("%i hours", (lead, message, notice, reason) => {
    expect(tooSoonMessage(lead)).toBe(message);
    expect(leadTimeNotice(lead)).toBe(notice);
    expect(tooSoonReason(lead)).toBe(reason);
  });
});

describe("leadHoursSchema", () => {
  it.each([[0], [12], [72]])("takes %i", (value) => {
    expect(leadHoursSchema.parse(value)).toBe(value);
  });
  it.each([[-1], [73], [1.5], ["12"], [null], [undefined]])("refuses %j with the message", (value) => {
    const result = leadHoursSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(LEAD_HOURS_MESSAGE);
  });
});

// New York, every day 09:00-17:00. At 09:55 local (14:55Z) on 2026-12-01.
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, startTime: "09:00", endTime: "17:00", format: "both" }));
const NY = "America/New_York";
const localHours = (slots: { startsAt: Date }[]) =>
  slots.map((s) => new Intl.DateTimeFormat("en-US", { timeZone: NY, day: "numeric", hour: "numeric", minute: "2-digit", hour12: false }).format(s.startsAt));

describe("open slots with a lead time", () => {
  const slotsWith = (lead: number) =>
    openSlots({
      windows: everyDay,
      teacherTimeZone: NY,
      bookingType: "full",
      from: at("2026-12-01T05:00:00Z"),
      to: at("2026-12-03T05:00:00Z"),
      now: NOW,
      notBefore: earliestBookableStart(NOW, lead),
      taken: [],
    });

  it.each([
    // 09:55 now: with no lead the 10:00 lesson five minutes away is offered.
    [0, "1, 10:00", 15],
    // 12 hours on is 21:55 local: nothing more today, tomorrow from 09:00.
    [12, "2, 09:00", 8],
    // 24 hours on is 09:55 tomorrow: tomorrow from 10:00.
    [24, "2, 10:00", 7],
  ])("lead %i h: first slot %s, %i slots in two days", (lead, first, count) => {
    const slots = slotsWith(lead);
    expect(localHours(slots)[0]).toBe(first);
    expect(slots).toHaveLength(count);
  });

  it("a start exactly at now + lead is offered", () => {
    const slots = openSlots({
      windows: everyDay,
      teacherTimeZone: NY,
      bookingType: "intro",
      from: at("2026-12-01T05:00:00Z"),
      to: at("2026-12-02T05:00:00Z"),
      now: at("2026-12-01T14:00:00Z"),
      notBefore: at("2026-12-01T16:00:00Z"),
      taken: [],
    });
    expect(slots[0]!.startsAt.toISOString()).toBe("2026-12-01T16:00:00.000Z");
  });
});

describe("checkBookable with a lead time", () => {
  const check = (starts: string[], leadHours: number) =>
    checkBookable({
      startTimes: starts.map(at),
      bookingType: "full",
      now: NOW,
      schedule: { timeZone: NY, windows: everyDay, timeOff: [], booked: [], bufferMinutes: 0, leadHours },
    });

  it("refuses each time sooner than the lead as too soon and keeps the others", () => {
    // 10:00 today (5 min away) and 21:00Z = 16:00 today (6 h away), 10:00 tomorrow (24 h away).
    expect(check(["2026-12-01T15:00:00Z", "2026-12-01T21:00:00Z", "2026-12-02T15:00:00Z"], 12)).toEqual({
      ok: false,
      unavailable: [
        { startsAt: "2026-12-01T15:00:00.000Z", reason: "too_soon" },
        { startsAt: "2026-12-01T21:00:00.000Z", reason: "too_soon" },
      ],
    });
  });

  it("with no lead, a time five minutes away is bookable", () => {
    expect(check(["2026-12-01T15:00:00Z"], 0).ok).toBe(true);
  });

  it("a past time is still 'past', not 'too soon'", () => {
    expect(check(["2026-12-01T14:00:00Z"], 12)).toMatchObject({ unavailable: [{ reason: "past" }] });
  });
});
