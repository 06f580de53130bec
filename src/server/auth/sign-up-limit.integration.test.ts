import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parentSignUpBody } from "../../../tests/factories/sign-up";
import { teacherApplicationBody } from "../../../tests/factories/teacher-application";
import { tableCounts } from "../../../tests/api/world";
import { createTestApp, type TestApp } from "../../../tests/fixtures/test-app";
import { SIGN_UP_LIMIT, SIGN_UP_LIMITED_MESSAGE } from "./sign-up-limit";

// The other suites run with AUTH_RATE_LIMIT=false; this app counts like production.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "true" });
});
afterAll(() => t.close());

/** A sign-up from `address`, as @hono/node-server hands the socket to the app. */
async function signUpFrom(address: string, path: string, body: unknown) {
  const response = await t.app.request(
    path,
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: address } } },
  );
  return { status: response.status, json: (await response.json()) as { error?: { code: string; message: string } } };
}

describe("sign-up rate limit (parent sign-up and teacher application share it)", () => {
  it(`lets ${SIGN_UP_LIMIT} accounts through per address, then answers 429 and creates nothing`, async () => {
    const address = "203.0.113.7";
    for (let index = 0; index < SIGN_UP_LIMIT - 1; index++) {
      expect((await signUpFrom(address, "/api/accounts/parents", parentSignUpBody())).status).toBe(201);
    }
    expect((await signUpFrom(address, "/api/teachers", teacherApplicationBody())).status).toBe(201);

    const before = await tableCounts(t);
    const parent = await signUpFrom(address, "/api/accounts/parents", parentSignUpBody());
    expect(parent.status).toBe(429);
    expect(parent.json.error).toMatchObject({ code: "rate_limited", message: SIGN_UP_LIMITED_MESSAGE });
    const teacher = await signUpFrom(address, "/api/teachers", teacherApplicationBody());
    expect(teacher.status).toBe(429);
    expect(await tableCounts(t)).toEqual(before);

    // Another address still signs up.
    expect((await signUpFrom("198.51.100.23", "/api/accounts/parents", parentSignUpBody())).status).toBe(201);
  });

  it("checks the form before counting: a request with errors gets its 400, also when limited", async () => {
    const address = "203.0.113.99";
    for (let index = 0; index < SIGN_UP_LIMIT + 2; index++) {
      const res = await signUpFrom(address, "/api/accounts/parents", parentSignUpBody({ parent: { email: "not-an-email" } }));
      expect(res.status).toBe(400);
    }
    expect((await signUpFrom(address, "/api/accounts/parents", parentSignUpBody())).status).toBe(201);
  });
});
