import { describe, expect, it } from "vitest";
import { accessFor, mayOpen } from "./route-access";

describe("accessFor follows the route table of spec section 2", () => {
  it.each([
    ["/", "public"],
    ["/find-teachers?instrument=piano", "public"],
    ["/teacher/profile/abc", "public"],
    ["/unauthorized", "public"],
    ["/dashboard", "parent"],
    ["/parent/student/1", "parent"],
    ["/parent/calendar?student=1", "parent"],
    ["/manage", "parent"],
    ["/settings", "parent"],
    ["/teacher-landing", "teacher"],
    ["/teacher/schedule", "teacher"],
    ["/teacher/settings", "teacher"],
    ["/class/123", "signed-in"],
    ["/messages", "signed-in"],
  ])("%s → %s", (path, access) => {
    expect(accessFor(path)).toBe(access);
  });

  it("lets a role open only its own pages", () => {
    expect(mayOpen("/dashboard", "parent")).toBe(true);
    expect(mayOpen("/dashboard", "teacher")).toBe(false);
    expect(mayOpen("/class/1", "teacher")).toBe(true);
    expect(mayOpen("/teacher-landing", null)).toBe(false);
    expect(mayOpen("/", null)).toBe(true);
  });
});
