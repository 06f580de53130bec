import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createParent } from "../../../tests/factories/accounts";
import { parentSignUpBody } from "../../../tests/factories/sign-up";
import { createTestApp, type TestApp } from "../../../tests/fixtures/test-app";
import { SIGN_UP_LIMIT } from "./sign-up-limit";

// These apps count like production (the other suites run with AUTH_RATE_LIMIT=false).
let a: TestApp;
let b: TestApp;
const onPostgres = process.env.TEST_DB === "postgres";
beforeAll(async () => {
  a = await createTestApp({ AUTH_RATE_LIMIT: "true" });
  // On PostgreSQL a second app is a second "process" on the same database.
  b = onPostgres ? await createTestApp({ AUTH_RATE_LIMIT: "true" }) : a;
});
afterAll(async () => {
  await a.close();
  if (b !== a) await b.close();
});
afterEach(() => vi.useRealTimers());

const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });
const post = (t: TestApp, path: string, body: unknown, address: string) =>
  t.app.request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }, from(address));

describe("rate limits say when to retry", () => {
  it("wrong passwords reach 429 with Retry-After; after the window the right password signs in", async () => {
    const parent = await createParent(a.deps);
    const address = "192.0.2.10";
    const wrong = { role: "parent", email: parent.email, password: "not-the-password" };
    let limited: Response | undefined;
    for (let attempt = 0; attempt < 20 && !limited; attempt++) {
      const res = await post(a, "/api/session", wrong, address);
      if (res.status === 429) limited = res;
      else expect(res.status).toBe(401);
    }
    expect(limited, "never limited").toBeDefined();
    const retryAfter = Number(limited!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Still limited with the right password inside the window…
    const right = { ...wrong, password: parent.password };
    expect((await post(a, "/api/session", right, address)).status).toBe(429);
    // …and signed in once the window has passed.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (retryAfter + 1) * 1000 });
    expect((await post(a, "/api/session", right, address)).status).toBe(200);
  });

  it("better-auth's own limited routes carry Retry-After too", async () => {
    const address = "192.0.2.11";
    let limited: Response | undefined;
    for (let attempt = 0; attempt < 20 && !limited; attempt++) {
      const res = await post(a, "/api/auth/request-password-reset", { email: "nobody@example.test", redirectTo: "/reset-password" }, address);
      if (res.status === 429) limited = res;
    }
    expect(limited, "never limited").toBeDefined();
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("the sign-up limit's 429 carries Retry-After of at most 15 minutes", async () => {
    const address = "192.0.2.12";
    for (let i = 0; i < SIGN_UP_LIMIT; i++) expect((await post(a, "/api/accounts/parents", parentSignUpBody(), address)).status).toBe(201);
    const res = await post(a, "/api/accounts/parents", parentSignUpBody(), address);
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it.skipIf(!onPostgres)("two processes on one PostgreSQL share one sign-up limit", async () => {
    const address = "192.0.2.13";
    for (let i = 0; i < SIGN_UP_LIMIT; i++) {
      const t = i % 2 === 0 ? a : b;
      expect((await post(t, "/api/accounts/parents", parentSignUpBody(), address)).status).toBe(201);
    }
    expect((await post(b, "/api/accounts/parents", parentSignUpBody(), address)).status).toBe(429);
    expect((await post(a, "/api/accounts/parents", parentSignUpBody(), address)).status).toBe(429);
  });

  it.skipIf(!onPostgres)("two processes on one PostgreSQL share one sign-in limit", async () => {
    const parent = await createParent(a.deps);
    const address = "192.0.2.14";
    const wrong = { role: "parent", email: parent.email, password: "nope-nope" };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await post(i % 2 === 0 ? a : b, "/api/session", wrong, address)).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
