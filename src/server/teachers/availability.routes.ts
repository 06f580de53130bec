import { Hono } from "hono";
import { z } from "zod";
import { AVAILABILITY_NOT_FOUND_MESSAGE, availabilityCreateSchema } from "../../shared/teachers/weekly-availability.schemas";
import { requireTeacher, requireUser } from "../auth/guards";
import type { AppEnv, Deps } from "../http/app-env";
import { validate, validateParams } from "../http/validate";
import * as service from "./availability.service";

/** A malformed id names no window: 404 before anything reaches SQL. */
const windowParams = validateParams(z.object({ availabilityId: z.guid() }), AVAILABILITY_NOT_FOUND_MESSAGE);

/**
 * /api/teachers/me/availability: the signed-in teacher's weekly windows. Guards are per route
 * because other routers share the /teachers prefix.
 */
export function createAvailabilityRoutes(deps: Deps) {
  const signedInTeacher = [requireUser(deps), requireTeacher(deps)] as const;
  return new Hono<AppEnv>()
    .get("/me/availability", ...signedInTeacher, async (c) =>
      c.json(await service.listAvailability(deps, c.get("teacherId"))),
    )
    .post("/me/availability", ...signedInTeacher, validate("json", availabilityCreateSchema), async (c) =>
      c.json(await service.addWindow(deps, c.get("teacherId"), c.req.valid("json")), 201),
    )
    .delete("/me/availability/:availabilityId", ...signedInTeacher, windowParams, async (c) => {
      await service.deleteWindow(deps, c.get("teacherId"), c.req.valid("param").availabilityId);
      return c.json({ deleted: true });
    });
}
