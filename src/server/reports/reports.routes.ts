import { Hono } from "hono";
import { operatorReasonSchema } from "../../shared/operator/operator.schemas";
import { createReportSchema, REPORT_NOT_FOUND_MESSAGE, reportIdParams, reportStepSchema } from "../../shared/reports/reports.schemas";
import { requireOperator, requireUser } from "../auth";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate, validateParams } from "../http/validate";
import * as desk from "./report-desk.service";
import * as service from "./reports.service";

/** POST /api/reports: a parent or teacher reports a teacher profile, a review or a received message. */
export function createReportsRoutes(deps: Deps) {
  return new Hono<AppEnv>().post("/", requireUser(deps), validate("json", createReportSchema), async (c) => {
    const receipt = await service.createReport(deps, c.get("user"), c.req.valid("json"));
    return c.json(receipt, receipt.created ? 201 : 200);
  });
}

/**
 * /api/operator/reports…: the desk's list, one report, and the actions, each with `{ reason }`
 * (a step may add `close: true` to close the report with it; issue 41).
 * Operators only: anyone else gets the 404 of an unknown path (requireOperator).
 */
export function createOperatorReportsRoutes(deps: Deps) {
  const reportId = validateParams(reportIdParams, REPORT_NOT_FOUND_MESSAGE);
  const reason = validate("json", operatorReasonSchema);
  const step = validate("json", reportStepSchema);
  return new Hono<AppEnv>()
    .use("*", requireOperator(deps))
    .get("/", async (c) => c.json(await desk.listReports(deps)))
    .get("/:reportId", reportId, async (c) => c.json(await desk.getReport(deps, c.req.valid("param").reportId)))
    .post("/:reportId/dismiss", reportId, reason, async (c) =>
      c.json(await desk.actOnReport(deps, c.get("operator"), c.req.valid("param").reportId, "dismiss", c.req.valid("json"))),
    )
    .post("/:reportId/close", reportId, reason, async (c) =>
      c.json(await desk.actOnReport(deps, c.get("operator"), c.req.valid("param").reportId, "close", c.req.valid("json"))),
    )
    .post("/:reportId/hide-review", reportId, step, async (c) =>
      c.json(await desk.actOnReport(deps, c.get("operator"), c.req.valid("param").reportId, "hide-review", c.req.valid("json"))),
    )
    .post("/:reportId/hide-message", reportId, step, async (c) =>
      c.json(await desk.actOnReport(deps, c.get("operator"), c.req.valid("param").reportId, "hide-message", c.req.valid("json"))),
    )
    .post("/:reportId/warn", reportId, step, async (c) =>
      c.json(await desk.actOnReport(deps, c.get("operator"), c.req.valid("param").reportId, "warn", c.req.valid("json"))),
    )
    .post("/:reportId/suspend", reportId, step, async (c) =>
      c.json(await desk.actOnReport(deps, c.get("operator"), c.req.valid("param").reportId, "suspend", c.req.valid("json"))),
    );
}
