import { parentsOnly, type RouteCase } from "../route-case";

/** Every parent reads and changes only their own profile (the id comes from the session). */
const nameChange = () => ({ firstName: "Ada" });

export const parentsCases: RouteCase[] = [
  { route: "GET /api/parents/me", ok: 200, allowed: parentsOnly, request: () => ({ path: "/api/parents/me" }) },
  {
    route: "PATCH /api/parents/me", ok: 200,
    allowed: parentsOnly,
    request: () => ({ path: "/api/parents/me", body: nameChange() }),
    badInput: { as: "parent", validBody: nameChange },
  },
  { route: "GET /api/parents/me/dashboard", ok: 200, allowed: parentsOnly, request: () => ({ path: "/api/parents/me/dashboard" }) },
];
