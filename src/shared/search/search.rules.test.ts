import { describe, expect, it } from "vitest";
import { DEFAULT_FILTERS } from "./search.constants";
import type { SearchFilters } from "./search.schemas";
import {
  boundingBox,
  buildChips,
  clearedFilters,
  distanceRadiusMiles,
  formatDistance,
  formatExperience,
  formatRateRange,
  formatRating,
  formatStudents,
  haversineTermAt,
  hasMorePages,
  haversineMiles,
  initialsOf,
  instrumentFromText,
  lessonFormatsFor,
  minimumRating,
  offsetTooDeep,
  pageReadPlan,
  relevanceScore,
  totalPages,
  withoutChip,
} from "./search.rules";

describe("haversineMiles", () => {
  it.each([
    [{ lat: 30.2672, lon: -97.7431 }, { lat: 32.7767, lon: -96.797 }, 182], // Austin – Dallas
    [{ lat: 40.7128, lon: -74.006 }, { lat: 34.0522, lon: -118.2437 }, 2446], // New York – Los Angeles
    [{ lat: 51.5074, lon: -0.1278 }, { lat: 48.8566, lon: 2.3522 }, 214], // London – Paris
  ])("%o to %o ≈ %d miles", (a, b, miles) => {
    expect(Math.abs(haversineMiles(a, b) - miles)).toBeLessThanOrEqual(2);
    expect(haversineMiles(b, a)).toBeCloseTo(haversineMiles(a, b), 9);
  });

  it("is zero for the same point and half the globe for antipodes", () => {
    expect(haversineMiles({ lat: 10, lon: 20 }, { lat: 10, lon: 20 })).toBe(0);
    expect(haversineMiles({ lat: 0, lon: 0 }, { lat: 0, lon: 180 })).toBeCloseTo(Math.PI * 3958.7613, 3);
  });
});

describe("haversineTermAt", () => {
  it("is the haversine term of points that many miles apart, so h ≤ it means within the radius", () => {
    const centre = { lat: 30.2672, lon: -97.7431 };
    for (const miles of [5, 10, 25, 50]) {
      // Due north by `miles`: the haversine term of that pair is sin²(Δlat/2).
      const north = { lat: centre.lat + (miles / 3958.7613) * (180 / Math.PI), lon: centre.lon };
      expect(haversineMiles(centre, north)).toBeCloseTo(miles, 9);
      expect(haversineTermAt(miles)).toBeCloseTo(Math.sin(((north.lat - centre.lat) * Math.PI) / 360) ** 2, 15);
      expect(haversineTermAt(miles - 0.01)).toBeLessThan(haversineTermAt(miles));
    }
  });
});

describe("boundingBox", () => {
  it("contains every point of the circle and little more", () => {
    const centre = { lat: 40.7128, lon: -74.006 };
    const box = boundingBox(centre, 10);
    for (let bearing = 0; bearing < 360; bearing += 5) {
      // A point 9.99 miles away in every direction lies inside the box.
      const angle = 9.99 / 3958.7613;
      const b = (bearing * Math.PI) / 180;
      const lat1 = (centre.lat * Math.PI) / 180;
      const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(b));
      const lon2 = ((centre.lon * Math.PI) / 180) + Math.atan2(Math.sin(b) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2));
      const point = { lat: (lat2 * 180) / Math.PI, lon: (lon2 * 180) / Math.PI };
      expect(haversineMiles(centre, point)).toBeCloseTo(9.99, 6);
      expect(point.lat).toBeGreaterThanOrEqual(box.minLat);
      expect(point.lat).toBeLessThanOrEqual(box.maxLat);
      expect(point.lon).toBeGreaterThanOrEqual(box.minLon!);
      expect(point.lon).toBeLessThanOrEqual(box.maxLon!);
    }
    expect(box.maxLat - box.minLat).toBeCloseTo(0.2894, 3);
  });

  it("drops longitude bounds near the poles and across the 180° meridian", () => {
    expect(boundingBox({ lat: 89.5, lon: 0 }, 50)).toMatchObject({ minLon: null, maxLon: null });
    expect(boundingBox({ lat: 52, lon: 179.9 }, 50)).toMatchObject({ minLon: null, maxLon: null });
  });
});

describe("formatDistance", () => {
  it.each([
    [0, "Less than 1 mile away"],
    [0.99, "Less than 1 mile away"],
    [1, "1 mile away"],
    [1.4, "1 mile away"],
    [1.5, "2 miles away"],
    [12.2, "12 miles away"],
    [182.4, "182 miles away"],
  ])("%d → %s", (miles, text) => {
    expect(formatDistance(miles)).toBe(text);
  });
});

describe("filters", () => {
  it("maps a lesson type to the lesson formats that satisfy it", () => {
    expect(lessonFormatsFor("in-person")).toEqual(["in_person", "both"]);
    expect(lessonFormatsFor("online")).toEqual(["online", "both"]);
    expect(lessonFormatsFor("both")).toBeNull();
  });

  it("reads distance and rating choices", () => {
    expect(distanceRadiusMiles("25")).toBe(25);
    expect(distanceRadiusMiles("any")).toBeNull();
    expect(minimumRating("4.5")).toBe(4.5);
    expect(minimumRating("any")).toBeNull();
  });

  it.each([
    ["piano", "piano"],
    [" Piano ", "piano"],
    ["PIANOS", "piano"],
    ["guitars", "guitar"],
    ["singing", "voice"],
    ["sax", "saxophone"],
    ["drum", "drums"],
    ["drums", "drums"],
    ["bass guitar", "bass"],
    ["kazoo", null],
    ["", null],
  ])("instrumentFromText(%j) → %s", (text, instrument) => {
    expect(instrumentFromText(text)).toBe(instrument);
  });
});

