import { Hono, type Context } from "hono";
import { parentSettingsUpdateSchema, reportTimeZoneSchema } from "../../shared/parents/parents.schemas";
import { requireParent, requireUser } from "../auth";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate } from "../http/validate";
import * as service from "./parents.service";

const guardianIds = (c: Context<AppEnv>) => ({ parentId: c.get("parentId"), guardianId: c.get("guardianId") });

/** /api/parents/me: the signed-in parent's own settings and dashboard. */
export function createParentsRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use("*", requireUser(deps), requireParent(deps))
    .get("/me", async (c) => c.json(await service.getSettings(deps, guardianIds(c))))
    .patch("/me", validate("json", parentSettingsUpdateSchema), async (c) =>
      c.json(await service.updateSettings(deps, guardianIds(c), c.req.valid("json"))),
    )
    // Called by the web app once per start or sign-in of a parent (a no-op when the zone is unchanged).
    .put("/me/time-zone", validate("json", reportTimeZoneSchema), async (c) => {
      await service.reportTimeZone(deps, c.get("guardianId"), c.req.valid("json").timeZone);
      return c.body(null, 204);
    })
    .get("/me/dashboard", async (c) => c.json(await service.getDashboard(deps, c.get("user"), guardianIds(c))));
}
