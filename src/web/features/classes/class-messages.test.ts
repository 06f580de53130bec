import { describe, expect, it } from "vitest";
import type { ClassDetail } from "../../../shared/classes/classes.api";
import { classMessageTarget } from "./class-messages";

const parentView = (over: Partial<ClassDetail>) =>
  ({ id: "c1", viewerRole: "parent", teacherId: "t1", teacherCanTeach: true, teacherName: "Casey Keys", studentId: "s1", parentId: "p1", studentName: "Mia Rivera", ...over }) as ClassDetail;

describe("classMessageTarget: the family writes only to a teacher who can still be reached (issue 41)", () => {
  it("a teacher in good standing: the conversation with them", () => {
    expect(classMessageTarget(parentView({}))).toMatchObject({ target: { kind: "teacher", teacherId: "t1", classId: "c1" }, title: "Message Casey Keys" });
  });
  it("a suspended teacher: no message, and why", () => {
    expect(classMessageTarget(parentView({ teacherCanTeach: false }))).toEqual({ reason: "Casey Keys can no longer teach on Music Lessons, so no messages can be sent." });
  });
  it("a deleted teacher: no message, and why", () => {
    expect(classMessageTarget(parentView({ teacherId: null, teacherCanTeach: false, teacherName: "Deleted teacher" }))).toEqual({
      reason: "This class's teacher deleted their account, so no messages can be sent.",
    });
  });
});
