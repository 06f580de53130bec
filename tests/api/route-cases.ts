import { authCases } from "./cases/auth.cases";
import { platformCases } from "./cases/platform.cases";
import type { RouteCase } from "./route-case";

export type { RouteCase } from "./route-case";

/**
 * The authorization matrix: one entry per API route, kept per feature in tests/api/cases/. A new
 * route without an entry fails the matrix test, so every change that adds a route says who may call it.
 */
export const ROUTE_CASES: RouteCase[] = [...platformCases, ...authCases];
