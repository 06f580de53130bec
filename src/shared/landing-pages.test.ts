import { describe, expect, it } from "vitest";
import { fillRoutePath, matchRoutePath } from "./landing-pages";

describe("matchRoutePath", () => {
  it.each([
    ["/", "/", true],
    ["/", "/find-teachers", false],
    ["/find-teachers", "/find-teachers", true],
    ["/find-teachers", "/find-teachers/", true],
    ["/find-teachers", "/find-teachers/more", false],
    ["/teacher/profile/:teacherId", "/teacher/profile/abc", true],
    ["/teacher/profile/:teacherId", "/teacher/profile", false],
    ["/teacher/profile/:teacherId", "/teacher/profile/abc/reviews", false],
    ["/teacher/profile/:teacherId", "/teacher/settings/abc", false],
  ])("%s ~ %s: %s", (routePath, urlPath, expected) => {
    expect(matchRoutePath(routePath, urlPath) !== null).toBe(expected);
  });

  it("reads the parameters and fills them back in", () => {
    expect(matchRoutePath("/teacher/profile/:teacherId", "/teacher/profile/abc")).toEqual({ teacherId: "abc" });
    expect(matchRoutePath("/find-teachers", "/find-teachers")).toEqual({});
    expect(fillRoutePath("/api/teachers/:teacherId/public", { teacherId: "abc" })).toBe("/api/teachers/abc/public");
    expect(fillRoutePath("/api/teachers/:teacherId/public", {})).toBeNull();
  });
});
