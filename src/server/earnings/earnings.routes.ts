import { Hono, type Context } from "hono";
import { billingQuerySchema, earningsQuerySchema } from "../../shared/earnings/earnings.schemas";
import { requireParent, requireTeacher, requireUser } from "../auth";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate } from "../http/validate";
import * as service from "./earnings.service";

/** A download: the browser saves it under the statement's own name (ASCII, so no escaping needed). */
function csvResponse(c: Context<AppEnv>, file: service.CsvFile) {
  return c.body(file.text, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${file.fileName}"`,
  });
}

/** /api/earnings: the signed-in teacher's lessons per month at their stored prices, and its CSV. */
export function createEarningsRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use(requireUser(deps), requireTeacher(deps))
    .get("/", validate("query", earningsQuerySchema), async (c) =>
      c.json(await service.teacherEarnings(deps, c.get("teacherId"), c.req.valid("query"))),
    )
    .get("/csv", validate("query", earningsQuerySchema), async (c) =>
      csvResponse(c, service.statementFile(await service.teacherEarnings(deps, c.get("teacherId"), c.req.valid("query")), "teacher")),
    );
}

/** /api/billing: the signed-in parent's lessons, all students and teachers, per month; and its CSV. */
export function createBillingRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use(requireUser(deps), requireParent(deps))
    .get("/", validate("query", billingQuerySchema), async (c) =>
      c.json(await service.parentBilling(deps, c.get("parentId"), c.req.valid("query"))),
    )
    .get("/csv", validate("query", billingQuerySchema), async (c) =>
      csvResponse(c, service.statementFile(await service.parentBilling(deps, c.get("parentId"), c.req.valid("query")), "parent")),
    );
}
