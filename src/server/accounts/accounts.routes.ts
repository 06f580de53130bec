import { Hono } from "hono";
import { deleteCookie } from "hono/cookie";
import { deleteAccountSchema, parentSignUpSchema } from "../../shared/accounts/accounts.schemas";
import { emailPreferencesUpdateSchema } from "../../shared/accounts/email-preferences";
import { requireUser, signUpLimit } from "../auth";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { clientIp } from "../http/client-ip";
import { validate } from "../http/validate";
import { signUpParent } from "../parents";
import { deleteAccount } from "./accounts.service";
import { sendWeeklyPreview } from "../digest";
import { getEmailPreferences, updateEmailPreferences } from "./email-preferences.service";

const SESSION_COOKIES = ["better-auth.session_token", "better-auth.session_data", "better-auth.dont_remember"];

export function createAccountsRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post("/parents", validate("json", parentSignUpSchema), signUpLimit(deps), async (c) => {
      const { result, setCookies } = await signUpParent(deps, c.req.valid("json"), {
        ip: clientIp(c),
        userAgent: c.req.header("user-agent"),
      });
      for (const cookie of setCookies) c.header("set-cookie", cookie, { append: true });
      return c.json(result, 201);
    })
    // Issue 29: which notification emails the signed-in parent or teacher wants.
    .get("/me/email-preferences", requireUser(deps), async (c) => c.json(await getEmailPreferences(deps, c.get("user"))))
    .patch("/me/email-preferences", requireUser(deps), validate("json", emailPreferencesUpdateSchema), async (c) =>
      c.json(await updateEmailPreferences(deps, c.get("user"), c.req.valid("json"))),
    )
    // This week's digest (parents) or summary (teachers) now, to see what Sunday's will hold.
    .post("/me/weekly-email", requireUser(deps), async (c) => c.json(await sendWeeklyPreview(deps, c.get("user"))))
    // Confirmed with the password or a two-factor code (the body); a wrong one deletes nothing.
    .delete("/me", requireUser(deps), validate("json", deleteAccountSchema), async (c) => {
      await deleteAccount(deps, c.get("user"), { headers: c.req.raw.headers, input: c.req.valid("json") });
      for (const name of SESSION_COOKIES) {
        deleteCookie(c, name, { path: "/" });
        deleteCookie(c, `__Secure-${name}`, { path: "/", secure: true });
      }
      return c.json({ deleted: true });
    });
}
