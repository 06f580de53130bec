import { createMiddleware } from "hono/factory";
import type { Logger } from "pino";
import type { AppEnv } from "./app-env";

/** One JSON line per request, with the request id that error bodies also carry. */
export function requestLogger(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    logger.info({
      requestId: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });
}
