import { Hono } from "hono";
import { teacherApplicationSchema } from "../../shared/teachers/application.schemas";
import { signUpLimit } from "../auth";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { clientIp } from "../http/client-ip";
import { validate } from "../http/validate";
import { applyAsTeacher } from "./teacher-application.service";

/** POST /api/teachers: the Become a Teacher application (public: it creates the account, and signs the teacher in). */
export function createTeacherApplicationRoutes(deps: Deps) {
  return new Hono<AppEnv>().post("/", validate("json", teacherApplicationSchema), signUpLimit(deps), async (c) => {
    const { result, setCookies } = await applyAsTeacher(deps, c.req.valid("json"), { ip: clientIp(c), userAgent: c.req.header("user-agent") });
    for (const cookie of setCookies) c.header("set-cookie", cookie, { append: true });
    return c.json(result, 201);
  });
}
