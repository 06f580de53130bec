import { describe, expect, it } from "vitest";
import { sumCents } from "./money.rules";
import { coveredDetail, nextLessonNumber, packageFor, packageLessonCents, packageState, packageTitle } from "./lesson-package.rules";

describe("lesson packages (issue 40)", () => {
  it("splits the price into lessons that add up to it exactly, the remainder on the first lessons", () => {
    expect([1, 2, 3].map((n) => packageLessonCents(10_000, 3, n))).toEqual([3334, 3333, 3333]);
    expect([1, 2, 3, 4].map((n) => packageLessonCents(20_000, 4, n))).toEqual([5000, 5000, 5000, 5000]);
    for (const [price, lessons] of [[55_000, 10], [99_999, 7], [100, 100], [12_345, 1]] as const) {
      const shares = Array.from({ length: lessons }, (_, i) => packageLessonCents(price, lessons, i + 1));
      expect(sumCents(shares)).toBe(price);
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    }
    expect(() => packageLessonCents(1000, 4, 5)).toThrow(RangeError);
    expect(() => packageLessonCents(1000, 4, 0)).toThrow(RangeError);
  });

  it("names a package and a covered lesson with the currency", () => {
    expect(packageTitle(4, 20_000)).toBe("4 lessons for $200.00 USD");
    expect(packageTitle(1, 5_500)).toBe("1 lesson for $55.00 USD");
    expect(coveredDetail(4, 20_000, 2)).toBe("Covered by lesson package (4 lessons for $200.00 USD): lesson 2 of 4");
  });

  it("is active until used up or past its last valid day", () => {
    expect(packageState({ lessons: 4, lessonsUsed: 2, validUntil: "2026-12-31" }, "2026-12-31")).toBe("active");
    expect(packageState({ lessons: 4, lessonsUsed: 2, validUntil: "2026-12-31" }, "2027-01-01")).toBe("expired");
    expect(packageState({ lessons: 4, lessonsUsed: 4, validUntil: "2026-12-31" }, "2027-01-01")).toBe("used_up");
  });

  it("draws from the package ending first that is valid on the lesson's day and has a lesson left", () => {
    const pkg = (id: string, validUntil: string, lessonsUsed = 0, createdAt = "2026-11-01T00:00:00.000Z") => ({ id, lessons: 2, lessonsUsed, validUntil, paidOn: "2026-11-01", createdAt });
    const packages = [pkg("late", "2027-06-30"), pkg("soon", "2026-12-31"), pkg("full", "2026-12-01", 2), pkg("older-soon", "2026-12-31", 0, "2026-10-01T00:00:00.000Z")];
    expect(packageFor(packages, "2026-11-20")?.id).toBe("older-soon");
    expect(packageFor(packages, "2027-01-05")?.id).toBe("late");
    expect(packageFor(packages, "2027-07-01")).toBeNull();
    expect(packageFor([], "2026-11-20")).toBeNull();
  });

  it("takes the lowest free lesson number, none when all are used", () => {
    expect(nextLessonNumber([], 4)).toBe(1);
    expect(nextLessonNumber([1, 3], 4)).toBe(2);
    expect(nextLessonNumber([1, 2, 3, 4], 4)).toBeNull();
  });
});
