import { Hono, type Context } from "hono";
import {
  GUARDIAN_NOT_FOUND_MESSAGE,
  guardianIdParams,
  invitationIdParams,
  invitationTokenBodySchema,
  inviteGuardianSchema,
  joinWithNewAccountSchema,
} from "../../shared/households/households.schemas";
import { requireParent, requireUser, signUpLimit } from "../auth";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { clientIp } from "../http/client-ip";
import { validate, validateParams } from "../http/validate";
import * as service from "./households.service";

const guardianOf = (c: Context<AppEnv>): service.Guardian => ({
  userId: c.get("user").id,
  parentId: c.get("parentId"),
  guardianId: c.get("guardianId"),
});

/**
 * /api/household (issue 45). The invitation's secret travels in request bodies, never in a path
 * or query (which end in access logs); preview, refuse and join need no session: the secret is the key.
 */
export function createHouseholdRoutes(deps: Deps) {
  const parent = [requireUser(deps), requireParent(deps)] as const;
  return new Hono<AppEnv>()
    .get("/", ...parent, async (c) => c.json(await service.getHousehold(deps, guardianOf(c))))
    .post("/invitations", ...parent, validate("json", inviteGuardianSchema), async (c) =>
      c.json(await service.invite(deps, guardianOf(c), c.req.valid("json")), 201),
    )
    .delete("/invitations/:invitationId", ...parent, validateParams(invitationIdParams, "There is no such invitation in your household."), async (c) => {
      await service.revokeInvitation(deps, guardianOf(c), c.req.valid("param").invitationId);
      return c.json({ revoked: true });
    })
    .post("/invitations/preview", validate("json", invitationTokenBodySchema), async (c) =>
      c.json(await service.previewInvitation(deps, c.req.valid("json").token)),
    )
    .post("/invitations/accept", requireUser(deps), validate("json", invitationTokenBodySchema), async (c) =>
      c.json(await service.acceptInvitation(deps, c.get("user"), c.req.valid("json").token)),
    )
    .post("/invitations/refuse", validate("json", invitationTokenBodySchema), async (c) => {
      await service.refuseInvitation(deps, c.req.valid("json").token);
      return c.json({ refused: true });
    })
    .post("/invitations/join", validate("json", joinWithNewAccountSchema), signUpLimit(deps), async (c) => {
      const { setCookies, signedIn } = await service.joinWithNewAccount(deps, c.req.valid("json"), {
        ip: clientIp(c),
        userAgent: c.req.header("user-agent"),
      });
      for (const cookie of setCookies) c.header("set-cookie", cookie, { append: true });
      return c.json({ signedIn, redirectTo: "/dashboard" }, 201);
    })
    .delete("/guardians/:guardianId", ...parent, validateParams(guardianIdParams, GUARDIAN_NOT_FOUND_MESSAGE), async (c) => {
      await service.removeGuardian(deps, guardianOf(c), c.req.valid("param").guardianId);
      return c.json({ removed: true });
    })
    .post("/leave", ...parent, async (c) => {
      await service.leaveHousehold(deps, guardianOf(c));
      return c.json({ left: true });
    });
}
