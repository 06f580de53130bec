import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { send } from "../fixtures/http";
import { createTestApp, type TestApp } from "../fixtures/test-app";
import { extremeValueBodies } from "./extreme-values";
import { ROUTE_CASES } from "./route-cases";
import { createWorld, registeredRoutes, tableCounts } from "./world";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HUGE = "x".repeat(100_000);
const WRONG_TYPES: unknown[] = [12345, true, null, {}, [], HUGE];

/** Every malformed variant of a valid body that a client (or an attacker) might send. */
function badBodies(valid: Record<string, unknown>): { label: string; body: string }[] {
  const variants: { label: string; body: string }[] = [
    { label: "malformed JSON", body: '{"a":' },
    { label: "an array", body: "[]" },
    { label: "a string", body: '"hello"' },
    { label: "null", body: "null" },
    { label: "empty object", body: "{}" },
    { label: "oversized body", body: JSON.stringify({ ...valid, padding: "y".repeat(300_000) }) },
  ];
  for (const key of Object.keys(valid)) {
    const { [key]: _omitted, ...missing } = valid;
    variants.push({ label: `missing ${key}`, body: JSON.stringify(missing) });
    for (const wrong of WRONG_TYPES) {
      // `true` is not a wrong type for a boolean field (e.g. `{ enabled: boolean }`).
      if (typeof wrong === "boolean" && typeof valid[key] === "boolean") continue;
      const label = wrong === HUGE ? `huge ${key}` : `${key} = ${JSON.stringify(wrong)}`;
      variants.push({ label, body: JSON.stringify({ ...valid, [key]: wrong }) });
    }
  }
  // NUL, lone surrogates and extreme dates in every text and date field.
  variants.push(...extremeValueBodies(valid));
  return variants;
}

describe("bad input", () => {
  it("covers every JSON-body route of the app", () => {
    const bodyRoutes = registeredRoutes(t).filter((r) => /^(POST|PUT|PATCH) /.test(r) && !r.startsWith("POST /api/auth/"));
    const covered = ROUTE_CASES.filter((c) => c.badInput || c.bodyless).map((c) => c.route);
    expect(bodyRoutes.filter((r) => !covered.includes(r)), "JSON routes without a badInput entry").toEqual([]);
  });

  for (const routeCase of ROUTE_CASES.filter((c) => c.badInput)) {
    it(`${routeCase.route} answers 4xx with a message and changes nothing`, async () => {
      const world = await createWorld(t);
      const { as, validBody } = routeCase.badInput!;
      const method = routeCase.route.split(" ")[0]!;
      const { path } = routeCase.request(world, as);
      const before = await tableCounts(t);
      for (const { label, body } of badBodies(validBody(world))) {
        const res = await send(t, method, path, { body, cookie: world.cookies[as] });
        expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
        expect(res.json?.error?.message, label).toEqual(expect.any(String));
      }
      expect(await tableCounts(t)).toEqual(before);
    });
  }
});
