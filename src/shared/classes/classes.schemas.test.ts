import { describe, expect, it } from "vitest";
import {
  categoriesEditSchema,
  categoryValueEditSchema,
  classCreateSchema,
  classJoinSchema,
  classUpdateSchema,
  FORMAT_MESSAGE,
  gradeCreateSchema,
  JOIN_CODE_MESSAGE,
  progressFormatEditSchema,
  progressMetricsSchema,
  REQUIRED_FIELDS_MESSAGE,
  SCORE_MESSAGE,
} from "./classes.schemas";
import { newClassProgress } from "./progress.rules";

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };

/** The first message for `field` ("_" for the object itself); fails when the input was accepted. */
function firstMessage(result: Result, field: string) {
  expect(result.success).toBe(false);
  return result.error?.issues.find((i) => (i.path.length ? String(i.path[0]) : "_") === field)?.message;
}

const STUDENT_ID = "0b6f2d4e-3c1a-4f8e-9a7b-2d5c6e8f1a3b";

describe("classCreateSchema", () => {
  it("trims, defaults the description to empty and the format to xp", () => {
    expect(classCreateSchema.parse({ name: "  Piano Basics " })).toEqual({ name: "Piano Basics", description: "", format: "xp" });
    expect(classCreateSchema.parse({ name: "Theory", description: " Weekly ", format: "grade" })).toEqual({
      name: "Theory",
      description: "Weekly",
      format: "grade",
    });
  });

  it.each([
    [{}, "name", "Class name is required"],
    [{ name: "   " }, "name", "Class name is required"],
    [{ name: 7 }, "name", "Class name must be text"],
    [{ name: "x".repeat(101) }, "name", "Class name must be at most 100 characters"],
    [{ name: "Piano", description: "x".repeat(1001) }, "description", "Description must be at most 1000 characters"],
    [{ name: "Piano", format: "points" }, "format", FORMAT_MESSAGE],
  ])("%j → %s: %s", (input, field, message) => {
    expect(firstMessage(classCreateSchema.safeParse(input), field)).toBe(message);
  });
});

describe("classUpdateSchema", () => {
  it.each([
    [{ name: " Violin " }, { name: "Violin" }],
    [{ description: "" }, { description: "" }],
    [{ name: "A", description: "B" }, { name: "A", description: "B" }],
  ])("%j → %j", (input, output) => {
    expect(classUpdateSchema.parse(input)).toEqual(output);
  });

  it.each([
    [{}, "_", "Nothing to update"],
    [{ name: "" }, "name", "Class name is required"],
  ])("%j → %s: %s", (input, field, message) => {
    expect(firstMessage(classUpdateSchema.safeParse(input), field)).toBe(message);
  });
});

describe("classJoinSchema", () => {
  it.each([
    ["ABC234", "ABC234"],
    [" abc234 ", "ABC234"],
    ["zz9988", "ZZ9988"],
  ])("code %j → %j", (code, normalized) => {
    expect(classJoinSchema.parse({ code, studentId: STUDENT_ID })).toEqual({ code: normalized, studentId: STUDENT_ID });
  });

  it.each([
    [{ studentId: STUDENT_ID }, "code", "Join code is required"],
    [{ code: "  ", studentId: STUDENT_ID }, "code", "Join code is required"],
    [{ code: "ABC23", studentId: STUDENT_ID }, "code", JOIN_CODE_MESSAGE],
    [{ code: "ABC2345", studentId: STUDENT_ID }, "code", JOIN_CODE_MESSAGE],
    [{ code: "ABC0DE", studentId: STUDENT_ID }, "code", JOIN_CODE_MESSAGE],
    [{ code: "abc1de", studentId: STUDENT_ID }, "code", JOIN_CODE_MESSAGE],
    [{ code: "AB-234", studentId: STUDENT_ID }, "code", JOIN_CODE_MESSAGE],
    [{ code: 123456, studentId: STUDENT_ID }, "code", JOIN_CODE_MESSAGE],
    [{ code: "ABC234" }, "studentId", "Please choose a student"],
    [{ code: "ABC234", studentId: "" }, "studentId", "Please choose a student"],
    [{ code: "ABC234", studentId: "student-1" }, "studentId", "Please choose a student"],
  ])("%j → %s: %s", (input, field, message) => {
    expect(firstMessage(classJoinSchema.safeParse(input), field)).toBe(message);
  });
});

describe("gradeCreateSchema", () => {
  const valid = { title: "Scales quiz", category: "Technique", score: 85 };

  it("trims, defaults feedback to empty and treats an empty date as none", () => {
    expect(gradeCreateSchema.parse({ ...valid, title: " Scales quiz ", feedback: " Good ", date: "" })).toEqual({
      ...valid,
      feedback: "Good",
      date: undefined,
    });
    expect(gradeCreateSchema.parse({ ...valid, date: "2026-11-22" })).toEqual({ ...valid, feedback: "", date: "2026-11-22" });
  });

  it.each([0, 100, 69, 70, 89, 90])("accepts the score %i", (score) => {
    expect(gradeCreateSchema.parse({ ...valid, score }).score).toBe(score);
  });

  it.each([
    [{ ...valid, title: undefined }, "title", REQUIRED_FIELDS_MESSAGE],
    [{ ...valid, title: "   " }, "title", REQUIRED_FIELDS_MESSAGE],
    [{ ...valid, category: "" }, "category", REQUIRED_FIELDS_MESSAGE],
    [{ ...valid, category: undefined }, "category", REQUIRED_FIELDS_MESSAGE],
    [{ ...valid, score: undefined }, "score", REQUIRED_FIELDS_MESSAGE],
    [{ ...valid, score: Number.NaN }, "score", REQUIRED_FIELDS_MESSAGE],
    [{ ...valid, score: 101 }, "score", SCORE_MESSAGE],
    [{ ...valid, score: -1 }, "score", SCORE_MESSAGE],
    [{ ...valid, score: 85.5 }, "score", SCORE_MESSAGE],
    [{ ...valid, score: "85" }, "score", SCORE_MESSAGE],
    [{ ...valid, score: "abc" }, "score", SCORE_MESSAGE],
    [{ ...valid, score: Number.POSITIVE_INFINITY }, "score", SCORE_MESSAGE],
    [{ ...valid, title: "x".repeat(201) }, "title", "Title must be at most 200 characters"],
    [{ ...valid, feedback: "x".repeat(2001) }, "feedback", "Feedback must be at most 2000 characters"],
    [{ ...valid, date: "2026-02-30" }, "date", "Date must be a real date (yyyy-MM-dd)"],
    [{ ...valid, date: "22/11/2026" }, "date", "Date must be a real date (yyyy-MM-dd)"],
    [{ ...valid, date: 20261122 }, "date", "Date must be a real date (yyyy-MM-dd)"],
  ])("%j → %s: %s", (input, field, message) => {
    expect(firstMessage(gradeCreateSchema.safeParse(input), field)).toBe(message);
  });
});

