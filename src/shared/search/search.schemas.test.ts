import { describe, expect, it } from "vitest";
import { searchQuerySchema } from "./search.schemas";

describe("searchQuerySchema", () => {
  it("applies the spec's defaults (distance 10, rating 4.0, both, relevance, page 1)", () => {
    expect(searchQuerySchema.parse({})).toEqual({
      instrument: undefined,
      location: undefined,
      distance: "10",
      lessonType: "both",
      minRating: "4.0",
      sort: "relevance",
      page: 1,
    });
  });

  it("reads every filter", () => {
    expect(
      searchQuerySchema.parse({
        instrument: "cello",
        location: "  Austin,   TX ",
        distance: "any",
        lessonType: "in-person",
        minRating: "4",
        sort: "price-desc",
        page: "3",
      }),
    ).toEqual({
      instrument: "cello",
      location: "Austin, TX",
      distance: "any",
      lessonType: "in-person",
      minRating: "4.0",
      sort: "price-desc",
      page: 3,
    });
  });

  it.each([
    [{ page: "-1" }, "Page must be a whole number of 1 or more."],
    [{ page: "0" }, "Page must be a whole number of 1 or more."],
    [{ page: "2.5" }, "Page must be a whole number of 1 or more."],
    [{ page: "9999999999" }, "Page must be a whole number of 1 or more."],
    [{ sort: "newest" }, "Sort must be one of: relevance, rating, price-asc, price-desc, experience."],
    [{ instrument: "Piano" }, "Choose an instrument from the list."],
    [{ location: "x".repeat(10_000) }, "Location must be at most 100 characters: a city and state, or a ZIP code."],
    [{ distance: "100" }, "Distance must be 5, 10, 15, 25 or 50 miles, or any."],
    [{ minRating: "5" }, "Minimum rating must be 4.5, 4.0, 3.5 or any."],
    [{ lessonType: "hybrid" }, "Lesson type must be in-person, online or both."],
  ])("%o is refused: %s", (query, message) => {
    const result = searchQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it("takes blank values as not set", () => {
    expect(searchQuerySchema.parse({ instrument: "", location: "   ", page: "", sort: "" })).toMatchObject({
      instrument: undefined,
      location: undefined,
      page: 1,
      sort: "relevance",
    });
  });
});
