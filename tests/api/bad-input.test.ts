import { describe, expect, it } from "vitest";
import { JSON_ONLY_MESSAGE } from "../../src/server/http/validate";
import { send } from "../fixtures/http";
import { testAppForFile } from "../fixtures/test-app";
import { extremeValueBodies } from "./extreme-values";
import type { RouteCase, Upload } from "./route-case";
import { ROUTE_CASES } from "./route-cases";
import { createWorld, registeredRoutes, sendRequest, tableCounts, type World } from "./world";

const t = testAppForFile();

const HUGE = "x".repeat(100_000);
// The number is wrong for a text field and out of range for every numeric one (12345 was a valid
// price or amount in cents, issue 28).
const WRONG_TYPES: unknown[] = [1e12, true, null, {}, [], HUGE];

/** Every malformed variant of a valid body that a client (or an attacker) might send. */
function badBodies(valid: Record<string, unknown>, optionalKeys: readonly string[] = []): { label: string; body: string }[] {
  const variants: { label: string; body: string }[] = [
    { label: "malformed JSON", body: '{"a":' },
    { label: "an array", body: "[]" },
    { label: "a string", body: '"hello"' },
    { label: "null", body: "null" },
    // Unless every key is optional: then `{}` is a valid request.
    ...(Object.keys(valid).every((key) => optionalKeys.includes(key)) ? [] : [{ label: "empty object", body: "{}" }]),
    { label: "oversized body", body: JSON.stringify({ ...valid, padding: "y".repeat(300_000) }) },
    // JSON.parse takes any depth; the input scan must not overflow the stack on it (a 500).
    { label: "nested 5,000 levels deep", body: `${JSON.stringify(valid).slice(0, -1)}${Object.keys(valid).length ? "," : ""}"deep":${"[".repeat(5000)}${"]".repeat(5000)}}` },
    { label: "an object nested 5,000 levels deep", body: `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}` },
  ];
  for (const key of Object.keys(valid)) {
    const { [key]: _omitted, ...missing } = valid;
    if (!optionalKeys.includes(key)) variants.push({ label: `missing ${key}`, body: JSON.stringify(missing) });
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

const text = (s: string) => new TextEncoder().encode(s);

/** Uploads that are not what an upload route takes, whatever they claim to be. */
function badUploads(valid: Upload): { label: string; upload: Upload }[] {
  const heicHeader = Uint8Array.from([0, 0, 0, 24, ...text("ftypheic"), 0, 0, 0, 0, ...text("mif1heic")]);
  const bad: { label: string; upload: Upload }[] = [
    { label: "empty body", upload: { bytes: new Uint8Array(), contentType: valid.contentType } },
    { label: "JSON", upload: { bytes: text('{"video":"not a video"}'), contentType: "application/json" } },
    { label: "text claiming to be a video", upload: { bytes: text("hello ".repeat(1000)), contentType: valid.contentType } },
    { label: "a photo (HEIC) claiming to be a video", upload: { bytes: heicHeader, contentType: valid.contentType } },
    { label: "the first bytes of a video only", upload: { bytes: valid.bytes.subarray(0, 8), contentType: valid.contentType } },
    { label: "declared larger than the limit", upload: { ...valid, declaredLength: 10 * 1024 * 1024 * 1024 } },
  ];
  // The route's other headers (a file name) stay, so each variant is refused for its bytes alone.
  return bad.map(({ label, upload }) => ({ label, upload: { ...upload, headers: valid.headers } }));
}

/** The valid request of a route's bad-input entry in a world: the cookie to send and the request. */
async function validRequest(routeCase: RouteCase, world: World) {
  const badInput = routeCase.badInput!;
  const { path } = routeCase.request(world, badInput.as);
  if ("validUpload" in badInput) return { cookie: world.cookies[badInput.as], request: { path, upload: badInput.validUpload() } };
  if (badInput.session) {
    const { cookie, validBody } = await badInput.session(t, world);
    return { cookie, request: { path, body: validBody }, optionalKeys: badInput.optionalKeys };
  }
  return { cookie: world.cookies[badInput.as], request: { path, body: badInput.validBody(world) }, optionalKeys: badInput.optionalKeys };
}

describe("bad input", () => {
  it("covers every JSON-body route of the app", () => {
    const bodyRoutes = registeredRoutes(t).filter((r) => /^(POST|PUT|PATCH) /.test(r) && !r.startsWith("POST /api/auth/"));
    const covered = ROUTE_CASES.filter((c) => c.badInput || c.bodyless).map((c) => c.route);
    expect(bodyRoutes.filter((r) => !covered.includes(r)), "JSON routes without a badInput entry").toEqual([]);
  });

  for (const routeCase of ROUTE_CASES.filter((c) => c.badInput)) {
    it(`${routeCase.route}: the valid body succeeds; bad ones get 4xx with a message and change nothing`, async () => {
      const method = routeCase.route.split(" ")[0]!;
      // First the proof that the barrage can fail: the valid request succeeds (in a world of its
      // own, so the barrage below meets the state before any success, e.g. no review written yet).
      const proof = await validRequest(routeCase, await createWorld(t));
      const ok = await sendRequest(t, method, proof.request, proof.cookie);
      expect(ok.status, `valid ${"upload" in proof.request ? "upload" : "body"}: ${ok.text.slice(0, 300)}`).toBe(routeCase.ok);

      const { cookie, request, optionalKeys } = await validRequest(routeCase, await createWorld(t));
      const variants = request.upload
        ? badUploads(request.upload).map(({ label, upload }) => ({ label, request: { path: request.path, upload } }))
        : badBodies(request.body, optionalKeys).map(({ label, body }) => ({ label, body }));
      const before = await tableCounts(t);
      for (const variant of variants) {
        const res =
          "body" in variant
            ? await send(t, method, request.path, { body: variant.body, cookie })
            : await sendRequest(t, method, variant.request, cookie);
        expect(res.status, `${variant.label}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${variant.label}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
        expect(res.json?.error?.message, variant.label).toEqual(expect.any(String));
      }
      // The valid body itself, sent as anything but JSON, is refused for its type (issue 39):
      // Hono would read it as `{}`, and a route whose fields are optional would succeed without them.
      if (!request.upload) {
        for (const type of ["text/plain", "application/x-www-form-urlencoded", undefined]) {
          const res = await t.app.request(request.path, {
            method,
            headers: { ...(cookie ? { cookie } : {}), ...(type ? { "content-type": type } : {}) },
            body: JSON.stringify(request.body),
          });
          expect(res.status, `the valid body as ${type ?? "no type"}`).toBe(415);
          expect(((await res.json()) as { error: { message: string } }).error.message).toBe(JSON_ONLY_MESSAGE);
        }
      }
      expect(await tableCounts(t)).toEqual(before);
    });
  }
});
