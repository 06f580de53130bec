import { describe, expect, it } from "vitest";
import { lessonInWindows, overlappingWindows, weeklyOccurrences, windowInZone, windowLabel, type WaitWindow } from "./waitlist-windows.rules";

const TUE_15_18: WaitWindow = { dayOfWeek: 2, startTime: "15:00", endTime: "18:00" };
const hour = (iso: string) => ({ startsAt: new Date(iso), endsAt: new Date(new Date(iso).getTime() + 3_600_000) });

describe("lessonInWindows", () => {
  it.each([
    // New York is UTC-4 in summer (EDT) and UTC-5 in winter (EST): the same wall clock, other instants.
    ["a Tuesday 16:00 New York lesson in summer", "2026-06-16T20:00:00Z", true],
    ["a Tuesday 16:00 New York lesson in winter", "2026-12-15T21:00:00Z", true],
    ["the winter instant of 16:00 read in summer is 17:00: still inside", "2026-06-16T21:00:00Z", true],
    ["starting at the window's start", "2026-12-15T20:00:00Z", true],
    ["ending exactly at the window's end (17:00-18:00)", "2026-12-15T22:00:00Z", true],
    ["ending after the window (17:30-18:30)", "2026-12-15T22:30:00Z", false],
    ["starting before the window (14:30-15:30)", "2026-12-15T19:30:00Z", false],
    ["a Wednesday at the same time", "2026-12-16T21:00:00Z", false],
  ])("%s: %s", (_label, start, expected) => {
    expect(lessonInWindows(hour(start), [TUE_15_18], "America/New_York")).toBe(expected);
  });

  it("the week daylight saving ends (1 Nov 2026) and the week after: 16:00 local both times", () => {
    // Tuesday 27 Oct 2026 is still EDT (UTC-4); Tuesday 3 Nov 2026 is EST (UTC-5).
    expect(lessonInWindows(hour("2026-10-27T20:00:00Z"), [TUE_15_18], "America/New_York")).toBe(true);
    expect(lessonInWindows(hour("2026-11-03T21:00:00Z"), [TUE_15_18], "America/New_York")).toBe(true);
    // 20:00Z on 3 Nov is 15:00 EST: inside; 23:00Z is 18:00 EST: ends after the window.
    expect(lessonInWindows(hour("2026-11-03T20:00:00Z"), [TUE_15_18], "America/New_York")).toBe(true);
    expect(lessonInWindows(hour("2026-11-03T23:00:00Z"), [TUE_15_18], "America/New_York")).toBe(false);
  });

  it("the weekday is the parent's: a Tuesday evening in New York is a Wednesday in Berlin", () => {
    const lateTuesday = hour("2026-12-15T22:00:00Z"); // 17:00 New York Tue, 23:00 Berlin Tue
    const wed: WaitWindow = { dayOfWeek: 3, startTime: "00:00", endTime: "02:00" };
    expect(lessonInWindows(lateTuesday, [TUE_15_18], "America/New_York")).toBe(true);
    expect(lessonInWindows(lateTuesday, [TUE_15_18], "Europe/Berlin")).toBe(false);
    expect(lessonInWindows(hour("2026-12-15T23:00:00Z"), [wed], "Europe/Berlin")).toBe(true); // 00:00-01:00 Wed Berlin
  });

  it("a zone with a half-hour offset (Kolkata, UTC+5:30)", () => {
    expect(lessonInWindows(hour("2026-12-15T09:30:00Z"), [TUE_15_18], "Asia/Kolkata")).toBe(true); // 15:00-16:00
    expect(lessonInWindows(hour("2026-12-15T09:00:00Z"), [TUE_15_18], "Asia/Kolkata")).toBe(false); // 14:30
  });

  it("a lesson across local midnight matches no window", () => {
    const late: WaitWindow = { dayOfWeek: 2, startTime: "22:00", endTime: "23:59" };
    expect(lessonInWindows(hour("2026-12-16T04:30:00Z"), [late], "America/New_York")).toBe(false); // 23:30-00:30
  });

  it("the hour that does not exist on the spring change (8 Mar 2026, New York) is never matched twice", () => {
    const sun: WaitWindow = { dayOfWeek: 0, startTime: "01:00", endTime: "04:00" };
    // 06:00Z = 01:00 EST; 07:00Z = 03:00 EDT (02:00 never happens).
    expect(lessonInWindows(hour("2026-03-08T06:00:00Z"), [sun], "America/New_York")).toBe(true);
    expect(lessonInWindows(hour("2026-03-08T07:00:00Z"), [sun], "America/New_York")).toBe(true);
    expect(lessonInWindows(hour("2026-03-08T08:00:00Z"), [sun], "America/New_York")).toBe(false); // 04:00-05:00
  });
});

