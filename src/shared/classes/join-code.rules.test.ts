import { describe, expect, it } from "vitest";
import { JOIN_CODE_ALPHABET, JOIN_CODE_EXAMPLE, JOIN_CODE_HINT, JOIN_CODE_PLACEHOLDER } from "./classes.constants";
import { generateJoinCode, isJoinCode, normalizeJoinCode } from "./join-code.rules";

/** A source that returns the given numbers in turn. */
function sequence(...values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
}

describe("generateJoinCode", () => {
  it.each([
    [[0], "AAAAAA"],
    [[0.999999], "999999"],
    [[1], "999999"],
    [[-0.5], "AAAAAA"],
    [[0, 1 / 32, 2 / 32, 8 / 32, 23 / 32, 24 / 32], "ABCJZ2"],
    [[31 / 32 - 1e-9, 30 / 32, 13 / 32, 14 / 32, 0.5, 0.25], "88PQSJ"],
  ])("random %j → %s", (values, expected) => {
    expect(generateJoinCode(sequence(...values))).toBe(expected);
  });

  it("draws one number per character and only uses the alphabet", () => {
    let calls = 0;
    let seed = 7;
    const lcg = () => {
      calls++;
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let n = 0; n < 200; n++) expect(isJoinCode(generateJoinCode(lcg))).toBe(true);
    expect(calls).toBe(1200);
  });

  it("has no look-alike characters in its alphabet", () => {
    expect(JOIN_CODE_ALPHABET).toHaveLength(32);
    for (const c of "01IO") expect(JOIN_CODE_ALPHABET).not.toContain(c);
  });
});

describe("normalizeJoinCode", () => {
  it.each([
    ["abc234", "ABC234"],
    ["  abc234  ", "ABC234"],
    ["abc2345678", "ABC234"],
    ["ab", "AB"],
    ["", ""],
    ["   ", ""],
    ["ab c23", "AB C23"],
  ])("%j → %j", (input, expected) => {
    expect(normalizeJoinCode(input)).toBe(expected);
  });
});

describe("isJoinCode", () => {
  it.each([
    ["ABC234", true],
    ["ZZ9988", true],
    ["abc234", false],
    ["ABC23", false],
    ["ABC2345", false],
    ["ABC0DE", false],
    ["ABC1DE", false],
    ["ABCODE", false],
    ["ABCIDE", false],
    [" ABC23", false],
    ["", false],
  ])("%j → %j", (input, expected) => {
    expect(isJoinCode(input)).toBe(expected);
  });
});

describe("what the join form says about the format", () => {
  it("gives a valid example, names the left-out characters, and never calls a code digits only", () => {
    expect(isJoinCode(JOIN_CODE_EXAMPLE)).toBe(true);
    expect(JOIN_CODE_EXAMPLE).toMatch(/[A-Z]/);
    expect(JOIN_CODE_HINT).toContain(JOIN_CODE_EXAMPLE);
    for (const c of "0O1I") {
      expect(JOIN_CODE_ALPHABET).not.toContain(c);
      expect(JOIN_CODE_HINT).toContain(` ${c}`);
    }
    for (const text of [JOIN_CODE_PLACEHOLDER, JOIN_CODE_HINT]) expect(text).not.toMatch(/digit code/i);
  });
});
