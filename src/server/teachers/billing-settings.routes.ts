import { Hono } from "hono";
import { billingSettingsSchema } from "../../shared/invoices/invoices.schemas";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate } from "../http/validate";
import * as service from "./billing-settings.service";

/** /api/teachers/me/billing-settings: late-cancellation charge and payment instructions (guarded by own-teacher.routes.ts). */
export function createBillingSettingsRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(await service.getBillingSettings(deps, c.get("teacherId"))))
    .put("/", validate("json", billingSettingsSchema), async (c) =>
      c.json(await service.updateBillingSettings(deps, c.get("teacherId"), c.req.valid("json"))),
    );
}
