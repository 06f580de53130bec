import { Hono } from "hono";
import { auditQuerySchema } from "../../shared/operator/operator.schemas";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate } from "../http/validate";
import { requireOperator } from "../auth";
import { getAuditPage, getOverview } from "./operator-desk.service";

/**
 * The operator desk's own routes (issue 27): the home figures and the audit trail. The other desk
 * routers (applications, reports, accounts) are mounted next to this one under /api/operator.
 */
export function createOperatorDeskRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use("*", requireOperator(deps))
    .get("/me", (c) => c.json({ email: c.get("operator").email }))
    .get("/overview", async (c) => c.json(await getOverview(deps)))
    .get("/audit", validate("query", auditQuerySchema), async (c) => c.json(await getAuditPage(deps, c.req.valid("query"))));
}
