import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { missingRoleMessage, WRONG_CREDENTIALS_MESSAGE } from "../../shared/auth/auth.schemas";
import { parentProfiles, session, teacherProfiles, userRoles } from "../db/schema";
import { createBareUser, createParent, createTeacher } from "../../../tests/factories/accounts";
import { cookieHeader, send, signIn } from "../../../tests/fixtures/http";
import { createTestApp, testAppForFile } from "../../../tests/fixtures/test-app";

const t = testAppForFile();

async function sessionCount(userId: string) {
  const [row] = await t.deps.db.select({ n: count() }).from(session).where(eq(session.userId, userId));
  return row!.n;
}

describe("API conventions", () => {
  it("answers /api/health", async () => {
    const res = await send(t, "GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "ok", database: t.handle.driver });
  });

  it("answers unknown /api paths with a JSON 404, not the web app", async () => {
    const res = await send(t, "GET", "/api/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.json.error.code).toBe("not_found");
  });

  it("gives every error a request id", async () => {
    const res = await send(t, "POST", "/api/session", { body: "{not json" });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe("The request body is not valid JSON.");
    expect(res.json.error.requestId).toEqual(expect.any(String));
  });
});

describe("POST /api/session (sign in as a role)", () => {
  it("signs a parent in, sets the session cookie and stores the active role", async () => {
    const parent = await createParent(t.deps);
    await t.deps.db.delete(userRoles).where(eq(userRoles.userId, parent.userId));
    const res = await send(t, "POST", "/api/session", {
      body: { role: "parent", email: parent.email, password: parent.password },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ role: "parent", redirectTo: "/dashboard" });
    const cookie = cookieHeader(res.headers);
    expect(cookie).toContain("session_token");

    const me = await send(t, "GET", "/api/session", { cookie });
    expect(me.json.user.email).toBe(parent.email);
    expect(me.json.role).toBe("parent");
    const [role] = await t.deps.db.select().from(userRoles).where(eq(userRoles.userId, parent.userId));
    expect(role?.activeRole).toBe("parent");
  });

  it("sends a teacher to /teacher-landing", async () => {
    const teacher = await createTeacher(t.deps);
    const res = await send(t, "POST", "/api/session", {
      body: { role: "teacher", email: teacher.email, password: teacher.password },
    });
    expect(res.status).toBe(200);
    expect(res.json.redirectTo).toBe("/teacher-landing");
  });

  it("trims and lower-cases the email", async () => {
    const parent = await createParent(t.deps);
    const res = await send(t, "POST", "/api/session", {
      body: { role: "parent", email: `  ${parent.email.toUpperCase()} `, password: parent.password },
    });
    expect(res.status).toBe(200);
  });

  it("refuses a role the account has no profile for, and leaves no session behind", async () => {
    const parent = await createParent(t.deps);
    const before = await sessionCount(parent.userId);
    const res = await send(t, "POST", "/api/session", {
      body: { role: "teacher", email: parent.email, password: parent.password },
    });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toBe(missingRoleMessage("teacher"));
    expect(res.json.error.message).toBe(
      "No teacher account found for this email address. Please sign up as a teacher first.",
    );
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await sessionCount(parent.userId)).toBe(before);
  });

  it("says the same thing for a wrong password and an unknown email", async () => {
    const parent = await createParent(t.deps);
    const wrong = await send(t, "POST", "/api/session", {
      body: { role: "parent", email: parent.email, password: "not-the-password" },
    });
    const unknown = await send(t, "POST", "/api/session", {
      body: { role: "parent", email: "nobody-here@example.test", password: "whatever-123" },
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.json.error.message).toBe(WRONG_CREDENTIALS_MESSAGE);
      expect(res.json.error.reason).toBe("invalid_credentials");
    }
  });

  it("validates with the spec's messages", async () => {
    const noRole = await send(t, "POST", "/api/session", { body: { email: "a@b.co", password: "x" } });
    expect(noRole.status).toBe(400);
    expect(noRole.json.error.fields.role).toBe("Please select your role (Teacher or Parent)");
    const badEmail = await send(t, "POST", "/api/session", {
      body: { role: "parent", email: "not-an-email", password: "x" },
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.json.error.fields.email).toBe("Please enter a valid email address");
    const noPassword = await send(t, "POST", "/api/session", { body: { role: "parent", email: "a@b.co" } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.json.error.fields.password).toBe("Password is required");
  });

  it("rate-limits repeated sign-in attempts from one address", async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: "true" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await send(limited, "POST", "/api/session", {
          body: { role: "parent", email: "nobody@example.test", password: "wrong-password" },
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("GET /api/session (role resolution, spec section 4)", () => {
  it("is anonymous without a cookie", async () => {
    const res = await send(t, "GET", "/api/session");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ user: null, role: null, profiles: { parent: false, teacher: false } });
  });

  it("prefers the parent profile when no role is stored, and stores it", async () => {
    const both = await createParent(t.deps);
    const cookie = await signIn(t, "parent", both.email, both.password);
    const teacherRow = await createTeacher(t.deps);
    // Move the second profile onto the same user: an account holding both profiles.
    await t.deps.db.update(teacherProfiles).set({ userId: both.userId }).where(eq(teacherProfiles.id, teacherRow.teacherId));
    await t.deps.db.delete(userRoles).where(eq(userRoles.userId, both.userId));
    const me = await send(t, "GET", "/api/session", { cookie });
    expect(me.json.role).toBe("parent");
    expect(me.json.profiles).toEqual({ parent: true, teacher: true });
    const [stored] = await t.deps.db.select().from(userRoles).where(eq(userRoles.userId, both.userId));
    expect(stored?.activeRole).toBe("parent");
  });

  it("has no role when the account has no profile", async () => {
    const bare = await createBareUser(t.deps);
    const res = await send(t, "POST", "/api/auth/sign-in/email", {
      body: { email: bare.email, password: bare.password },
      headers: { origin: "http://localhost:3000" },
    });
    expect(res.status).toBe(200);
    const me = await send(t, "GET", "/api/session", { cookie: cookieHeader(res.headers) });
    expect(me.json.user.email).toBe(bare.email);
    expect(me.json.role).toBeNull();
  });
});

describe("DELETE /api/accounts/me", () => {
  it("needs a session", async () => {
    const res = await send(t, "DELETE", "/api/accounts/me");
    expect(res.status).toBe(401);
  });

  it("removes the parent's profile and students, ends the session and frees the email", async () => {
    const parent = await createParent(t.deps, { students: 2 });
    const cookie = await signIn(t, "parent", parent.email, parent.password);
    const res = await send(t, "DELETE", "/api/accounts/me", { cookie, body: { password: parent.password } });
    expect(res.status).toBe(200);
    expect(await t.deps.db.select().from(parentProfiles).where(eq(parentProfiles.userId, parent.userId))).toEqual([]);
    expect(await sessionCount(parent.userId)).toBe(0);
    const me = await send(t, "GET", "/api/session", { cookie });
    expect(me.json.user).toBeNull();
    const again = await send(t, "POST", "/api/session", {
      body: { role: "parent", email: parent.email, password: parent.password },
    });
    expect(again.status).toBe(401);
  });
});
