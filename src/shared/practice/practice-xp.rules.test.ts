import { describe, expect, it } from "vitest";
import { addXp } from "../classes/progress.rules";
import { practiceOwnerClass, practiceXpForDay, practiceXpTotal, withPracticeXp } from "./practice-xp.rules";

describe("practiceXpForDay", () => {
  it.each([
    { minutes: 0, goal: null, xp: 0 },
    { minutes: 25, goal: null, xp: 25 },
    { minutes: 60, goal: null, xp: 60 },
    { minutes: 200, goal: null, xp: 60 },
    { minutes: 20, goal: 30, xp: 20 },
    { minutes: 45, goal: 30, xp: 30 },
    { minutes: 90, goal: 120, xp: 90 },
    { minutes: 600, goal: 120, xp: 120 },
  ])("$minutes min with goal $goal → $xp xp", ({ minutes, goal, xp }) => {
    expect(practiceXpForDay(minutes, goal)).toBe(xp);
  });

  it("an edit recomputes the day: lowering 50 to 10 minutes under a 30-minute goal takes 20 xp back", () => {
    const before = practiceXpForDay(20 + 50, 30); // two entries, capped at 30
    const after = practiceXpForDay(20 + 10, 30);
    expect(before).toBe(30);
    expect(after).toBe(30);
    expect(practiceXpForDay(20, 30) - before).toBe(-10); // deleting the second entry
  });

  it("entries of one day share one cap, however many there are", () => {
    const entries = Array.from({ length: 20 }, () => 5); // 20 entries of 5 minutes
    expect(practiceXpForDay(entries.reduce((a, b) => a + b, 0), null)).toBe(60);
  });

  it("sums capped days", () => {
    expect(
      practiceXpTotal([
        { totalMinutes: 90, goalMinutesPerDay: null },
        { totalMinutes: 15, goalMinutesPerDay: 30 },
        { totalMinutes: 45, goalMinutesPerDay: 30 },
      ]),
    ).toBe(60 + 15 + 30);
  });
});

describe("withPracticeXp", () => {
  const stored = { level: 1, xp: 950, xpToNextLevel: 1000, extra: "kept" };

  it("adds practice xp through the class's level maths", () => {
    expect(withPracticeXp(stored, 120)).toEqual({ ...stored, ...pick(addXp(stored, 120)) });
    expect(withPracticeXp(stored, 120)).toMatchObject({ level: 2, xp: 70, xpToNextLevel: 1500 });
  });

  it("taking practice back returns exactly to the stored progress", () => {
    expect(withPracticeXp(stored, 0)).toEqual(stored);
  });

  it("a large total climbs several levels", () => {
    expect(withPracticeXp({ level: 1, xp: 0, xpToNextLevel: 1000 }, 2600)).toMatchObject({ level: 3, xp: 100, xpToNextLevel: 2250 });
  });
});

function pick(state: { level: number; xp: number; xpToNextLevel: number }) {
  return { level: state.level, xp: state.xp, xpToNextLevel: state.xpToNextLevel };
}

describe("practiceOwnerClass (practice counts once)", () => {
  const piano = { classId: "piano", teacherId: "t-ann", joinedAt: new Date("2026-09-01") };
  const theory = { classId: "theory", teacherId: "t-ann", joinedAt: new Date("2026-10-01") };
  const violin = { classId: "violin", teacherId: "t-bob", joinedAt: new Date("2026-08-01") };

  it("goes to the class whose homework it practised", () => {
    expect(practiceOwnerClass([{ classId: "theory", teacherId: "t-ann" }], [piano, theory, violin])).toBe("theory");
  });

  it("else to the first class of the teacher whose homework it practised", () => {
    expect(practiceOwnerClass([{ classId: null, teacherId: "t-ann" }], [theory, piano, violin])).toBe("piano");
  });

  it("else (nothing ticked, or homework of a teacher without an XP class) to the first class the student joined", () => {
    expect(practiceOwnerClass([], [piano, theory, violin])).toBe("violin");
    expect(practiceOwnerClass([{ classId: null, teacherId: "t-carl" }], [piano, theory])).toBe("piano");
  });

  it("nowhere when the student is in no XP class; a class that left the list no longer takes it", () => {
    expect(practiceOwnerClass([{ classId: "theory", teacherId: "t-ann" }], [])).toBeNull();
    expect(practiceOwnerClass([{ classId: "theory", teacherId: "t-ann" }], [piano, violin])).toBe("piano");
  });
});
