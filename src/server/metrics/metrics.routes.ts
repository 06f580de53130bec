import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import { AppError } from "../../shared/errors";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { httpDuration, httpRequests, observeDatabase, readiness, registry } from "./metrics";

/** Counts every answer by its route pattern (never the raw path: ids would explode the series). */
export const requestMetrics = createMiddleware<AppEnv>(async (c, next) => {
  const started = performance.now();
  await next();
  const labels = { method: c.req.method, route: routePath(c) || "unmatched", status: String(c.res.status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, (performance.now() - started) / 1000);
});

function sameToken(given: string, wanted: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(wanted);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus' text format, for `Authorization: Bearer $METRICS_TOKEN` only. Without
 * a configured token, or with a wrong one, it is a plain 404: nothing tells a stranger it exists.
 */
export function createMetricsRoutes(deps: Deps) {
  return new Hono<AppEnv>().get("/metrics", async (c) => {
    const token = deps.env.METRICS_TOKEN;
    const given = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1];
    if (!token || !given || !sameToken(given, token)) throw new AppError("not_found", "Not found");
    // The gauges read this app's database (one app per process; tests build several).
    observeDatabase({ db: deps.db, logger: deps.logger });
    return c.body(await registry.metrics(), 200, { "content-type": registry.contentType, "cache-control": "no-store" });
  });
}

/** GET /api/health/ready: 200 when ready for traffic, 503 (with why) when not. */
export function createReadinessRoute(deps: Deps) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const state = await readiness(deps.db);
    return c.json(state, state.ready ? 200 : 503);
  });
}
