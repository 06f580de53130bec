import type { RouteCase } from "../route-case";
import { operatorsOnly } from "../route-case";

/**
 * The operator's account page (issue 27): operators only; everyone else gets 404 as for a route
 * that does not exist. Suspend acts on the world's other teacher (no lessons to cancel), Reinstate
 * on the world's suspended parent. Behaviour: src/server/operator/suspension.integration.test.ts.
 */
export const operatorAccountsCases: RouteCase[] = [
  {
    route: "GET /api/operator/accounts",
    allowed: operatorsOnly,
    ok: 200,
    request: (world) => ({ path: `/api/operator/accounts?email=${encodeURIComponent(world.otherParent.email)}` }),
  },
  {
    route: "GET /api/operator/accounts/:userId",
    allowed: operatorsOnly,
    ok: 200,
    request: (world) => ({ path: `/api/operator/accounts/${world.teacher.userId}` }),
  },
  {
    route: "POST /api/operator/accounts/:userId/suspend",
    allowed: operatorsOnly,
    ok: 200,
    request: (world) => ({ path: `/api/operator/accounts/${world.otherTeacher.userId}/suspend`, body: { reason: "Spam in messages" } }),
    badInput: { as: "operator", validBody: () => ({ reason: "Spam in messages" }) },
  },
  {
    route: "POST /api/operator/accounts/:userId/reinstate",
    allowed: operatorsOnly,
    ok: 200,
    request: (world) => ({ path: `/api/operator/accounts/${world.suspendedParent.userId}/reinstate`, body: { reason: "Appeal accepted" } }),
    badInput: { as: "operator", validBody: () => ({ reason: "Appeal accepted" }) },
  },
];
