import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperator } from "../../../tests/factories/accounts";
import { cookieHeader, send } from "../../../tests/fixtures/http";
import { createTestApp, type TestApp } from "../../../tests/fixtures/test-app";
import { totpFromUri } from "../../../tests/fixtures/totp";

let t: TestApp;
beforeAll(async () => {
  // As in production: an operator must set up two-factor before the desk opens.
  t = await createTestApp({ NODE_ENV: "production" });
});
afterAll(() => t.close());

describe("operator two-factor with NODE_ENV=production", () => {
  it("keeps the desk closed until two-factor is on, then signs in with the code", async () => {
    const operator = await createOperator(t.deps);
    const origin = { origin: t.deps.env.PUBLIC_URL };
    const password = await send(t, "POST", "/api/session/operator", { body: { email: operator.email, password: operator.password } });
    expect(password.status).toBe(200);
    const cookie = cookieHeader(password.headers);

    for (const path of ["/api/operator/me", "/api/operator/overview", "/api/operator/audit"]) {
      const closed = await send(t, "GET", path, { cookie });
      expect(closed.status, path).toBe(403);
      expect(closed.json.error.reason, path).toBe("two_factor_setup_required");
    }

    // The account-security flow of better-auth: enable with the password, confirm with a code.
    const enable = await send(t, "POST", "/api/auth/two-factor/enable", { body: { password: operator.password }, cookie, headers: origin });
    expect(enable.status).toBe(200);
    const uri = enable.json.totpURI as string;
    const session = cookieHeader(enable.headers) || cookie;
    const verify = await send(t, "POST", "/api/auth/two-factor/verify-totp", { body: { code: await totpFromUri(uri) }, cookie: session, headers: origin });
    expect(verify.status).toBe(200);
    const enabledCookie = cookieHeader(verify.headers) || session;
    expect((await send(t, "GET", "/api/operator/overview", { cookie: enabledCookie })).status).toBe(200);

    // The next sign-in asks for the code, at the desk's own two-factor step.
    const step1 = await send(t, "POST", "/api/session/operator", { body: { email: operator.email, password: operator.password } });
    expect(step1.json).toEqual({ twoFactorRequired: true });
    const wrong = await send(t, "POST", "/api/session/operator/two-factor", { body: { code: "000000" }, cookie: cookieHeader(step1.headers) });
    expect(wrong.status).toBe(401);
    const step2 = await send(t, "POST", "/api/session/operator/two-factor", { body: { code: await totpFromUri(uri) }, cookie: cookieHeader(step1.headers) });
    expect(step2.status).toBe(200);
    expect(step2.json).toEqual({ redirectTo: "/operator" });
    expect((await send(t, "GET", "/api/operator/me", { cookie: cookieHeader(step2.headers) })).json).toEqual({ email: operator.email });
  });
});
