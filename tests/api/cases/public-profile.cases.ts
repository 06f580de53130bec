import { everyone, type RouteCase } from "../route-case";

export const publicProfileCases: RouteCase[] = [
  // Visitors browse teacher profiles before they have an account (spec section 6).
  {
    route: "GET /api/teachers/:teacherId/public", ok: 200,
    allowed: everyone,
    request: (world) => ({ path: `/api/teachers/${world.teacher.teacherId}/public` }),
  },
];