describe("categoriesEditSchema", () => {
  it("trims the names and keeps their order", () => {
    expect(categoriesEditSchema.parse({ categories: [" Technique ", "Ear Training"] })).toEqual({ categories: ["Technique", "Ear Training"] });
  });

  it.each([
    [{}, "Please add at least one category"],
    [{ categories: [] }, "Please add at least one category"],
    [{ categories: ["Technique", " technique"] }, "This category already exists"],
    [{ categories: ["Rhythm", "Piano", "PIANO"] }, "This category already exists"],
    [{ categories: ["Rhythm", "  "] }, "Category name is required"],
    [{ categories: ["x".repeat(51)] }, "Category name must be at most 50 characters"],
    [{ categories: Array.from({ length: 13 }, (_, i) => `Skill ${i}`) }, "Add at most 12 categories"],
    [{ categories: "Technique" }, "Categories must be a list"],
  ])("%j → %s", (input, message) => {
    expect(firstMessage(categoriesEditSchema.safeParse(input), "categories")).toBe(message);
  });
});

describe("categoryValueEditSchema", () => {
  it.each([
    [0, 0],
    [100, 100],
    [72.4, 72],
    [99.5, 100],
  ])("%j → %i", (value, expected) => {
    expect(categoryValueEditSchema.parse({ value })).toEqual({ value: expected });
  });

  it.each([
    [{}, "Value is required"],
    [{ value: true }, "Value must be a number"],
    [{ value: [5] }, "Value must be a number"],
    [{ value: "42" }, "Value must be a number"],
    [{ value: null }, "Value must be a number"],
    [{ value: 101 }, "Value must be between 0 and 100"],
    [{ value: -1 }, "Value must be between 0 and 100"],
  ])("%j → %s", (input, message) => {
    expect(firstMessage(categoryValueEditSchema.safeParse(input), "value")).toBe(message);
  });
});

describe("progressFormatEditSchema", () => {
  it.each([
    [{ format: "xp" }, true],
    [{ format: "grade" }, true],
    [{ format: "GRADE" }, false],
    [{}, false],
  ])("%j is valid: %j", (input, valid) => {
    expect(progressFormatEditSchema.safeParse(input).success).toBe(valid);
  });
});

describe("progressMetricsSchema", () => {
  const xp = newClassProgress("xp");
  const grade = newClassProgress("grade");
  const first = xp.categories[0]!;
  const withFirst = (change: object) => ({ ...xp, categories: [{ ...first, ...change }, ...xp.categories.slice(1)] });

  it.each([
    ["a new xp class", xp, true],
    ["a new grade class", grade, true],
    ["scores at the scale's ends", withFirst({ score: 300 }), true],
    ["scores at the top", withFirst({ score: 850 }), true],
    ["an empty object", {}, false],
    ["an unknown format", { ...xp, format: "points" }, false],
    ["xp at the threshold", { ...xp, xp: 1000 }, false],
    ["negative xp", { ...xp, xp: -1 }, false],
    ["level 0", { ...xp, level: 0 }, false],
    ["a fractional level", { ...xp, level: 1.5 }, false],
    ["a threshold of 0", { ...xp, xp: 0, xpToNextLevel: 0 }, false],
    ["no categories", { ...xp, categories: [] }, false],
    ["a value of 101", withFirst({ value: 101 }), false],
    ["a value of -1", withFirst({ value: -1 }), false],
    ["a category level of 6", withFirst({ level: 6 }), false],
    ["a score of 299", withFirst({ score: 299 }), false],
    ["a score of 851", withFirst({ score: 851 }), false],
    ["a missing score", withFirst({ score: undefined }), false],
    ["a text value", withFirst({ value: "50" }), false],
    ["an achievement worth 0 xp", withFirst({ achievements: [{ ...first.achievements[0], xp: 0 }] }), false],
    ["duplicate achievement ids", withFirst({ achievements: [first.achievements[0], first.achievements[0]] }), false],
    ["duplicate category ids", { ...xp, categories: [first, { ...first, name: "Other" }] }, false],
    ["duplicate category names", { ...xp, categories: [first, { ...first, id: "other", name: "TECHNIQUE" }] }, false],
    ["a grade overall below 300", { ...grade, overall: 0 }, false],
    ["an xp overall above 100", { ...xp, overall: 650 }, false],
  ])("%s is valid: %j", (_label, value, valid) => {
    expect(progressMetricsSchema.safeParse(value).success).toBe(valid);
  });
});
