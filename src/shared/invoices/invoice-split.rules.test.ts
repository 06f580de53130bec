import { describe, expect, it } from "vitest";
import { apportionCents, shareLabel, splitLines, splitProblem, type SplitRule } from "./invoice-split.rules";

const shares = (...entries: [string, number][]): SplitRule => ({ kind: "shares", shares: entries.map(([guardianId, basisPoints]) => ({ guardianId, basisPoints })) });
const line = (amountCents: number, studentId: string | null = null) => ({ amountCents, studentId });
const sum = (values: readonly (number | null)[]) => values.reduce<number>((total, value) => total + (value ?? 0), 0);

describe("apportionCents (largest remainder)", () => {
  it.each([
    [101, [5000, 5000], [51, 50]],
    [1, [5000, 5000], [1, 0]],
    [100, [3333, 3333, 3334], [33, 33, 34]],
    [1000, [3333, 3333, 3334], [333, 333, 334]],
    [1001, [3333, 3333, 3334], [334, 333, 334]],
    [4999, [7000, 3000], [3499, 1500]],
    [0, [5000, 5000], [0, 0]],
    [777, [10000, 0], [777, 0]],
    [2, [1, 1, 1], [1, 1, 0]],
  ])("%i cents by %j → %j", (cents, weights, expected) => {
    const parts = apportionCents(cents, weights);
    expect(parts).toEqual(expected);
    expect(sum(parts)).toBe(cents);
  });

  it("never gives a cent to a weight of 0, and the parts always add up", () => {
    for (let cents = 0; cents < 500; cents += 7) {
      const parts = apportionCents(cents, [0, 3333, 0, 6667]);
      expect(sum(parts)).toBe(cents);
      expect(parts[0]).toBe(0);
      expect(parts[2]).toBe(0);
    }
  });

  it("refuses weights that are all 0 or negative", () => {
    expect(() => apportionCents(100, [0, 0])).toThrow(RangeError);
    expect(() => apportionCents(100, [-1, 2])).toThrow(RangeError);
  });
});

describe("splitLines", () => {
  it("50/50 of odd cents: each line adds up to the cent", () => {
    const result = splitLines(shares(["a", 5000], ["b", 5000]), [line(4501), line(3333), line(1)]);
    expect(result.map((share) => share.lineCents)).toEqual([
      [2251, 1667, 1],
      [2250, 1666, 0],
    ]);
    expect(result[0]!.totalCents + result[1]!.totalCents).toBe(4501 + 3333 + 1);
  });

  it("33.33/33.33/33.34 of lines that do not divide evenly adds up per line and in total", () => {
    const lines = [line(4500), line(4501), line(4502), line(1999), line(7)];
    const result = splitLines(shares(["a", 3333], ["b", 3333], ["c", 3334]), lines);
    expect(result).toHaveLength(3);
    lines.forEach((input, index) => expect(sum(result.map((share) => share.lineCents[index]!))).toBe(input.amountCents));
    expect(sum(result.map((share) => share.totalCents))).toBe(sum(lines.map((input) => input.amountCents)));
    expect(result.map((share) => share.lineCents[0])).toEqual([1500, 1500, 1500]);
    expect(result.map((share) => share.lineCents[1])).toEqual([1500, 1500, 1501]);
  });

  it("70/30", () => {
    const result = splitLines(shares(["a", 7000], ["b", 3000]), [line(6000), line(4999)]);
    expect(result.map((share) => share.lineCents)).toEqual([
      [4200, 3499],
      [1800, 1500],
    ]);
  });

  it("a 0 % guardian gets no invoice", () => {
    const result = splitLines(shares(["a", 10000], ["b", 0]), [line(6000)]);
    expect(result.map((share) => share.guardianId)).toEqual(["a"]);
    expect(result[0]!.totalCents).toBe(6000);
  });

  it("per student: each student's lines wholly to their guardian, extras and unnamed students shared equally", () => {
    const rule: SplitRule = { kind: "per_student", students: [{ studentId: "s1", guardianId: "a" }, { studentId: "s2", guardianId: "b" }] };
    const result = splitLines(rule, [line(6000, "s1"), line(4500, "s2"), line(1001, null), line(999, "s3")]);
    expect(result.map((share) => share.lineCents)).toEqual([
      [6000, null, 501, 500],
      [null, 4500, 500, 499],
    ]);
  });

  it("per student: a guardian with no line of theirs gets no invoice", () => {
    const rule: SplitRule = { kind: "per_student", students: [{ studentId: "s1", guardianId: "a" }, { studentId: "s2", guardianId: "b" }] };
    expect(splitLines(rule, [line(6000, "s1")]).map((share) => share.guardianId)).toEqual(["a"]);
  });
});

describe("shareLabel and splitProblem", () => {
  it.each([
    [5000, "50 %"],
    [3333, "33.33 %"],
    [3350, "33.5 %"],
    [305, "3.05 %"],
    [10000, "100 %"],
  ])("%i basis points → %s", (basisPoints, label) => expect(shareLabel(basisPoints)).toBe(label));

  it("a split naming a guardian who left no longer applies, and says who", () => {
    const rule = shares(["a", 5000], ["b", 5000]);
    expect(splitProblem(rule, [{ guardianId: "a", name: "Ann" }, { guardianId: "b", name: "Bo" }], [], new Map())).toBeNull();
    expect(splitProblem(rule, [{ guardianId: "a", name: "Ann" }], [], new Map([["b", "Bo Lee"]]))).toMatch(/^Bo Lee is no longer in this household/);
  });

  it("a per-student split naming a student no longer in the household no longer applies", () => {
    const rule: SplitRule = { kind: "per_student", students: [{ studentId: "s1", guardianId: "a" }] };
    expect(splitProblem(rule, [{ guardianId: "a", name: "Ann" }], ["s1"], new Map())).toBeNull();
    expect(splitProblem(rule, [{ guardianId: "a", name: "Ann" }], ["s2"], new Map())).toMatch(/student/);
  });
});
