import { describe, expect, it } from "vitest";
import { testAppForFile } from "../fixtures/test-app";
import { secondGuardianAllowed, type RouteCase } from "./route-case";
import { ROUTE_CASES } from "./route-cases";
import { ACTORS, createWorld, registeredRoutes, sendRequest, tableCounts } from "./world";

const t = testAppForFile();

const REFUSED = [401, 403, 404];

/** The status of an endless stream; its body is cancelled once the status is known. */
async function streamStatus(path: string, cookie: string | undefined) {
  const response = await t.app.request(path, { headers: cookie ? { cookie } : {} });
  if (response.status !== 200) return { status: response.status, text: await response.text() };
  await response.body?.cancel();
  return { status: response.status, text: "" };
}

describe("authorization matrix", () => {
  it("has an entry for every API route of the app, and none for routes that do not exist", () => {
    const routes = registeredRoutes(t);
    const listed = ROUTE_CASES.map((c) => c.route).sort();
    expect(routes.filter((r) => !listed.includes(r)), "routes missing from tests/api/route-cases.ts").toEqual([]);
    expect(listed.filter((r) => !routes.includes(r)), "entries for routes the app does not have").toEqual([]);
  });

  // Every state change of every route, asked from another website by an actor who may make it:
  // refused as cross-site (http/same-origin-only.ts), and nothing changes.
  it("every state-changing route refuses a foreign Origin, even to an actor it allows", async () => {
    const world = await createWorld(t);
    const before = await tableCounts(t);
    for (const routeCase of ROUTE_CASES) {
      const method = routeCase.route.split(" ")[0]!;
      if (method === "GET") continue;
      const actor = ACTORS.find((a) => routeCase.allowed[a])!;
      const res = await sendRequest(t, method, routeCase.request(world, actor), world.cookies[actor], { origin: "http://evil.example" });
      expect(res.status, `${routeCase.route} as ${actor}: ${res.text.slice(0, 200)}`).toBe(403);
      expect(res.json?.error?.reason, routeCase.route).toBe("cross_site");
    }
    expect(await tableCounts(t)).toEqual(before);
  });

  /**
   * Issue 45: the parent's second guardian sends the parent's request (same household: allowed
   * exactly as the parent is, unless the entry says otherwise). A refused one goes with the other
   * refused actors; an allowed read after everyone; an allowed change on a fresh world of its own,
   * since the parent has already made it on this one.
   */
  async function secondGuardianRequest(routeCase: RouteCase, world: Awaited<ReturnType<typeof createWorld>>) {
    const method = routeCase.route.split(" ")[0]!;
    const request = routeCase.secondGuardianRequest?.(world) ?? routeCase.request(world, "parent");
    const res = routeCase.stream
      ? await streamStatus(request.path, world.cookies.secondGuardian)
      : await sendRequest(t, method, request, world.cookies.secondGuardian);
    const what = `secondGuardian ${method} ${request.path}: ${res.text.slice(0, 200)}`;
    if (secondGuardianAllowed(routeCase.allowed)) expect(res.status, `${what} (should succeed with ${routeCase.ok})`).toBe(routeCase.ok);
    else expect(REFUSED, `${what} (should be refused, got ${res.status})`).toContain(res.status);
  }

  for (const routeCase of ROUTE_CASES) {
    const guardianMay = secondGuardianAllowed(routeCase.allowed);
    it(`${routeCase.route}: ${ACTORS.map((a) => `${a} ${routeCase.allowed[a] ? "may" : "may not"}`).join(", ")}, secondGuardian ${guardianMay ? "may" : "may not"}`, async () => {
      const world = await createWorld(t);
      await routeCase.prepare?.(t, world);
      const method = routeCase.route.split(" ")[0]!;
      // Refused actors go first, while every resource of the world still exists: their 404 then
      // means "not yours", never "already deleted or decided by an allowed actor before them".
      // Each allowed actor acts on their own rows or on a resource only one actor may change.
      const order = [...ACTORS.filter((a) => !routeCase.allowed[a]), ...ACTORS.filter((a) => routeCase.allowed[a])];
      if (!guardianMay) await secondGuardianRequest(routeCase, world);
      for (const actor of order) {
        const request = routeCase.request(world, actor);
        const res = routeCase.stream
          ? await streamStatus(request.path, world.cookies[actor])
          : await sendRequest(t, method, request, world.cookies[actor]);
        const what = `${actor} ${method} ${request.path}: ${res.text.slice(0, 200)}`;
        if (routeCase.allowed[actor]) {
          expect(res.status, `${what} (should succeed with ${routeCase.ok})`).toBe(routeCase.ok);
        } else {
          expect(REFUSED, `${what} (should be refused, got ${res.status})`).toContain(res.status);
        }
      }
      if (guardianMay && method === "GET") await secondGuardianRequest(routeCase, world);
      if (guardianMay && method !== "GET") {
        const fresh = await createWorld(t);
        await routeCase.prepare?.(t, fresh);
        await secondGuardianRequest(routeCase, fresh);
      }
    });
  }
});
