import { Hono } from "hono";
import { studentIdParams } from "../../shared/path-params.schemas";
import { studentMeetingLinkSchema, STUDENT_NOT_TAUGHT_MESSAGE } from "../../shared/booking/lesson-place.schemas";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate, validateParams } from "../http/validate";
import { clearStudentMeetingLink, setStudentMeetingLink } from "./meeting-links.service";
import * as service from "./teacher-students.service";

/**
 * /api/teachers/me/students (guarded by own-teacher.routes.ts): the teacher's students list, and
 * the meeting link of one student (issue 26) for only the teacher's own students.
 */
export function createTeacherStudentsRoutes(deps: Deps) {
  const studentParam = validateParams(studentIdParams, STUDENT_NOT_TAUGHT_MESSAGE);
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(await service.teacherStudents(deps, c.get("teacherId"))))
    .put("/:studentId/meeting-link", studentParam, validate("json", studentMeetingLinkSchema), async (c) =>
      c.json(await setStudentMeetingLink(deps, c.get("teacherId"), c.req.valid("param").studentId, c.req.valid("json").url)),
    )
    .delete("/:studentId/meeting-link", studentParam, async (c) =>
      c.json(await clearStudentMeetingLink(deps, c.get("teacherId"), c.req.valid("param").studentId)),
    );
}
