import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createParent } from "../../../tests/factories/accounts";
import { parentSignUpBody } from "../../../tests/factories/sign-up";
import { teacherApplicationBody } from "../../../tests/factories/teacher-application";
import { cookieHeader, send, signIn } from "../../../tests/fixtures/http";
import { lastMail } from "../../../tests/fixtures/outbox";
import { createTestApp, type TestApp, testAppForFile } from "../../../tests/fixtures/test-app";
import { totpFromUri } from "../../../tests/fixtures/totp";
import { user } from "../db/schema";

const t = testAppForFile();

const ORIGIN = { origin: "http://localhost:3000" };
const auth = (path: string, body: Record<string, unknown>, cookie?: string) =>
  send(t, "POST", `/api/auth${path}`, { body, cookie, headers: ORIGIN });

describe("email verification", () => {
  it("sends a confirmation link on sign-up that marks the address verified", async () => {
    const body = parentSignUpBody();
    const res = await send(t, "POST", "/api/accounts/parents", { body: { ...body } });
    expect(res.status).toBe(201);
    const { link: found, mail } = await lastMail(t, body.parent.email, "verification");
    const link = found!;
    expect(mail.subject).toBe("Confirm your email address");
    expect(link.pathname).toBe("/api/auth/verify-email");

    const verify = await t.app.request(`${link.pathname}${link.search}`);
    expect([200, 302]).toContain(verify.status);
    const [row] = await t.deps.db.select().from(user).where(eq(user.email, body.parent.email));
    expect(row?.emailVerified).toBe(true);
  });

  describe("when verification is required", () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "true" });
    });
    afterAll(() => strict.close());

    it("a teacher's application does not sign in either: the wizard says to confirm the address first", async () => {
      const body = teacherApplicationBody();
      const applied = await send(strict, "POST", "/api/teachers", { body });
      expect(applied.status, applied.text).toBe(201);
      expect(applied.json).toMatchObject({ mustConfirmEmail: true, signedIn: false, redirectTo: "/" });
      expect(applied.headers.getSetCookie()).toEqual([]);
    });

    it("does not sign in at sign-up, refuses sign-in until confirmed, then lets the parent in", async () => {
      const body = parentSignUpBody();
      const signUp = await send(strict, "POST", "/api/accounts/parents", { body: { ...body } });
      expect(signUp.status).toBe(201);
      expect(signUp.json).toEqual({ signedIn: false, redirectTo: "/" });
      expect(signUp.headers.getSetCookie()).toEqual([]);

      const credentials = { role: "parent", email: body.parent.email, password: body.parent.password };
      const refused = await send(strict, "POST", "/api/session", { body: credentials });
      expect(refused.status).toBe(403);
      expect(refused.json.error.reason).toBe("email_not_verified");

      const resend = await send(strict, "POST", "/api/auth/send-verification-email", {
        body: { email: body.parent.email, callbackURL: "/dashboard" },
        headers: ORIGIN,
      });
      expect(resend.status).toBe(200);
      const link = (await lastMail(strict, body.parent.email, "verification")).link!;
      await strict.app.request(`${link.pathname}${link.search}`);

      const accepted = await send(strict, "POST", "/api/session", { body: credentials });
      expect(accepted.status).toBe(200);
    });
  });
});

describe("forgot password", () => {
  it("emails a one-hour link; the new password works and the old one no longer does", async () => {
    const parent = await createParent(t.deps);
    const ask = await auth("/request-password-reset", { email: parent.email, redirectTo: "http://localhost:3000/reset-password" });
    expect(ask.status).toBe(200);
    const link = (await lastMail(t, parent.email, "password-reset")).link!;
    // The emailed link redirects to our /reset-password page with the token.
    const redirect = await t.app.request(`${link.pathname}${link.search}`);
    expect(redirect.status).toBe(302);
    const target = new URL(redirect.headers.get("location")!, "http://localhost:3000");
    expect(target.pathname).toBe("/reset-password");
    const token = target.searchParams.get("token")!;

    const reset = await auth("/reset-password", { newPassword: "brand-new-password", token });
    expect(reset.status).toBe(200);
    const old = await send(t, "POST", "/api/session", { body: { role: "parent", email: parent.email, password: parent.password } });
    expect(old.status).toBe(401);
    const fresh = await send(t, "POST", "/api/session", { body: { role: "parent", email: parent.email, password: "brand-new-password" } });
    expect(fresh.status).toBe(200);
    // A used token cannot be used twice.
    expect((await auth("/reset-password", { newPassword: "another-password", token })).status).toBe(400);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const res = await auth("/request-password-reset", { email: "nobody@example.test", redirectTo: "http://localhost:3000/reset-password" });
    expect(res.status).toBe(200);
    await expect(lastMail(t, "nobody@example.test", "password-reset")).rejects.toThrow();
  });
});

