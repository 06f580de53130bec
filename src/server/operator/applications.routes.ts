import { Hono } from "hono";
import { operatorReasonSchema } from "../../shared/operator/operator.schemas";
import { teacherIdParams } from "../../shared/path-params.schemas";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate, validateParams } from "../http/validate";
import { requireOperator } from "../auth";
import * as service from "./applications.service";

const NOT_FOUND = "This application does not exist (the teacher may have deleted their account).";

/** /api/operator/applications (issue 27): the review queue, one application, and the three decisions. */
export function createOperatorApplicationsRoutes(deps: Deps) {
  const params = validateParams(teacherIdParams, NOT_FOUND);
  const body = validate("json", operatorReasonSchema);
  return new Hono<AppEnv>()
    .use(requireOperator(deps))
    .get("/", async (c) => c.json(await service.listWaitingApplications(deps)))
    .get("/:teacherId", params, async (c) => c.json(await service.getApplication(deps, c.req.valid("param").teacherId)))
    .post("/:teacherId/approve", params, body, async (c) =>
      c.json(await service.decideApplication(deps, c.get("operator"), c.req.valid("param").teacherId, "approve", c.req.valid("json").reason)),
    )
    .post("/:teacherId/ask-for-changes", params, body, async (c) =>
      c.json(
        await service.decideApplication(deps, c.get("operator"), c.req.valid("param").teacherId, "ask-for-changes", c.req.valid("json").reason),
      ),
    )
    .post("/:teacherId/reject", params, body, async (c) =>
      c.json(await service.decideApplication(deps, c.get("operator"), c.req.valid("param").teacherId, "reject", c.req.valid("json").reason)),
    );
}
