import { everyone, type RouteCase } from "../route-case";

export const searchCases: RouteCase[] = [
  // Anonymous visitors browse search (spec section 6); so does every signed-in role.
  {
    route: "GET /api/search/teachers", ok: 200,
    allowed: everyone,
    request: () => ({ path: "/api/search/teachers?instrument=piano&location=Austin%2C%20TX&sort=rating&page=1" }),
  },
];
