import { Hono } from "hono";
import { discoveryUpdateSchema, teacherProfileUpdateSchema } from "../../shared/teachers/profile.schemas";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate } from "../http/validate";
import * as service from "./teacher-profile.service";

/** /api/teachers/me…: the signed-in teacher's own profile, dashboard, discovery switch and resubmission for review (guarded by own-teacher.routes.ts). */
export function createTeacherProfileRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(await service.getOwnProfile(deps, c.get("teacherId"))))
    .patch("/", validate("json", teacherProfileUpdateSchema), async (c) =>
      c.json(await service.updateOwnProfile(deps, c.get("teacherId"), c.req.valid("json"))),
    )
    .get("/dashboard", async (c) => c.json(await service.getDashboard(deps, c.get("teacherId"))))
    .put("/discovery", validate("json", discoveryUpdateSchema), async (c) =>
      c.json(await service.setDiscovery(deps, c.get("teacherId"), c.req.valid("json").enabled)),
    )
    // Issue 27: after making the changes the desk asked for, back to the review queue.
    .post("/application/resubmit", async (c) => c.json(await service.resubmitApplication(deps, c.get("teacherId"))));
}
