import { describe, expect, it } from "vitest";
import { CURSOR_DAMAGED_MESSAGE, CURSOR_OTHER_SEARCH_MESSAGE, encodeSearchCursor, filtersHash } from "./search-cursor";
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

  it("reads a cursor of the same search, and refuses one of another, a damaged one, or one with a page number", () => {
    const query = { instrument: "piano", sort: "rating" };
    const cursor = { keys: [4.5, 2, "0f8b6a8e-3c1d-4a56-9e2f-1b2c3d4e5f60"], position: 9, filters: filtersHash(searchQuerySchema.parse(query)) };
    const text = encodeSearchCursor(cursor);
    expect(searchQuerySchema.parse({ ...query, cursor: text }).cursor).toEqual(cursor);
    expect(searchQuerySchema.parse({ ...query, cursor: "" }).cursor).toBeUndefined();
    const issue = (input: Record<string, string>) => searchQuerySchema.safeParse(input).error?.issues[0];
    expect(issue({ ...query, sort: "price-asc", cursor: text })).toMatchObject({ path: ["cursor"], message: CURSOR_OTHER_SEARCH_MESSAGE });
    expect(issue({ ...query, location: "Austin, TX", cursor: text })?.message).toBe(CURSOR_OTHER_SEARCH_MESSAGE);
    expect(issue({ ...query, cursor: `${text}A` })).toMatchObject({ path: ["cursor"], message: CURSOR_DAMAGED_MESSAGE });
    expect(issue({ ...query, cursor: "x".repeat(1_000) })?.message).toBe(CURSOR_DAMAGED_MESSAGE);
    expect(issue({ ...query, cursor: text, page: "2" })).toMatchObject({ path: ["page"], message: "Give either page or cursor, not both." });
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
