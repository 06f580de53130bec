import { everyone, type RouteCase } from "../route-case";

export const platformCases: RouteCase[] = [
  { route: "GET /api/health", ok: 200, allowed: everyone, request: () => ({ path: "/api/health" }) },
  { route: "GET /api/health/ready", ok: 200, allowed: everyone, request: () => ({ path: "/api/health/ready" }) },
  { route: "GET /api/landing/stats", ok: 200, allowed: everyone, request: () => ({ path: "/api/landing/stats" }) },
];
