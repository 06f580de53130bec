import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { send } from "../fixtures/http";
import { createTestApp, type TestApp } from "../fixtures/test-app";
import { ROUTE_CASES } from "./route-cases";
import { ACTORS, createWorld, registeredRoutes } from "./world";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REFUSED = [401, 403, 404];

describe("authorization matrix", () => {
  it("has an entry for every API route of the app, and none for routes that do not exist", () => {
    const routes = registeredRoutes(t);
    const listed = ROUTE_CASES.map((c) => c.route).sort();
    expect(routes.filter((r) => !listed.includes(r)), "routes missing from tests/api/route-cases.ts").toEqual([]);
    expect(listed.filter((r) => !routes.includes(r)), "entries for routes the app does not have").toEqual([]);
  });

  for (const routeCase of ROUTE_CASES) {
    it(`${routeCase.route}: ${ACTORS.map((a) => `${a} ${routeCase.allowed[a] ? "may" : "may not"}`).join(", ")}`, async () => {
      const world = await createWorld(t);
      const method = routeCase.route.split(" ")[0]!;
      for (const actor of ACTORS) {
        const { path, body, headers } = routeCase.request(world, actor);
        const res = await send(t, method, path, { cookie: world.cookies[actor], ...(body ? { body } : {}), ...(headers ? { headers } : {}) });
        expect(res.status, `${actor} ${method} ${path}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
        if (routeCase.allowed[actor]) {
          expect(REFUSED, `${actor} should be allowed ${method} ${path}`).not.toContain(res.status);
        } else {
          expect(REFUSED, `${actor} should be refused ${method} ${path} (got ${res.status})`).toContain(res.status);
        }
      }
    });
  }
});
