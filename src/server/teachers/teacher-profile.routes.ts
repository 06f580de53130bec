import { Hono } from "hono";
import { discoveryUpdateSchema, teacherProfileUpdateSchema } from "../../shared/teachers/profile.schemas";
import { requireTeacher, requireUser } from "../auth/guards";
import type { AppEnv, Deps } from "../http/app-env";
import { validate } from "../http/validate";
import * as service from "./teacher-profile.service";

/**
 * /api/teachers/me…: the signed-in teacher's own profile, dashboard and discovery switch.
 * The guards sit on each route, not on "*": other routers share the /teachers prefix (the public
 * application, intro videos) and must not inherit a teacher-only guard.
 */
export function createTeacherProfileRoutes(deps: Deps) {
  const signedInTeacher = [requireUser(deps), requireTeacher(deps)] as const;
  return new Hono<AppEnv>()
    .get("/me", ...signedInTeacher, async (c) => c.json(await service.getOwnProfile(deps, c.get("teacherId"))))
    .patch("/me", ...signedInTeacher, validate("json", teacherProfileUpdateSchema), async (c) =>
      c.json(await service.updateOwnProfile(deps, c.get("teacherId"), c.req.valid("json"))),
    )
    .get("/me/dashboard", ...signedInTeacher, async (c) => c.json(await service.getDashboard(deps, c.get("teacherId"))))
    .put("/me/discovery", ...signedInTeacher, validate("json", discoveryUpdateSchema), async (c) =>
      c.json(await service.setDiscovery(deps, c.get("teacherId"), c.req.valid("json").enabled)),
    );
}
