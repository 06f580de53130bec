import { everyone, type RouteCase } from "../route-case";

export const platformCases: RouteCase[] = [
  { route: "GET /api/health", allowed: everyone, request: () => ({ path: "/api/health" }) },
  { route: "GET /api/landing/stats", allowed: everyone, request: () => ({ path: "/api/landing/stats" }) },
];
