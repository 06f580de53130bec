import type { RouteCase } from "../route-case";
import { parentsOnly, teachersOnly } from "../route-case";

/**
 * Earnings are the signed-in teacher's own, billing the signed-in parent's own: every teacher and
 * every parent gets their own statement (scoping is tested in earnings.integration.test.ts); the
 * other role gets 403, a stranger 401. Bad years and zones: earnings.integration.test.ts.
 */
export const earningsCases: RouteCase[] = [
  { route: "GET /api/earnings", allowed: teachersOnly, ok: 200, request: () => ({ path: "/api/earnings?year=2026" }) },
  { route: "GET /api/earnings/csv", allowed: teachersOnly, ok: 200, request: () => ({ path: "/api/earnings/csv?year=2026" }) },
  { route: "GET /api/billing", allowed: parentsOnly, ok: 200, request: () => ({ path: "/api/billing?year=2026&timeZone=America%2FNew_York" }) },
  {
    route: "GET /api/billing/csv",
    allowed: parentsOnly,
    ok: 200,
    request: () => ({ path: "/api/billing/csv?year=2026&timeZone=America%2FNew_York" }),
  },
  // The teacher's students list: each teacher sees their own (teacher-students.integration.test.ts).
  { route: "GET /api/teachers/me/students", allowed: teachersOnly, ok: 200, request: () => ({ path: "/api/teachers/me/students" }) },
];
