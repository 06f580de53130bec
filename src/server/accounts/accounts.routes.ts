import { Hono } from "hono";
import { deleteCookie } from "hono/cookie";
import { requireUser } from "../auth/guards";
import type { AppEnv, Deps } from "../http/app-env";
import { deleteAccount } from "./accounts.service";

const SESSION_COOKIES = ["better-auth.session_token", "better-auth.session_data", "better-auth.dont_remember"];

export function createAccountsRoutes(deps: Deps) {
  return new Hono<AppEnv>().delete("/me", requireUser(deps), async (c) => {
    await deleteAccount(deps, c.get("user"));
    for (const name of SESSION_COOKIES) {
      deleteCookie(c, name, { path: "/" });
      deleteCookie(c, `__Secure-${name}`, { path: "/", secure: true });
    }
    return c.json({ deleted: true });
  });
}
