import { describe, expect, it } from "vitest";
import type { SearchFilters } from "../../../shared/search/search.schemas";
import { filtersShownByControls } from "./filters-before-hydration";

const filters: SearchFilters = { instrument: "piano", location: "New York, NY", distance: "25", lessonType: "in-person", minRating: "any", sort: "relevance" };
const asShown = { instrument: "piano", distance: "25", minRating: "any", lessonType: "in-person" };

describe("filters changed before the page was hydrated", () => {
  it("is null when the controls show the filters", () => {
    expect(filtersShownByControls(filters, asShown)).toBeNull();
    expect(filtersShownByControls(filters, { instrument: null, distance: null, minRating: null, lessonType: null })).toBeNull();
  });

  it("takes each changed control, keeping the rest (the location is the box's own)", () => {
    expect(filtersShownByControls(filters, { ...asShown, instrument: "violin" })).toEqual({ ...filters, instrument: "violin" });
    expect(filtersShownByControls(filters, { ...asShown, minRating: "4.5", lessonType: "online" })).toEqual({ ...filters, minRating: "4.5", lessonType: "online" });
    expect(filtersShownByControls(filters, { ...asShown, distance: "50" })).toEqual({ ...filters, distance: "50" });
  });

  it("All instruments clears the instrument", () => {
    expect(filtersShownByControls(filters, { ...asShown, instrument: "" })).toEqual({ location: "New York, NY", distance: "25", lessonType: "in-person", minRating: "any", sort: "relevance" });
  });

  it("ignores a value the page never offers", () => {
    expect(filtersShownByControls(filters, { instrument: "kazoo-x", distance: "7", minRating: "5", lessonType: "by-mail" })).toBeNull();
  });
});
