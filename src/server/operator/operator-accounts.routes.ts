import { Hono } from "hono";
import { operatorReasonSchema } from "../../shared/operator/operator.schemas";
import { findAccountQuerySchema } from "../../shared/operator/accounts.schemas";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate } from "../http/validate";
import { requireOperator } from "../auth";
import * as service from "./operator-accounts.service";

/** /api/operator/accounts (issue 27): the operator's account page. Anyone but an operator gets 404. */
export function createOperatorAccountsRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use("*", requireOperator(deps))
    .get("/", validate("query", findAccountQuerySchema), async (c) => c.json(await service.findAccountByEmail(deps, c.req.valid("query").email)))
    .get("/:userId", async (c) => c.json(await service.accountPage(deps, c.req.param("userId"))))
    .post("/:userId/suspend", validate("json", operatorReasonSchema), async (c) =>
      c.json(await service.suspendFromDesk(deps, c.get("operator"), c.req.param("userId"), c.req.valid("json").reason)),
    )
    .post("/:userId/reinstate", validate("json", operatorReasonSchema), async (c) =>
      c.json(await service.reinstateFromDesk(deps, c.get("operator"), c.req.param("userId"), c.req.valid("json").reason)),
    );
}
