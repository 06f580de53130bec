import { describe, expect, it } from "vitest";
import { parseRange } from "./http-range";

describe("parseRange", () => {
  it.each([
    [undefined, 1000, { kind: "full" }],
    ["", 1000, { kind: "full" }],
    ["bytes=0-99", 1000, { kind: "partial", start: 0, end: 99 }],
    ["bytes=100-", 1000, { kind: "partial", start: 100, end: 999 }],
    ["bytes=-100", 1000, { kind: "partial", start: 900, end: 999 }],
    ["bytes=-5000", 1000, { kind: "partial", start: 0, end: 999 }],
    ["bytes=900-5000", 1000, { kind: "partial", start: 900, end: 999 }],
    ["bytes=999-999", 1000, { kind: "partial", start: 999, end: 999 }],
    ["bytes=1000-", 1000, { kind: "unsatisfiable" }],
    ["bytes=5000-6000", 1000, { kind: "unsatisfiable" }],
    ["bytes=-0", 1000, { kind: "unsatisfiable" }],
    ["bytes=0-", 0, { kind: "unsatisfiable" }],
    ["bytes=-1", 0, { kind: "unsatisfiable" }],
    // Malformed, reversed or multi-range requests get the whole file (allowed by the RFC).
    ["bytes=50-10", 1000, { kind: "full" }],
    ["bytes=0-10,20-30", 1000, { kind: "full" }],
    ["items=0-10", 1000, { kind: "full" }],
    ["bytes=a-b", 1000, { kind: "full" }],
    ["bytes=-", 1000, { kind: "full" }],
  ])("%j of a %i byte file → %j", (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});
