import { describe, expect, it } from "vitest";
import { aboutSentence, initials, offersOnline, rateRange, teacherTitle } from "./public-profile.rules";

describe("aboutSentence", () => {
  it.each([
    ["5+", ["piano"], "Conservatory", "Taylor has 5+ years of experience teaching piano and a conservatory education."],
    ["Less than 1", ["voice"], "Self-Taught", "Taylor has less than a year of experience teaching voice and is self-taught."],
    ["1-3", ["guitar", "bass"], "Degree", "Taylor has 1-3 years of experience teaching guitar and a music degree."],
    ["3-5", [], "Private", "Taylor has 3-5 years of experience teaching music and private musical training."],
  ] as const)("%s, %j, %s", (teachingExperienceYears, instruments, educationBackground, expected) => {
    expect(aboutSentence({ firstName: "Taylor", teachingExperienceYears, instruments, educationBackground })).toBe(expected);
  });
});

describe("rateRange", () => {
  it.each([
    [60, 90, "$60-90"],
    [45, 45, "$45"],
    [0, 20, "$0-20"],
  ])("%d-%d → %s", (min, max, expected) => {
    expect(rateRange(min, max)).toBe(expected);
  });
});

describe("teacherTitle", () => {
  it.each([
    [["piano", "voice"], "Piano Teacher"],
    [["ukulele"], "Ukulele Teacher"],
    [[], "Music Teacher"],
  ] as const)("%j → %s", (instruments, expected) => {
    expect(teacherTitle(instruments)).toBe(expected);
  });
});

describe("offersOnline", () => {
  it.each([
    ["online", true],
    ["both", true],
    ["in_person", false],
  ] as const)("%s → %j", (format, expected) => {
    expect(offersOnline(format)).toBe(expected);
  });
});

describe("initials", () => {
  it.each([
    ["Taylor", "Morgan", "TM"],
    [" élodie", "ørsted", "ÉØ"],
    ["Cher", "", "C"],
  ])("%j %j → %s", (first, last, expected) => {
    expect(initials(first, last)).toBe(expected);
  });
});
