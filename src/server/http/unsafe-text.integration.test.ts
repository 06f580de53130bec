import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studentProfiles } from "../db/schema";
import { createParent } from "../../../tests/factories/accounts";
import { send, signIn } from "../../../tests/fixtures/http";
import { createTestApp, type TestApp } from "../../../tests/fixtures/test-app";

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

describe("NUL and broken characters never reach the database", () => {
  it.each([
    ["NUL in a name", { firstName: "a\u0000b", lastName: "Parent", age: 9 }, "firstName"],
    ["a lone surrogate", { firstName: "Ada", lastName: "\ud800", age: 9 }, "lastName"],
    ["NUL in a list item", { firstName: "Ada", lastName: "Parent", age: 9, interests: ["Piano\u0000"] }, "interests.0"],
  ])("%s: 400 naming the field, nothing stored", async (_name, body, field) => {
    const before = await studentCount();
    const res = await send(t, "POST", "/api/students", { cookie, body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.error.fields)).toContain(field);
    expect(res.json.error.message).toMatch(/not allowed/);
    expect(await studentCount()).toBe(before);
  });

  it.each([
    "/api/search/teachers?location=Austin%00TX",
    "/api/search/teachers?instrument=piano%00",
  ])("a query string %s is refused with 400", async (path) => {
    const res = await send(t, "GET", path);
    expect(res.status).toBe(400);
  });

  it("sign-in with NUL in the email or password is a 400, not a 500", async () => {
    for (const body of [
      { role: "parent", email: "a\u0000@example.test", password: "x" },
      { role: "parent", email: parent.email, password: "pass\u0000word" },
    ]) {
      const res = await send(t, "POST", "/api/session", { body });
      expect(res.status).toBe(400);
    }
  });
});
