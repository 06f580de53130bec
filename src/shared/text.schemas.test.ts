import { describe, expect, it } from "vitest";
import { boundedText, findUnsafeText, isSafeText, requiredText } from "./text.schemas";

describe("safe text", () => {
  it.each([
    ["plain", true],
    ["emoji 🎹 keeps its pair", true],
    ["Ünïcödé and 日本語", true],
    ["a\u0000b", false],
    ["lone high \ud800 half", false],
    ["lone low \udc00 half", false],
    ["reversed pair \udc00\ud800", false],
    ["\ud83c", false],
  ])("%j is safe: %s", (value, safe) => {
    expect(isSafeText(value)).toBe(safe);
  });

  it("finds the first unsafe string anywhere, by path", () => {
    expect(findUnsafeText({ a: "ok", b: [1, "fine", { c: "x\u0000" }] })).toEqual(["b", 2, "c"]);
    expect(findUnsafeText({ ["k\u0000"]: 1 })).toEqual(["k\u0000"]);
    expect(findUnsafeText("top\ud800")).toEqual([]);
    expect(findUnsafeText({ a: "ok", n: 5, z: null })).toBeUndefined();
  });

  it("requiredText and boundedText refuse it with the field's label", () => {
    expect(requiredText("First name", 50).safeParse("a\u0000b").error?.issues[0]?.message).toBe(
      "First name contains a character that is not allowed",
    );
    expect(boundedText("Bio", 50).safeParse("\udfff").success).toBe(false);
    expect(requiredText("First name", 50).safeParse("Ada 🎻").success).toBe(true);
  });
});
