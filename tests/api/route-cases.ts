import type { Actor, World } from "./world";

type Allowed = Record<Actor, boolean>;

export interface RouteCase {
  /** "METHOD /path" exactly as the app registers it. */
  route: string;
  /** Who may call it: allowed actors never get 401/403/404; the others always do. */
  allowed: Allowed;
  /** The concrete request an actor makes (path with real ids, body). */
  request: (world: World, actor: Actor) => { path: string; body?: Record<string, unknown> };
  /** For JSON routes: who sends the bad-input barrage, and a valid body to mutate. */
  badInput?: { as: Actor; validBody: (world: World) => Record<string, unknown> };
  /** Runs last for an actor because it destroys what later calls need (e.g. delete account). */
  destructive?: boolean;
}

const everyone: Allowed = { anonymous: true, parent: true, otherParent: true, teacher: true, otherTeacher: true };
const signedIn: Allowed = { ...everyone, anonymous: false };

const credentialsOf = (world: World, actor: Actor) => {
  switch (actor) {
    case "parent":
    case "anonymous":
      return { role: "parent", email: world.parent.email, password: world.parent.password };
    case "otherParent":
      return { role: "parent", email: world.otherParent.email, password: world.otherParent.password };
    case "teacher":
      return { role: "teacher", email: world.teacher.email, password: world.teacher.password };
    case "otherTeacher":
      return { role: "teacher", email: world.otherTeacher.email, password: world.otherTeacher.password };
  }
};

/**
 * The authorization matrix: one entry per API route. A new route without an entry fails the
 * matrix test, so every issue that adds a route says here who may call it.
 */
export const ROUTE_CASES: RouteCase[] = [
  { route: "GET /api/health", allowed: everyone, request: () => ({ path: "/api/health" }) },
  { route: "GET /api/landing/stats", allowed: everyone, request: () => ({ path: "/api/landing/stats" }) },
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
    route: "DELETE /api/accounts/me",
    allowed: signedIn,
    destructive: true,
    request: () => ({ path: "/api/accounts/me" }),
  },
];
