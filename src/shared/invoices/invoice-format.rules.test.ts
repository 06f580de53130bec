import { describe, expect, it } from "vitest";
import { asSentence, dayIn, formatDay, lessonWhen, lineOnReadersClock } from "./invoice-format.rules";

describe("invoice formats", () => {
  it("writes a calendar date in words, without shifting it a day in any zone", () => {
    expect(formatDay("2026-12-12")).toBe("Dec 12, 2026");
    expect(formatDay("2026-01-01")).toBe("Jan 1, 2026");
  });

  it("reads an instant's calendar date on the reader's clock", () => {
    const instant = new Date("2026-12-12T03:30:00Z");
    expect(dayIn("America/New_York", instant)).toBe("2026-12-11");
    expect(dayIn("Europe/Berlin", instant)).toBe("2026-12-12");
  });

  it("ends a reason with one full stop, never two", () => {
    expect(asSentence("Wrong rate")).toBe("Wrong rate.");
    expect(asSentence("Wrong rate.")).toBe("Wrong rate.");
    expect(asSentence("Billed twice!")).toBe("Billed twice!");
    expect(asSentence(' Said "no." ')).toBe('Said "no."');
  });

  it("gives a lesson line's time on the reader's clock, and nothing else of it", () => {
    const startsAt = new Date("2026-12-06T18:00:00Z");
    const written = `Full Lesson · ${lessonWhen(startsAt, "America/Chicago")} · Mia Rivera`;
    expect(written).toBe("Full Lesson · Sun, Dec 6, 2026 · 12:00 PM CST · Mia Rivera");
    expect(lineOnReadersClock(written, startsAt, "America/Chicago", "America/New_York")).toBe("Full Lesson · Sun, Dec 6, 2026 · 1:00 PM EST · Mia Rivera");
    expect(lineOnReadersClock(written, startsAt, "America/Chicago", "America/Chicago")).toBe(written);
    expect(lineOnReadersClock("Recital fee", null, "America/Chicago", "America/New_York")).toBe("Recital fee");
    expect(lineOnReadersClock("Full Lesson · Sun, Dec 6…", startsAt, "America/Chicago", "America/New_York")).toBe("Full Lesson · Sun, Dec 6…");
  });
});
