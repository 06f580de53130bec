import { Hono } from "hono";
import { availabilityIdParams } from "../../shared/path-params.schemas";
import { AVAILABILITY_NOT_FOUND_MESSAGE, availabilityCreateSchema } from "../../shared/teachers/weekly-availability.schemas";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate, validateParams } from "../http/validate";
import * as service from "./availability.service";

/** A malformed id names no window: 404 before anything reaches SQL. */
const windowParams = validateParams(availabilityIdParams, AVAILABILITY_NOT_FOUND_MESSAGE);

/** /api/teachers/me/availability: the signed-in teacher's weekly windows (guarded by own-teacher.routes.ts). */
export function createAvailabilityRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(await service.listAvailability(deps, c.get("teacherId"))))
    .post("/", validate("json", availabilityCreateSchema), async (c) =>
      c.json(await service.addWindow(deps, c.get("teacherId"), c.req.valid("json")), 201),
    )
    .delete("/:availabilityId", windowParams, async (c) => {
      await service.deleteWindow(deps, c.get("teacherId"), c.req.valid("param").availabilityId);
      return c.json({ deleted: true });
    });
}
