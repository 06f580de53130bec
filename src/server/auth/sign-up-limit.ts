import type { MiddlewareHandler } from "hono";
import { rateLimiter } from "hono-rate-limiter";
import { AppError } from "../../shared/errors";
import type { AppEnv, Deps } from "../http/app-env";
import { clientIp } from "../http/client-ip";

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
 */
export function signUpLimit(deps: Deps): MiddlewareHandler<AppEnv> {
  let limit = limits.get(deps);
  if (!limit) {
    limit = deps.env.AUTH_RATE_LIMIT
      ? rateLimiter<AppEnv>({
          windowMs: SIGN_UP_WINDOW_MS,
          limit: SIGN_UP_LIMIT,
          standardHeaders: "draft-7",
          keyGenerator: (c) => clientIp(c),
          handler: () => {
            throw new AppError("rate_limited", SIGN_UP_LIMITED_MESSAGE);
          },
        })
      : async (_c, next) => next();
    limits.set(deps, limit);
  }
  return limit;
}
