import { Hono } from "hono";
import { teacherApplicationSchema } from "../../shared/teachers/application.schemas";
import { signUpLimit } from "../auth";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate } from "../http/validate";
import { applyAsTeacher } from "./teacher-application.service";

/** POST /api/teachers: the Become a Teacher application (public: it creates the account). */
export function createTeacherApplicationRoutes(deps: Deps) {
  return new Hono<AppEnv>().post("/", validate("json", teacherApplicationSchema), signUpLimit(deps), async (c) =>
    c.json(await applyAsTeacher(deps, c.req.valid("json")), 201),
  );
}