describe("relevanceScore", () => {
  it("starts a new teacher at the prior and weighs evidence", () => {
    expect(relevanceScore(0, 0)).toBe(4);
    expect(relevanceScore(5, 1)).toBeCloseTo(4.1667, 4);
    expect(relevanceScore(3, 1)).toBeCloseTo(3.8333, 4);
    // Many good reviews beat one perfect review.
    expect(relevanceScore(24, 5)).toBeGreaterThan(relevanceScore(5, 1));
  });
});

describe("pages", () => {
  it("counts pages of 9", () => {
    expect(totalPages(0)).toBe(0);
    expect(totalPages(9)).toBe(1);
    expect(totalPages(10)).toBe(2);
    expect(hasMorePages(1, 9)).toBe(false);
    expect(hasMorePages(1, 10)).toBe(true);
    expect(hasMorePages(2, 18)).toBe(false);
  });

  it.each([
    [1, 20, { reverse: false, offset: 0, limit: 9 }],
    [2, 20, { reverse: true, offset: 2, limit: 9 }],
    [3, 20, { reverse: true, offset: 0, limit: 2 }],
    [4, 20, null],
    [1, 0, null],
    [1, 5, { reverse: false, offset: 0, limit: 5 }],
    [50, 1000, { reverse: false, offset: 441, limit: 9 }],
    [100, 1000, { reverse: true, offset: 100, limit: 9 }],
    [112, 1000, { reverse: true, offset: 0, limit: 1 }],
  ])("page %d of %d rows → %o", (page, total, plan) => {
    expect(pageReadPlan(page, total)).toEqual(plan);
  });

  it("opens a numbered page only within 100 pages of either end", () => {
    const total = 100_000;
    const read = (page: number) => pageReadPlan(page, total)!;
    expect(offsetTooDeep(read(100))).toBe(false);
    expect(offsetTooDeep(read(101))).toBe(true);
    expect(offsetTooDeep(read(5_556))).toBe(true); // the middle
    expect(offsetTooDeep(read(Math.ceil(total / 9) - 99))).toBe(false); // 100th from the end
    expect(offsetTooDeep(read(Math.ceil(total / 9) - 100))).toBe(true);
    expect(offsetTooDeep(read(Math.ceil(total / 9)))).toBe(false); // the last
  });
});

describe("chips", () => {
  const filters: SearchFilters = {
    ...DEFAULT_FILTERS,
    instrument: "cello",
    location: "Austin, TX",
    lessonType: "online",
  };

  it("shows one chip per filter that limits the results", () => {
    expect(buildChips(filters, { distanceApplies: true })).toEqual([
      { key: "instrument", label: "Cello" },
      { key: "location", label: "Austin, TX" },
      { key: "distance", label: "Within 10 miles" },
      { key: "lessonType", label: "Online" },
      { key: "minRating", label: "4.0+ stars" },
    ]);
    expect(buildChips(filters, { distanceApplies: false }).map((c) => c.key)).not.toContain("distance");
    expect(buildChips({ ...DEFAULT_FILTERS, minRating: "any" }, { distanceApplies: false })).toEqual([]);
  });

  it("removing a chip stops that filter", () => {
    expect(withoutChip(filters, "instrument").instrument).toBeUndefined();
    expect(withoutChip(filters, "location")).toMatchObject({ location: undefined, distance: "10" });
    expect(withoutChip(filters, "distance").distance).toBe("any");
    expect(withoutChip(filters, "lessonType").lessonType).toBe("both");
    expect(withoutChip(filters, "minRating").minRating).toBe("any");
  });

  it("Clear all leaves no chip and keeps the sort", () => {
    const cleared = clearedFilters({ ...filters, sort: "price-asc" });
    expect(buildChips(cleared, { distanceApplies: true })).toEqual([]);
    expect(cleared.sort).toBe("price-asc");
  });
});

describe("card texts", () => {
  it("formats rates, experience, students, rating and initials", () => {
    expect(formatRateRange(40, 60)).toBe("$40-60/hr");
    expect(formatRateRange(50, 50)).toBe("$50/hr");
    expect(formatExperience("5+")).toBe("5+ years experience");
    expect(formatExperience("Less than 1")).toBe("Less than 1 year experience");
    expect(formatStudents(0)).toBe("0 students");
    expect(formatStudents(1)).toBe("1 student");
    expect(formatRating(null, 0)).toBe("New");
    expect(formatRating(4.5, 1)).toBe("4.5 (1 review)");
    expect(formatRating(4, 12)).toBe("4.0 (12 reviews)");
    expect(initialsOf("Taylor Morgan")).toBe("TM");
    expect(initialsOf("Min-ji Lee")).toBe("ML");
    expect(initialsOf("Cher")).toBe("C");
  });
});
