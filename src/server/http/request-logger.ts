import { createMiddleware } from "hono/factory";
import type { Logger } from "pino";
import type { AppEnv } from "./app-env";
import { loggablePath } from "./log-redaction";

/** One JSON line per request, with the request id that error bodies also carry; no secret of its path (log-redaction.ts). */
export function requestLogger(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    logger.info({
      requestId: c.get("requestId"),
      method: c.req.method,
      path: loggablePath(c.req.path),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });
}
