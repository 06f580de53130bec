import { createMiddleware } from "hono/factory";
import { AppError } from "../../shared/errors";
import type { AppEnv } from "./app-env";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests sent by another site's page (cross-site request forgery).
 * Hono's `csrf` middleware checks only form content types; a JSON or raw-body request from a
 * foreign page must be refused too, so every unsafe method is checked here:
 * - with an Origin header, it must be trusted or the request's own origin;
 * - without one, a browser's Sec-Fetch-Site must say same-origin (or none: typed by the user);
 * - a request with neither comes from no browser page (curl, server to server) and passes.
 */
export function sameOriginOnly(trusted: readonly string[]) {
  const allowed = new Set(trusted);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header("origin");
      const site = c.req.header("sec-fetch-site");
      const ok =
        origin !== undefined
          ? allowed.has(origin) || origin === new URL(c.req.url).origin
          : site === undefined || site === "same-origin" || site === "none";
      if (!ok) {
        throw new AppError("forbidden", "This request came from another website and was refused. Open the app itself and try again.", {
          reason: "cross_site",
        });
      }
    }
    await next();
  });
}
