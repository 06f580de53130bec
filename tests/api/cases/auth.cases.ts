import { parentSignUpBody } from "../../factories/sign-up";
import { credentialsOf, everyone, signedIn, type RouteCase } from "../route-case";

export const authCases: RouteCase[] = [
  // better-auth's own endpoints (session lookup, sign-out, …); its public sign-up is disabled.
  { route: "GET /api/auth/*", allowed: everyone, request: () => ({ path: "/api/auth/get-session" }) },
  { route: "POST /api/auth/*", allowed: everyone, request: () => ({ path: "/api/auth/sign-out", body: {} }) },
  { route: "GET /api/session", allowed: everyone, request: () => ({ path: "/api/session" }) },
  {
    // Anyone may sign in with credentials they hold; the role rule is tested in auth.integration.test.ts.
    route: "POST /api/session",
    allowed: everyone,
    request: (world, actor) => ({ path: "/api/session", body: credentialsOf(world, actor) }),
    badInput: { as: "anonymous", validBody: (world) => credentialsOf(world, "parent") },
  },
  {
    // Only a visitor halfway through a two-factor sign-in (holding better-auth's two-factor cookie)
    // may finish it; nobody in the matrix world is, so everyone is refused with 401.
    route: "POST /api/session/two-factor",
    allowed: { anonymous: false, parent: false, otherParent: false, teacher: false, otherTeacher: false },
    request: () => ({ path: "/api/session/two-factor", body: { role: "parent", code: "123456" } }),
    badInput: { as: "anonymous", validBody: () => ({ role: "parent", code: "123456" }) },
  },
  {
    // Anyone may create a parent account with a new address.
    route: "POST /api/accounts/parents",
    allowed: everyone,
    request: () => ({ path: "/api/accounts/parents", body: { ...parentSignUpBody() } }),
    badInput: { as: "anonymous", validBody: () => ({ ...parentSignUpBody() }) },
  },
  {
    route: "DELETE /api/accounts/me",
    allowed: signedIn,
    request: () => ({ path: "/api/accounts/me" }),
  },
];