describe("change password", () => {
  it("needs the current password", async () => {
    const parent = await createParent(t.deps);
    const cookie = await signIn(t, "parent", parent.email, parent.password);
    const wrong = await auth("/change-password", { currentPassword: "nope-nope-nope", newPassword: "another-good-one" }, cookie);
    expect(wrong.status).toBe(400);
    // The code the Change Password dialog turns into "Your current password is not correct" beside the field.
    expect(wrong.json).toMatchObject({ code: "INVALID_PASSWORD" });
    const ok = await auth(
      "/change-password",
      { currentPassword: parent.password, newPassword: "another-good-one", revokeOtherSessions: true },
      cookie,
    );
    expect(ok.status).toBe(200);
    expect((await send(t, "POST", "/api/session", { body: { role: "parent", email: parent.email, password: "another-good-one" } })).status).toBe(200);
  });
});

describe("two-factor authentication (TOTP)", () => {
  it("enrols with a code, then sign-in asks for the code before the role's home", async () => {
    const parent = await createParent(t.deps);
    const cookie = await signIn(t, "parent", parent.email, parent.password);
    const enable = await auth("/two-factor/enable", { password: parent.password }, cookie);
    expect(enable.status).toBe(200);
    const uri = enable.json.totpURI as string;
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(enable.json.backupCodes).toHaveLength(10);
    const sessionCookie = cookieHeader(enable.headers) || cookie;
    const confirm = await auth("/two-factor/verify-totp", { code: await totpFromUri(uri) }, sessionCookie);
    expect(confirm.status).toBe(200);
    const [row] = await t.deps.db.select().from(user).where(eq(user.id, parent.userId));
    expect(row?.twoFactorEnabled).toBe(true);

    const step1 = await send(t, "POST", "/api/session", { body: { role: "parent", email: parent.email, password: parent.password } });
    expect(step1.status).toBe(200);
    expect(step1.json).toEqual({ twoFactorRequired: true });
    const twoFactorCookie = cookieHeader(step1.headers);
    expect(twoFactorCookie).not.toContain("session_token");

    const wrong = await send(t, "POST", "/api/session/two-factor", { body: { role: "parent", code: "000000" }, cookie: twoFactorCookie });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.message).toBe("That code is not correct. Please try again.");

    const step2 = await send(t, "POST", "/api/session/two-factor", {
      body: { role: "parent", code: await totpFromUri(uri) },
      cookie: twoFactorCookie,
    });
    expect(step2.status).toBe(200);
    expect(step2.json).toEqual({ role: "parent", redirectTo: "/dashboard" });
    const me = await send(t, "GET", "/api/session", { cookie: cookieHeader(step2.headers) });
    expect(me.json.user.email).toBe(parent.email);
  });

  it("refuses a code without the first step", async () => {
    const res = await send(t, "POST", "/api/session/two-factor", { body: { role: "parent", code: "123456" } });
    expect(res.status).toBe(401);
  });

  it("validates the code's shape", async () => {
    const res = await send(t, "POST", "/api/session/two-factor", { body: { role: "parent", code: "12ab" } });
    expect(res.status).toBe(400);
    expect(res.json.error.fields.code).toBe("Enter the 6-digit code from your authenticator app");
  });
});

describe("login history", () => {
  it("lists the account's sessions with address and browser, and signs out the others", async () => {
    const parent = await createParent(t.deps);
    await signIn(t, "parent", parent.email, parent.password);
    const current = await signIn(t, "parent", parent.email, parent.password);
    const list = await send(t, "GET", "/api/auth/list-sessions", { cookie: current });
    expect(list.status).toBe(200);
    expect(list.json).toHaveLength(2);
    expect(list.json[0]).toMatchObject({ ipAddress: "127.0.0.1" });

    const revoke = await auth("/revoke-other-sessions", {}, current);
    expect(revoke.status).toBe(200);
    const after = await send(t, "GET", "/api/auth/list-sessions", { cookie: current });
    expect(after.json).toHaveLength(1);
  });
});
