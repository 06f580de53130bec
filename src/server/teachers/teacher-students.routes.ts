import { Hono } from "hono";
import type { AppEnv, Deps } from "../http/app-env";
import * as service from "./teacher-students.service";

/** /api/teachers/me/students (guarded by own-teacher.routes.ts): the teacher's students list. */
export function createTeacherStudentsRoutes(deps: Deps) {
  return new Hono<AppEnv>().get("/", async (c) => c.json(await service.teacherStudents(deps, c.get("teacherId"))));
}
