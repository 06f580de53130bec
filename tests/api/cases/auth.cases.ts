import { eq, sql } from "drizzle-orm";
import { parentProfiles } from "../../../src/server/db/schema";
import { parentSignUpBody } from "../../factories/sign-up";
import { credentialsOf, everyone, nobody, signedIn, type RouteCase } from "../route-case";
import { halfwayTwoFactorSignIn, type World } from "../world";
import type { TestApp } from "../../fixtures/test-app";

/** The parent's household without its other guardians (each back in a household of their own). */
async function parentAlone(t: TestApp, world: World) {
  await t.deps.db
    .update(parentProfiles)
    .set({ householdId: sql`${parentProfiles.id}`, householdInvitedBy: null, householdJoinedAt: null })
    .where(eq(parentProfiles.householdId, world.parent.parentId));
}

export const authCases: RouteCase[] = [
  // better-auth's own endpoints (session lookup, sign-out, …); its public sign-up is disabled.
  { route: "GET /api/auth/*", ok: 200, allowed: everyone, request: () => ({ path: "/api/auth/get-session" }) },
  { route: "POST /api/auth/*", ok: 200, allowed: everyone, request: () => ({ path: "/api/auth/sign-out", body: {} }) },
  { route: "GET /api/session", ok: 200, allowed: everyone, request: () => ({ path: "/api/session" }) },
  {
    // Anyone may sign in with credentials they hold; the role rule is tested in auth.integration.test.ts.
    // An operator holds no parent or teacher profile: the public sign-in refuses them (issue 27).
    route: "POST /api/session", ok: 200,
    allowed: { ...everyone, operator: false },
    request: (world, actor) => ({ path: "/api/session", body: credentialsOf(world, actor) }),
    badInput: { as: "anonymous", validBody: (world) => credentialsOf(world, "parent") },
  },
  {
    // Only a visitor halfway through a two-factor sign-in (holding better-auth's two-factor cookie)
    // may finish it; nobody in the matrix world is, so everyone is refused with 401. The bad-input
    // test enrols a parent and passes the password step first, so its valid code really signs in.
    route: "POST /api/session/two-factor", ok: 200,
    allowed: nobody,
    request: () => ({ path: "/api/session/two-factor", body: { role: "parent", code: "123456" } }),
    badInput: {
      as: "anonymous",
      validBody: () => ({ role: "parent", code: "123456" }),
      session: async (t, world) => {
        const { cookie, code } = await halfwayTwoFactorSignIn(t, world);
        return { cookie, validBody: { role: "parent", code } };
      },
    },
  },
  {
    // Anyone may create a parent account with a new address.
    route: "POST /api/accounts/parents", ok: 201,
    allowed: everyone,
    request: () => ({ path: "/api/accounts/parents", body: { ...parentSignUpBody() } }),
    badInput: { as: "anonymous", validBody: () => ({ ...parentSignUpBody() }) },
  },
  {
    // Confirmed with the actor's own password (issue 26); the bad-input barrage deletes nothing.
    route: "DELETE /api/accounts/me", ok: 200,
    allowed: signedIn,
    request: (world, actor) => ({ path: "/api/accounts/me", body: { password: credentialsOf(world, actor).password } }),
    secondGuardianRequest: (world) => ({ path: "/api/accounts/me", body: { password: world.secondGuardian.password } }),
    // A founder whose household has other guardians is refused (409, households.integration.test.ts):
    // here the parent's household is theirs alone again, so their deletion is today's.
    prepare: (t, world) => parentAlone(t, world),
    badInput: {
      as: "parent",
      validBody: (world) => ({ password: world.parent.password }),
      session: async (t, world) => {
        await parentAlone(t, world);
        return { cookie: world.cookies.parent!, validBody: { password: world.parent.password } };
      },
    },
  },
];
