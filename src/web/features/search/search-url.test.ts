import { describe, expect, it } from "vitest";
import { DEFAULT_FILTERS } from "../../../shared/search/search.constants";
import { apiQueryOf, profilePath, readUrlSearch, urlParamsOf } from "./search-url";

const STUDENT = "3f0c8a8e-1d2b-4c5d-8e9f-0a1b2c3d4e5f";
const read = (query: string, state?: Parameters<typeof readUrlSearch>[1]) => readUrlSearch(new URLSearchParams(query), state);

describe("readUrlSearch", () => {
  it("reads the landing page's search: typed instrument text and a place", () => {
    expect(read("instrument=piano&location=Austin%2C+TX")).toEqual({
      filters: { ...DEFAULT_FILTERS, instrument: "piano", location: "Austin, TX" },
      unknownInstrument: null,
      studentId: null,
    });
    expect(read("instrument=Guitars").filters.instrument).toBe("guitar");
    expect(read("instrument=cello").filters.instrument).toBe("cello");
  });

  it("keeps unknown instrument text as a note instead of failing", () => {
    expect(read("instrument=kazoo&location=Boston")).toMatchObject({
      filters: { instrument: undefined, location: "Boston" },
      unknownInstrument: "kazoo",
    });
  });

  it("falls back to the default for each odd value, keeping the others", () => {
    expect(read("distance=7&minRating=9&sort=cheapest&lessonType=online").filters).toEqual({
      ...DEFAULT_FILTERS,
      lessonType: "online",
    });
    expect(read(`location=${"x".repeat(150)}`).filters.location).toBeUndefined();
  });

  it("honours the student page's query parameters and router state", () => {
    expect(read(`lessonType=in-person&studentId=${STUDENT}`)).toMatchObject({
      filters: { lessonType: "in-person" },
      studentId: STUDENT,
    });
    expect(read("", { filters: { lessonType: "in_person" }, studentId: STUDENT })).toMatchObject({
      filters: { lessonType: "in-person" },
      studentId: STUDENT,
    });
    // The URL wins over router state.
    expect(read("lessonType=online", { filters: { lessonType: "in-person" } }).filters.lessonType).toBe("online");
    expect(read("studentId=not-a-uuid").studentId).toBeNull();
  });
});

describe("urlParamsOf", () => {
  it("leaves defaults out and round-trips", () => {
    expect(urlParamsOf(DEFAULT_FILTERS, null).toString()).toBe("");
    const filters = { ...DEFAULT_FILTERS, instrument: "violin" as const, location: "New York, NY", distance: "25" as const, minRating: "any" as const, sort: "price-asc" as const };
    const params = urlParamsOf(filters, STUDENT);
    expect(params.toString()).toBe(`instrument=violin&location=New+York%2C+NY&distance=25&minRating=any&sort=price-asc&studentId=${STUDENT}`);
    expect(readUrlSearch(params)).toEqual({ filters, unknownInstrument: null, studentId: STUDENT });
  });
});

describe("apiQueryOf and profilePath", () => {
  it("builds the API query of the first page, and of the page after a cursor", () => {
    const first = { instrument: "piano", distance: "10", lessonType: "both", minRating: "4.0", sort: "relevance" };
    expect(apiQueryOf({ ...DEFAULT_FILTERS, instrument: "piano" }, null)).toEqual(first);
    expect(apiQueryOf({ ...DEFAULT_FILTERS, instrument: "piano" }, "abc_-")).toEqual({ ...first, cursor: "abc_-" });
  });

  it("carries the student to the profile", () => {
    expect(profilePath("abc", null)).toBe("/teacher/profile/abc");
    expect(profilePath("abc", STUDENT)).toBe(`/teacher/profile/abc?studentId=${STUDENT}`);
    // The searched lesson type preselects the booking's format on the profile (issue 26).
    expect(profilePath("abc", null, "online")).toBe("/teacher/profile/abc?lessonType=online");
    expect(profilePath("abc", STUDENT, "in-person")).toBe(`/teacher/profile/abc?studentId=${STUDENT}&lessonType=in-person`);
    expect(profilePath("abc", null, "both")).toBe("/teacher/profile/abc");
  });
});
