import { describe, expect, it } from "vitest";
import { DEFAULT_FILTERS, DISTANCE_OPTIONS, LESSON_TYPES, SORT_KEYS } from "./search.constants";
import { choiceOf, locationOf, ratingOf } from "./search-params.rules";
import { searchQuerySchema } from "./search.schemas";

// The URL of /find-teachers is read without zod; these readers must agree with the API's schema
// on every value, or a link would show one search and fetch another.
const samples = [
  undefined,
  null,
  "",
  "   ",
  "5",
  "10",
  " 10 ",
  "any",
  "4",
  "4.00",
  "4.5",
  "3.50",
  "5.0",
  "abc",
  "online",
  "in-person",
  "both",
  "relevance",
  "price-asc",
  "Rating",
  "New York, NY",
  "  Austin,   TX  ",
  "x".repeat(100),
  "x".repeat(101),
  " 10001 ",
];

function bySchema<Key extends "distance" | "lessonType" | "minRating" | "sort" | "location">(key: Key, value: string | null | undefined) {
  const parsed = searchQuerySchema.shape[key].safeParse(value ?? undefined);
  return parsed.success ? parsed.data : undefined;
}

describe("search query readers agree with the API's schema", () => {
  it.each(samples.map((s) => [s]))("%j", (value) => {
    expect(choiceOf(DISTANCE_OPTIONS, value) ?? DEFAULT_FILTERS.distance).toBe(bySchema("distance", value) ?? DEFAULT_FILTERS.distance);
    expect(choiceOf(LESSON_TYPES, value) ?? DEFAULT_FILTERS.lessonType).toBe(bySchema("lessonType", value) ?? DEFAULT_FILTERS.lessonType);
    expect(ratingOf(value) ?? DEFAULT_FILTERS.minRating).toBe(bySchema("minRating", value) ?? DEFAULT_FILTERS.minRating);
    expect(choiceOf(SORT_KEYS, value) ?? DEFAULT_FILTERS.sort).toBe(bySchema("sort", value) ?? DEFAULT_FILTERS.sort);
    expect(locationOf(value)).toBe(bySchema("location", value));
  });

  it("reads the values the page writes", () => {
    expect(ratingOf("4")).toBe("4.0");
    expect(locationOf("  Austin,   TX ")).toBe("Austin, TX");
    expect(locationOf("x".repeat(101))).toBeUndefined();
    expect(choiceOf(SORT_KEYS, "price-desc")).toBe("price-desc");
    expect(choiceOf(SORT_KEYS, "toString")).toBeUndefined();
  });
});
