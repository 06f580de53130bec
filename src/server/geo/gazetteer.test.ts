import { describe, expect, it } from "vitest";
import { haversineMiles } from "../../shared/search/search.rules";
import { geocodeCityState, resolveArea, resolvePlace, stateAbbreviation } from "./gazetteer";

const near = (place: { lat: number; lon: number } | null, lat: number, lon: number, miles = 3) => {
  expect(place).not.toBeNull();
  expect(haversineMiles(place!, { lat, lon })).toBeLessThan(miles);
};

describe("resolvePlace", () => {
  it.each([
    ["Austin, TX", "Austin, TX"],
    ["Austin TX", "Austin, TX"],
    ["austin", "Austin, TX"],
    ["Austin, Texas", "Austin, TX"],
    ["  AUSTIN ,  tx ", "Austin, TX"],
    ["78701", "Austin, TX 78701"],
    ["78701-1234", "Austin, TX 78701"],
    ["Austin, TX 78701", "Austin, TX 78701"],
    ["New York", "New York, NY"],
    ["New York, NY", "New York, NY"],
    ["New York City", "New York, NY"],
    ["new york new york", "New York, NY"],
    ["Salt Lake City Utah", "Salt Lake City, UT"],
    ["St. Louis, MO", "Saint Louis, MO"],
    ["st louis", "Saint Louis, MO"],
    ["Washington, DC", "Washington, DC"],
  ])("%s → %s", (typed, label) => {
    expect(resolvePlace(typed)?.label).toBe(label);
  });

  it("puts cities at their centres", () => {
    near(resolvePlace("Austin, TX"), 30.2672, -97.7431);
    near(resolvePlace("New York"), 40.7128, -74.006);
    near(resolvePlace("Dallas"), 32.7767, -96.797);
    near(resolvePlace("90210"), 34.09, -118.41);
  });

  it("an ambiguous name without a state is its most populous city", () => {
    expect(resolvePlace("Portland")?.label).toBe("Portland, OR");
    expect(resolvePlace("Portland, ME")?.label).toBe("Portland, ME");
    expect(resolvePlace("Springfield")?.label).toMatch(/^Springfield, (MO|MA|IL)$/);
    expect(resolvePlace("Brooklyn")?.label).toBe("Brooklyn, NY");
  });

  it.each(["", "   ", "Nowhere, ZZ", "Austin, Nowhere", "Austin, CA", "00000", "asdfghjkl", "Texas"])("%j is no point", (typed) => {
    expect(resolvePlace(typed)).toBeNull();
  });
});

describe("resolveArea", () => {
  it("reads a state's name as the state unless a big city has that name", () => {
    expect(resolveArea("Texas")).toEqual({ kind: "state", abbreviation: "TX" });
    expect(resolveArea("vermont")).toEqual({ kind: "state", abbreviation: "VT" });
    expect(resolveArea("TX")).toEqual({ kind: "state", abbreviation: "TX" });
    expect(resolveArea("New York")).toMatchObject({ kind: "point", place: { label: "New York, NY" } });
    expect(resolveArea("Washington")).toMatchObject({ kind: "point", place: { label: "Washington, DC" } });
    expect(resolveArea("Qwxzyville")).toBeNull();
  });
});

describe("distances between resolved places", () => {
  it.each([
    ["Austin, TX", "Dallas, TX", 182],
    ["Austin, TX", "San Antonio, TX", 74],
    ["New York, NY", "Los Angeles, CA", 2445],
    ["Boston, MA", "New York, NY", 190],
    ["Chicago, IL", "Milwaukee, WI", 81],
  ])("%s – %s ≈ %d miles", (a, b, miles) => {
    expect(Math.abs(haversineMiles(resolvePlace(a)!, resolvePlace(b)!) - miles)).toBeLessThanOrEqual(3);
  });
});

describe("geocodeCityState", () => {
  it("geocodes a teacher's saved city and state", () => {
    const austin = geocodeCityState("Austin", "TX");
    expect(austin).toEqual({ latitude: expect.any(Number), longitude: expect.any(Number) });
    expect(haversineMiles({ lat: austin!.latitude, lon: austin!.longitude }, { lat: 30.2672, lon: -97.7431 })).toBeLessThan(1);
    expect(geocodeCityState("austin", "Texas")).toEqual(austin);
    expect(geocodeCityState("Brooklyn", "New York")).not.toBeNull();
  });

  it("answers null for a place it does not know", () => {
    expect(geocodeCityState("Qwxzyville", "TX")).toBeNull();
    expect(geocodeCityState("Austin", "Qwxzy")).toBeNull();
    expect(geocodeCityState("", "")).toBeNull();
  });

  it("knows state names and abbreviations", () => {
    expect(stateAbbreviation("texas")).toBe("TX");
    expect(stateAbbreviation("District of Columbia")).toBe("DC");
    expect(stateAbbreviation("N.Y.")).toBe("NY");
    expect(stateAbbreviation("Ontario")).toBeNull();
  });
});
