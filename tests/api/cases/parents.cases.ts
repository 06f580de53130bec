import { parentsOnly, type RouteCase } from "../route-case";

/** Every parent reads and changes only their own profile (the id comes from the session). */
const nameChange = () => ({ firstName: "Ada" });
const zoneReport = () => ({ timeZone: "America/New_York" });

export const parentsCases: RouteCase[] = [
  { route: "GET /api/parents/me", ok: 200, allowed: parentsOnly, request: () => ({ path: "/api/parents/me" }) },
  {
    route: "PATCH /api/parents/me", ok: 200,
    allowed: parentsOnly,
    request: () => ({ path: "/api/parents/me", body: nameChange() }),
    badInput: { as: "parent", validBody: nameChange },
  },
  {
    // Any parent reports their own browser's zone (204); a teacher-only account has nothing to report it for.
    route: "PUT /api/parents/me/time-zone", ok: 204,
    allowed: parentsOnly,
    request: () => ({ path: "/api/parents/me/time-zone", body: zoneReport() }),
    badInput: { as: "parent", validBody: zoneReport },
  },
  { route: "GET /api/parents/me/dashboard", ok: 200, allowed: parentsOnly, request: () => ({ path: "/api/parents/me/dashboard" }) },
];
