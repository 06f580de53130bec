import { describe, expect, it } from "vitest";
import { landingFigures, roundedFigure } from "./landing.rules";

describe("roundedFigure never claims more than the count", () => {
  it.each([
    [0, "0"],
    [7, "7"],
    [10, "10+"],
    [64, "60+"],
    [999, "990+"],
    [1234, "1,200+"],
    [9999, "9,900+"],
    [52_300, "52K+"],
  ])("%i → %s", (count, expected) => {
    expect(roundedFigure(count)).toBe(expected);
  });
});

describe("landingFigures", () => {
  it("drops zero figures and a rating without reviews", () => {
    expect(landingFigures({ teachers: 64, students: 0, instruments: 12, averageRating: null, reviews: 0 })).toEqual([
      { value: "60+", label: "Qualified Teachers" },
      { value: "12", label: "Instruments" },
    ]);
  });

  it("shows the average rating with one decimal", () => {
    expect(landingFigures({ teachers: 0, students: 2, instruments: 0, averageRating: 4.8, reviews: 31 })).toEqual([
      { value: "2", label: "Active Students" },
      { value: "4.8/5", label: "Average Rating" },
    ]);
  });
});
