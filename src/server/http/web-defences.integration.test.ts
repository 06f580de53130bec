import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, studentProfiles, teacherProfiles } from "../db/schema";
import { createBooking } from "../../../tests/factories/bookings";
import { createParent, createTeacher } from "../../../tests/factories/accounts";
import { send, signIn } from "../../../tests/fixtures/http";
import { createTestApp, type TestApp } from "../../../tests/fixtures/test-app";
import { MAX_BODY_BYTES } from "./body-limit";
import { JSON_ONLY_MESSAGE } from "./validate";

let t: TestApp;
let parent: Awaited<ReturnType<typeof createParent>>;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  parent = await createParent(t.deps);
  cookie = await signIn(t, "parent", parent.email, parent.password);
});
afterAll(() => t.close());

const studentCount = async () =>
  (await t.deps.db.select({ n: count() }).from(studentProfiles).where(eq(studentProfiles.parentId, parent.parentId)))[0]!.n;
const newStudent = { firstName: "Ada", lastName: "Parent", age: 9, interests: [] };

describe("cross-site requests", () => {
  it.each([
    ["a foreign Origin", { origin: "http://evil.example" }],
    ["a foreign Origin with a trusted-looking prefix", { origin: "http://localhost:3000.evil.example" }],
    ["Sec-Fetch-Site: cross-site and no Origin", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site: same-site (another app on a sibling name)", { "sec-fetch-site": "same-site" }],
  ])("refuses a state change with %s, and changes nothing", async (_name, headers) => {
    const before = await studentCount();
    const res = await send(t, "POST", "/api/students", { cookie, body: newStudent, headers });
    expect(res.status).toBe(403);
    expect(res.json.error.reason).toBe("cross_site");
    expect(res.json.error.message).toMatch(/another website/);
    expect(await studentCount()).toBe(before);
  });

  it("refuses a form-encoded cross-site post and a foreign sign-in too", async () => {
    const form = await t.app.request("/api/accounts/me", {
      method: "DELETE",
      headers: { cookie, origin: "http://evil.example", "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(403);
    const signInAttempt = await send(t, "POST", "/api/session", {
      body: { role: "parent", email: parent.email, password: parent.password },
      headers: { origin: "http://evil.example" },
    });
    expect(signInAttempt.status).toBe(403);
  });

  it.each([
    ["the public address", "http://localhost:3000"],
    ["the other loopback name (outside production)", "http://127.0.0.1:3000"],
    ["the dev server", "http://localhost:5173"],
  ])("accepts %s as Origin", async (_name, origin) => {
    const res = await send(t, "POST", "/api/students", {
      cookie,
      body: newStudent,
      headers: { origin, "sec-fetch-site": "same-origin" },
    });
    expect(res.status).toBe(201);
  });

  it("reads (GET) are never refused for their origin", async () => {
    const res = await send(t, "GET", "/api/students", { cookie, headers: { origin: "http://evil.example" } });
    expect(res.status).toBe(200);
  });

  it("signs out from 127.0.0.1 as well as localhost (better-auth trusts both loopback names)", async () => {
    const own = await signIn(t, "parent", parent.email, parent.password);
    const res = await send(t, "POST", "/api/auth/sign-out", { cookie: own, body: {}, headers: { origin: "http://127.0.0.1:3000" } });
    expect(res.status).toBe(200);
    expect((await send(t, "GET", "/api/session", { cookie: own })).json).toMatchObject({ user: null });
  });
});

describe("security headers", () => {
  it("every API answer carries the policy, and private JSON is not stored", async () => {
    for (const [path, withCookie] of [
      ["/api/health", false],
      ["/api/session", true],
      ["/api/parents/me", true],
      ["/api/students", true],
      ["/api/no-such-route", false],
    ] as const) {
      const res = await send(t, "GET", path, withCookie ? { cookie } : {});
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("permissions-policy"), path).toContain("camera=()");
      expect(res.headers.get("strict-transport-security"), path).toBeNull();
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
  });

  it("public figures keep their own short cache", async () => {
    const res = await send(t, "GET", "/api/landing/stats");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
  });

  it("sends HSTS when the public address is https", async () => {
    const secure = await createTestApp({ PUBLIC_URL: "https://lessons.example.com" });
    try {
      const res = await send(secure, "GET", "/api/health");
      expect(res.headers.get("strict-transport-security")).toContain("max-age=31536000");
    } finally {
      await secure.close();
    }
  });
});

describe("body limits", () => {
  const big = JSON.stringify({ firstName: "x".repeat(MAX_BODY_BYTES) });
  it.each(["Application/JSON", "application/merge-patch+json", "text/plain", "application/x-www-form-urlencoded", "application/octet-stream"])(
    "bounds a body sent as %s, and closes the connection after the 413",
    async (type) => {
      const res = await t.app.request("/api/session", { method: "POST", headers: { "content-type": type }, body: big });
      expect(res.status).toBe(413);
      expect(res.headers.get("connection")).toBe("close");
    },
  );

  it("bounds a body sent without any content type", async () => {
    const res = await t.app.request("/api/session", { method: "POST", body: big });
    expect(res.status).toBe(413);
  });

  it.each([["application/json"], [undefined]])("a small 'video' sent as %s to the video upload is not a video (415), not 'too large'", async (type) => {
    const teacher = await createTeacher(t.deps);
    const teacherCookie = await signIn(t, "teacher", teacher.email, teacher.password);
    const res = await t.app.request("/api/teachers/me/intro-video", {
      method: "PUT",
      headers: { cookie: teacherCookie, ...(type ? { "content-type": type } : {}) },
      body: "{}",
    });
    expect(res.status).toBe(415);
  });
});

describe("JSON routes take JSON only (issue 39)", () => {
  /** A teacher with a meeting link, so an online lesson can be accepted. */
  async function onlineTeacher() {
    const teacher = await createTeacher(t.deps);
    await t.deps.db.update(teacherProfiles).set({ meetingUrl: "https://zoom.us/j/123456789" }).where(eq(teacherProfiles.id, teacher.teacherId));
    return { teacher, teacherCookie: await signIn(t, "teacher", teacher.email, teacher.password) };
  }
  const inDays = (days: number) => new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + days * 86_400_000);
  it("refuses an accept with its price sent as text/plain (415), and the request stays pending; as JSON, the price is kept", async () => {
    const { teacher, teacherCookie } = await onlineTeacher();
    const { bookingId } = await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, status: "pending", startsAt: inDays(7) });
    const status = async () => (await t.deps.db.select({ status: bookings.status, price: bookings.priceCents }).from(bookings).where(eq(bookings.id, bookingId)))[0]!;

    const plain = await t.app.request(`/api/bookings/${bookingId}/accept`, {
      method: "POST",
      headers: { cookie: teacherCookie, "content-type": "text/plain" },
      body: JSON.stringify({ priceCents: 4200 }),
    });
    expect(plain.status).toBe(415);
    expect(((await plain.json()) as { error: { message: string } }).error.message).toBe(JSON_ONLY_MESSAGE);
    expect(await status()).toEqual({ status: "pending", price: null });

    const json = await send(t, "POST", `/api/bookings/${bookingId}/accept`, { cookie: teacherCookie, body: { priceCents: 4200 } });
    expect(json.status, json.text).toBe(200);
    expect(await status()).toEqual({ status: "accepted", price: 4200 });
  });

  it("takes a route's optional body when none is sent, whatever the headers say", async () => {
    const { teacher, teacherCookie } = await onlineTeacher();
    const { bookingId } = await createBooking(t.deps, { teacherId: teacher.teacherId, parentId: parent.parentId, studentId: parent.studentIds[0]!, status: "pending", startsAt: inDays(8) });
    const res = await t.app.request(`/api/bookings/${bookingId}/accept`, { method: "POST", headers: { cookie: teacherCookie, "content-type": "text/plain" } });
    expect(res.status).toBe(200);
  });
});
