import { describe, it, expect } from "vitest";
import { findTeachersUrl } from "./find-teachers-url";

describe("findTeachersUrl", () => {
  it.each([
    { instrument: "", location: "", expected: "/find-teachers" },
    { instrument: "   ", location: "\t ", expected: "/find-teachers" },
    { instrument: "Piano", location: "", expected: "/find-teachers?instrument=piano" },
    { instrument: "  GUITAR ", location: "", expected: "/find-teachers?instrument=guitar" },
    { instrument: "", location: " Austin, TX ", expected: "/find-teachers?location=Austin%2C+TX" },
    { instrument: "", location: "78701", expected: "/find-teachers?location=78701" },
    { instrument: "Violin", location: "Austin", expected: "/find-teachers?instrument=violin&location=Austin" },
    { instrument: "Bass Guitar", location: "New York, NY", expected: "/find-teachers?instrument=bass+guitar&location=New+York%2C+NY" },
    { instrument: "R&B voice", location: "a=b?c#d", expected: "/find-teachers?instrument=r%26b+voice&location=a%3Db%3Fc%23d" },
  ])("($instrument, $location) → $expected", ({ instrument, location, expected }) => {
    expect(findTeachersUrl(instrument, location)).toBe(expected);
  });

  it("round-trips through URLSearchParams", () => {
    const url = findTeachersUrl(" Cello ", " São Paulo & Rio ");
    const params = new URLSearchParams(url.split("?")[1]);
    expect(params.get("instrument")).toBe("cello");
    expect(params.get("location")).toBe("São Paulo & Rio");
  });
});
