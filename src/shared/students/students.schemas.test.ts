import { describe, expect, it } from "vitest";
import {
  AGE_MESSAGE,
  NOTHING_TO_UPDATE_MESSAGE,
  repertoireCreateSchema,
  studentCreateSchema,
  studentEditFormSchema,
  studentUpdateSchema,
} from "./students.schemas";

function firstMessage(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) {
  expect(result.success).toBe(false);
  return result.error?.issues.find((i) => (i.path.length ? String(i.path[0]) : "_") === field)?.message;
}

const validStudent = { firstName: "Ada", lastName: "Lovelace", age: 9, interests: ["Jazz"] };

describe("studentCreateSchema", () => {
  it("trims names and defaults interests to none", () => {
    expect(studentCreateSchema.parse({ firstName: "  Ada ", lastName: " Lovelace ", age: 9 })).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      age: 9,
      interests: [],
    });
  });

  it.each([
    [{ ...validStudent, firstName: undefined }, "firstName", "First name is required"],
    [{ ...validStudent, firstName: "   " }, "firstName", "First name is required"],
    [{ ...validStudent, lastName: "" }, "lastName", "Last name is required"],
    [{ ...validStudent, firstName: 12 }, "firstName", "First name must be text"],
    [{ ...validStudent, firstName: "x".repeat(101) }, "firstName", "First name must be at most 100 characters"],
    [{ ...validStudent, age: undefined }, "age", "Age is required"],
    [{ ...validStudent, age: 0 }, "age", AGE_MESSAGE],
    [{ ...validStudent, age: 100 }, "age", AGE_MESSAGE],
    [{ ...validStudent, age: 8.5 }, "age", AGE_MESSAGE],
    [{ ...validStudent, age: Number.NaN }, "age", AGE_MESSAGE],
    [{ ...validStudent, age: "9" }, "age", AGE_MESSAGE],
    [{ ...validStudent, interests: ["Opera"] }, "interests", "Choose interests from the list"],
    [{ ...validStudent, interests: ["Jazz", "Jazz"] }, "interests", "Each interest can be chosen only once"],
    [{ ...validStudent, interests: "Jazz" }, "interests", "Interests must be a list"],
  ])("%j → %s: %s", (input, field, message) => {
    expect(firstMessage(studentCreateSchema.safeParse(input), field)).toBe(message);
  });
});

describe("studentUpdateSchema", () => {
  it("trims list items and drops blank ones", () => {
    expect(studentUpdateSchema.parse({ strengths: [" Rhythm ", "", "   ", "Ear"] })).toEqual({ strengths: ["Rhythm", "Ear"] });
  });

  it("accepts any subset of the editable fields", () => {
    expect(studentUpdateSchema.parse({ learningGoals: [" Scales "], preferredStyle: null })).toEqual({
      learningGoals: ["Scales"],
      preferredStyle: null,
    });
  });

  it.each([
    [{}, "_", NOTHING_TO_UPDATE_MESSAGE],
    [{ age: 0 }, "age", AGE_MESSAGE],
    [{ preferredStyle: "reading" }, "preferredStyle", "Choose a learning style: visual, auditory or kinesthetic"],
    [{ strengths: ["x".repeat(201)] }, "strengths", "Each strength must be at most 200 characters"],
    [{ achievements: Array.from({ length: 51 }, (_, i) => `A${i}`) }, "achievements", "Add at most 50 achievements"],
    [{ learningGoals: "Scales" }, "learningGoals", "Learning goals must be a list"],
  ])("%j → %s: %s", (input, field, message) => {
    expect(firstMessage(studentUpdateSchema.safeParse(input), field)).toBe(message);
  });
});

describe("studentEditFormSchema", () => {
  it("turns list text into lists (blank lines dropped) and no style into null", () => {
    const parsed = studentEditFormSchema.parse({
      firstName: "Ada",
      lastName: "Lovelace",
      age: 9,
      interests: [],
      preferredStyle: "",
      learningGoals: "Scales\n\n  Recital  \n",
      achievements: "",
      strengths: "Rhythm",
      areasForImprovement: "\n",
    });
    expect(parsed).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      age: 9,
      interests: [],
      preferredStyle: null,
      learningGoals: ["Scales", "Recital"],
      achievements: [],
      strengths: ["Rhythm"],
      areasForImprovement: [],
    });
    expect(studentUpdateSchema.parse(parsed)).toEqual(parsed);
  });
});

describe("repertoireCreateSchema", () => {
  const valid = { title: "Minuet", composer: "Petzold", genre: "Classical", completedDate: "2024-01-15" };

  it("defaults the difficulty to Beginner", () => {
    expect(repertoireCreateSchema.parse(valid).difficulty).toBe("Beginner");
  });

  it.each([
    [{ ...valid, title: undefined }, "title", "Title is required"],
    [{ ...valid, title: "  " }, "title", "Title is required"],
    [{ ...valid, composer: undefined }, "composer", "Composer is required"],
    [{ ...valid, genre: undefined }, "genre", "Genre is required"],
    [{ ...valid, genre: "" }, "genre", "Genre is required"],
    [{ ...valid, genre: "Polka" }, "genre", "Choose a genre from the list"],
    [{ ...valid, completedDate: undefined }, "completedDate", "Completion date is required"],
    [{ ...valid, completedDate: "" }, "completedDate", "Completion date is required"],
    [{ ...valid, completedDate: "2023-02-30" }, "completedDate", "Completion date must be a real date (yyyy-MM-dd)"],
    [{ ...valid, completedDate: "3000-01-01" }, "completedDate", "Completion date cannot be in the future"],
    [{ ...valid, difficulty: "Expert" }, "difficulty", "Choose a difficulty: Beginner, Intermediate or Advanced"],
  ])("%j → %s: %s", (input, field, message) => {
    expect(firstMessage(repertoireCreateSchema.safeParse(input), field)).toBe(message);
  });
});
