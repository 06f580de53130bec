import { describe, expect, it } from "vitest";
import { reviewInputSchema } from "./reviews.schemas";
import { ratingSummary, reviewAuthorName } from "./reviews.rules";

describe("reviewAuthorName", () => {
  it.each([
    ["Jordan", "Rivera", "Jordan R."],
    ["  Jordan ", " rivera", "Jordan R."],
    ["Élodie", "Ørsted", "Élodie Ø."],
    ["Jordan", "", "Jordan"],
    ["", "Rivera", "R."],
    ["", "", "A parent"],
  ])("%j %j → %j", (first, last, expected) => {
    expect(reviewAuthorName(first, last)).toBe(expected);
  });
});

describe("ratingSummary", () => {
  it.each([
    [null, 0, "New — no reviews yet"],
    [4.7, 12, "4.7 (12 reviews)"],
    [5, 1, "5.0 (1 review)"],
    [3.25, 4, "3.3 (4 reviews)"],
  ])("%j with %j reviews → %j", (rating, count, expected) => {
    expect(ratingSummary(rating, count)).toBe(expected);
  });
});

describe("reviewInputSchema", () => {
  const body = "Patient, clear and fun.";
  it.each([
    [{ rating: 1, body }, true],
    [{ rating: 5, body }, true],
    [{ rating: 0, body }, false],
    [{ rating: 6, body }, false],
    [{ rating: 2.5, body }, false],
    [{ rating: "5", body }, false],
    [{ rating: 4, body: "x".repeat(9) }, false],
    [{ rating: 4, body: `  ${"x".repeat(9)}  ` }, false],
    [{ rating: 4, body: "x".repeat(10) }, true],
    [{ rating: 4, body: "x".repeat(2000) }, true],
    [{ rating: 4, body: "x".repeat(2001) }, false],
    [{ rating: 4 }, false],
  ])("%#: %j is valid: %j", (input, valid) => {
    expect(reviewInputSchema.safeParse(input).success).toBe(valid);
  });

  it("trims the text it keeps", () => {
    expect(reviewInputSchema.parse({ rating: 3, body: `  ${body}\n` }).body).toBe(body);
  });
});

describe("review text length counts characters, as the database does", () => {
  it("accepts ten emoji (twenty UTF-16 units) and refuses five", () => {
    expect(reviewInputSchema.safeParse({ rating: 5, body: "🎹".repeat(10) }).success).toBe(true);
    expect(reviewInputSchema.safeParse({ rating: 5, body: "🎹".repeat(5) }).success).toBe(false);
    expect(reviewInputSchema.safeParse({ rating: 5, body: "🎹".repeat(2000) }).success).toBe(true);
  });
});
