import { describe, expect, it } from "vitest";
import { bookingLabel, familyLessonEventTitle, formatLessonTime, lessonEventTitle, lessonPrice } from "./booking.rules";

describe("formatLessonTime", () => {
  it.each([
    ["2030-01-14T14:00:00Z", "America/New_York", "Monday, January 14, 2030 at 9:00 AM EST"],
    ["2030-07-01T14:30:00Z", "America/New_York", "Monday, July 1, 2030 at 10:30 AM EDT"],
    ["2030-01-14T23:00:00Z", "Asia/Tokyo", "Tuesday, January 15, 2030 at 8:00 AM GMT+9"],
  ])("%s in %s", (instant, zone, expected) => {
    expect(formatLessonTime(new Date(instant), zone)).toBe(expected);
  });
});

describe("lessonEventTitle", () => {
  it("names the student as the spec's RPC does", () => {
    expect(lessonEventTitle("intro", "Mia")).toBe("Intro Call with Mia");
    expect(lessonEventTitle("full", "Leo")).toBe("Lesson with Leo");
  });
});

describe("familyLessonEventTitle", () => {
  it.each([
    ["full", "Casey Keys", "Mia", "Lesson with Casey Keys (Mia)"],
    ["intro", "Casey Keys", "Mia", "Intro Call with Casey Keys (Mia)"],
    ["full", "Casey Keys", null, "Lesson with Casey Keys"],
    ["full", "Deleted user", "Leo", "Lesson with Deleted user (Leo)"],
  ] as const)("%s with %s for %s → %s", (type, teacher, student, expected) => {
    expect(familyLessonEventTitle(type, teacher, student)).toBe(expected);
  });
});

describe("bookingLabel", () => {
  it("says the length", () => {
    expect(bookingLabel("intro")).toBe("Intro Call (15 min)");
    expect(bookingLabel("full")).toBe("Full Lesson (60 min)");
  });
});

describe("lessonPrice", () => {
  it.each([
    ["intro", 60, 90, "Free"],
    ["full", 60, 90, "$60-90"],
    ["full", 45, 45, "$45"],
    ["intro", 45, 45, "Free"],
  ] as const)("%s at %d-%d → %s", (type, hourlyRateMin, hourlyRateMax, expected) => {
    expect(lessonPrice(type, { hourlyRateMin, hourlyRateMax })).toBe(expected);
  });
});
