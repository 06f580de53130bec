import { describe, expect, it } from "vitest";
import { capitalized, countedLessons, lessonNoun, reminderWhen } from "./lesson-mail.rules";

const NY = "America/New_York";
const CHICAGO = "America/Chicago";

describe("counting lessons", () => {
  it.each([
    ["intro", 1, false, "an intro call"],
    ["full", 1, false, "a lesson"],
    ["full", 2, false, "2 lessons"],
    ["intro", 3, false, "3 intro calls"],
    ["full", 8, true, "8 weekly lessons"],
    ["full", 1, true, "a weekly lesson"],
  ] as const)("%s × %d (weekly %s) → %s", (type, count, weekly, expected) => {
    expect(countedLessons(type, count, weekly)).toBe(expected);
  });

  it("names one or many, and capitalizes for a subject", () => {
    expect(lessonNoun("intro")).toBe("intro call");
    expect(lessonNoun("full", 2)).toBe("lessons");
    expect(capitalized(lessonNoun("intro"))).toBe("Intro call");
  });
});

describe("reminderWhen", () => {
  // Monday, January 14, 2030, 4:00 PM in New York, 3:00 PM in Chicago.
  const lesson = "2030-01-14T21:00:00Z";
  it.each([
    ["7 minutes before", lesson, "2030-01-14T20:53:00Z", NY, "in 7 minutes"],
    ["1 minute before", lesson, "2030-01-14T20:59:00Z", NY, "in 1 minute"],
    ["seconds before: never 'in 0 minutes'", lesson, "2030-01-14T20:59:50Z", NY, "in 1 minute"],
    ["exactly 1 hour before", lesson, "2030-01-14T20:00:00Z", NY, "in 1 hour"],
    ["1 h 20 min before", lesson, "2030-01-14T19:40:00Z", NY, "in 1 hour and 20 minutes"],
    ["3 hours before", lesson, "2030-01-14T18:00:00Z", NY, "in 3 hours"],
    ["3 hours before, in Chicago", lesson, "2030-01-14T18:00:00Z", CHICAGO, "in 3 hours"],
    ["5 hours before, the same day", lesson, "2030-01-14T16:00:00Z", NY, "today at 4:00 PM EST"],
    ["23 hours before, the day before (New York)", lesson, "2030-01-13T22:00:00Z", NY, "tomorrow at 4:00 PM EST"],
    ["23 hours before, the day before (Chicago)", lesson, "2030-01-13T22:00:00Z", CHICAGO, "tomorrow at 3:00 PM CST"],
    ["2 days before", lesson, "2030-01-12T21:00:00Z", NY, "on Monday, January 14, 2030 at 4:00 PM EST"],
    // 11:30 PM in New York; 23 hours before is 12:30 AM the same day there, 11:30 PM the day before in Chicago.
    ["23 hours before a late lesson (New York)", "2030-01-15T04:30:00Z", "2030-01-14T05:30:00Z", NY, "today at 11:30 PM EST"],
    ["23 hours before a late lesson (Chicago)", "2030-01-15T04:30:00Z", "2030-01-14T05:30:00Z", CHICAGO, "tomorrow at 10:30 PM CST"],
    // 12:30 AM in New York is still the evening before in Chicago: each reader's own calendar.
    ["across midnight (New York)", "2030-01-15T05:30:00Z", "2030-01-15T00:00:00Z", NY, "tomorrow at 12:30 AM EST"],
    ["across midnight (Chicago)", "2030-01-15T05:30:00Z", "2030-01-15T00:00:00Z", CHICAGO, "today at 11:30 PM CST"],
    // DST ends on Sunday, November 3, 2030: 24 real hours before 9:00 AM EST is 10:00 AM EDT.
    ["24 hours before, across the DST change", "2030-11-03T14:00:00Z", "2030-11-02T14:00:00Z", NY, "tomorrow at 9:00 AM EST"],
    ["23 hours before, across the DST change", "2030-11-03T14:00:00Z", "2030-11-02T15:00:00Z", CHICAGO, "tomorrow at 8:00 AM CST"],
    // 1:00 AM EDT to 3:00 AM EST is two hours on the wall clock but three real hours.
    ["3 real hours over the repeated hour", "2030-11-03T08:00:00Z", "2030-11-03T05:00:00Z", NY, "in 3 hours"],
  ])("%s → %s", (_label, startsAt, now, zone, expected) => {
    expect(reminderWhen(new Date(startsAt), new Date(now), zone)).toBe(expected);
  });
});
