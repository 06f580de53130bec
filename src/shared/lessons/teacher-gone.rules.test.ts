import { describe, expect, it } from "vitest";
import { cannotTeachText, teacherCannotTeachText } from "./teacher-gone.rules";

describe("how a family reads that its teacher can no longer teach (issue 41)", () => {
  it.each([
    ["Ana", "Ana can no longer teach on Music Lessons"],
    [" Ana ", "Ana can no longer teach on Music Lessons"],
    // A deleted teacher has no name left.
    [null, "The teacher can no longer teach on Music Lessons"],
    ["", "The teacher can no longer teach on Music Lessons"],
  ])("%j → %s", (firstName, text) => {
    expect(cannotTeachText(firstName)).toBe(text);
  });

  it("the email's sentence names the teacher in full, then by first name, and never says the teacher cancelled", () => {
    const text = teacherCannotTeachText("Ana Diaz", "Ana");
    expect(text).toBe("Lessons with Ana Diaz are cancelled: Ana can no longer teach on Music Lessons.");
    expect(text).not.toMatch(/Ana Diaz cancelled/);
  });
});