describe("windowInZone", () => {
  it("a New York window on a Berlin teacher's clock: 6 hours later, same day", () => {
    const shown = windowInZone(TUE_15_18, "America/New_York", "Europe/Berlin", new Date("2026-12-10T12:00:00Z"));
    expect(shown).toEqual({ dayOfWeek: 2, startTime: "21:00", endTime: "24:00", endsNextDay: false });
    expect(windowLabel(shown)).toBe("Tuesdays 21:00-24:00");
  });

  it("the offsets of the coming week: 5 hours apart while Europe has changed and America not yet", () => {
    // Between 25 Oct and 1 Nov 2026 Berlin is on CET (UTC+1) while New York is still EDT (UTC-4).
    const shown = windowInZone(TUE_15_18, "America/New_York", "Europe/Berlin", new Date("2026-10-26T12:00:00Z"));
    expect(shown).toMatchObject({ dayOfWeek: 2, startTime: "20:00", endTime: "23:00" });
  });

  it("a window running past midnight on the other clock says so", () => {
    const shown = windowInZone({ dayOfWeek: 2, startTime: "17:00", endTime: "20:00" }, "America/New_York", "Europe/Berlin", new Date("2026-12-10T12:00:00Z"));
    expect(shown).toEqual({ dayOfWeek: 2, startTime: "23:00", endTime: "02:00", endsNextDay: true });
    expect(windowLabel(shown)).toBe("Tuesdays 23:00-Wednesday 02:00");
  });

  it("the same zone shows the window as it is", () => {
    expect(windowInZone(TUE_15_18, "UTC", "UTC", new Date("2026-12-10T12:00:00Z"))).toEqual({ ...TUE_15_18, endsNextDay: false });
  });
});

describe("overlappingWindows", () => {
  it.each([
    [[TUE_15_18, { dayOfWeek: 2, startTime: "17:00", endTime: "19:00" }], true],
    [[TUE_15_18, { dayOfWeek: 2, startTime: "18:00", endTime: "19:00" }], false],
    [[TUE_15_18, { dayOfWeek: 3, startTime: "15:00", endTime: "18:00" }], false],
  ] as [WaitWindow[], boolean][])("%j -> %s", (windows, expected) => {
    expect(overlappingWindows(windows)).toBe(expected);
  });
});

describe("weeklyOccurrences", () => {
  it("a Tuesday 09:00-12:00 window over the autumn change keeps its wall clock", () => {
    const spans = weeklyOccurrences({ dayOfWeek: 2, startTime: "09:00", endTime: "12:00" }, "America/New_York", new Date("2026-10-25T12:00:00Z"), 2);
    expect(spans.map((s) => [s.startsAt.toISOString(), s.endsAt.toISOString()])).toEqual([
      ["2026-10-27T13:00:00.000Z", "2026-10-27T16:00:00.000Z"],
      ["2026-11-03T14:00:00.000Z", "2026-11-03T17:00:00.000Z"],
    ]);
  });

  it("an occurrence already over is left out", () => {
    const spans = weeklyOccurrences({ dayOfWeek: 2, startTime: "09:00", endTime: "12:00" }, "UTC", new Date("2026-12-15T13:00:00Z"), 2);
    expect(spans[0]!.startsAt.toISOString()).toBe("2026-12-22T09:00:00.000Z");
  });
});
