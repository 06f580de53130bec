import type { MiddlewareHandler } from "hono";
import { rateLimiter, type Store } from "hono-rate-limiter";
import { AppError } from "../../shared/errors";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { clientIp } from "../http/client-ip";
import { hitWindow, resetWindow, unhitWindow } from "../http/rate-limit-windows.repo";

/** Account creations (parent sign-up and teacher application together) per address and window. */
export const SIGN_UP_LIMIT = 10;
export const SIGN_UP_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_UP_LIMITED_MESSAGE = "Too many accounts were created from your network. Please try again in 15 minutes.";

const limits = new WeakMap<Deps, MiddlewareHandler<AppEnv>>();

/**
 * Creating an account hashes a password with scrypt (tens of milliseconds of CPU), so unlimited
 * sign-ups would let one client keep the server busy. better-auth limits its own routes; ours
 * are outside it. One counter per app serves both sign-up routes; AUTH_RATE_LIMIT=false turns it
 * off as it does better-auth's. Placed after validation, so fixing a form's errors costs nothing.
 * On PostgreSQL the counters live in the database, so several processes share one limit.
 */
export function signUpLimit(deps: Deps): MiddlewareHandler<AppEnv> {
  let limit = limits.get(deps);
  if (!limit) {
    limit = deps.env.AUTH_RATE_LIMIT
      ? rateLimiter<AppEnv>({
          windowMs: SIGN_UP_WINDOW_MS,
          limit: SIGN_UP_LIMIT,
          standardHeaders: "draft-7",
          keyGenerator: (c) => `sign-up:${clientIp(c)}`,
          ...(deps.driver === "postgres" ? { store: databaseStore(deps) } : {}),
          handler: (c) => {
            // hono-rate-limiter sets this variable; it is not part of our typed context.
            const resetTime = ((c.var as Record<string, unknown>).rateLimit as { resetTime?: Date } | undefined)?.resetTime;
            throw new AppError("rate_limited", SIGN_UP_LIMITED_MESSAGE, {
              retryAfterSeconds: resetTime ? (resetTime.getTime() - Date.now()) / 1000 : SIGN_UP_WINDOW_MS / 1000,
            });
          },
        })
      : async (_c, next) => next();
    limits.set(deps, limit);
  }
  return limit;
}

/** hono-rate-limiter's store on the shared database (fixed windows, one atomic statement per hit). */
function databaseStore(deps: Pick<Deps, "db">): Store<AppEnv> {
  return {
    prefix: "sign-up",
    localKeys: false,
    increment: async (key) => {
      const { hits, resetAt } = await hitWindow(deps.db, key, SIGN_UP_WINDOW_MS);
      return { totalHits: hits, resetTime: resetAt };
    },
    decrement: (key) => unhitWindow(deps.db, key),
    resetKey: (key) => resetWindow(deps.db, key),
  };
}
