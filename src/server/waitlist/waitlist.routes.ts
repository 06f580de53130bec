import { Hono } from "hono";
import { waitlistEntryIdParams, waitlistOfferIdParams } from "../../shared/path-params.schemas";
import {
  joinWaitlistSchema,
  WAITLIST_ENTRY_NOT_FOUND_MESSAGE,
  WAITLIST_OFFER_NOT_FOUND_MESSAGE,
  waitlistEntryUpdateSchema,
  waitlistSettingsSchema,
} from "../../shared/waitlist/waitlist.schemas";
import { requireParent, requireTeacher, requireUser } from "../auth";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate, validateParams } from "../http/validate";
import * as service from "./waitlist.service";

/** The waitlist (issue 44): a family's entries and offers, a teacher's list and settings. */
export function createWaitlistRoutes(deps: Deps) {
  const user = requireUser(deps);
  const parent = [user, requireParent(deps)] as const;
  const teacher = [user, requireTeacher(deps)] as const;
  const entryParam = validateParams(waitlistEntryIdParams, WAITLIST_ENTRY_NOT_FOUND_MESSAGE);
  const offerParam = validateParams(waitlistOfferIdParams, WAITLIST_OFFER_NOT_FOUND_MESSAGE);
  const parentOf = (c: { get(key: "parentId" | "guardianId"): string; get(key: "user"): { id: string } }) => ({
    parentId: c.get("parentId"),
    guardianId: c.get("guardianId"),
    userId: c.get("user").id,
  });
  return new Hono<AppEnv>()
    .get("/mine", ...parent, async (c) => c.json(await service.parentWaitlist(deps, c.get("parentId"))))
    .post("/", ...parent, validate("json", joinWaitlistSchema), async (c) =>
      c.json({ entry: await service.joinWaitlist(deps, parentOf(c), c.req.valid("json")) }, 201),
    )
    .put("/entries/:entryId", ...parent, entryParam, validate("json", waitlistEntryUpdateSchema), async (c) =>
      c.json({ entry: await service.updateEntry(deps, c.get("parentId"), c.req.valid("param").entryId, c.req.valid("json")) }),
    )
    .post("/entries/:entryId/renew", ...parent, entryParam, async (c) =>
      c.json({ entry: await service.renewEntry(deps, c.get("parentId"), c.req.valid("param").entryId) }),
    )
    .post("/entries/:entryId/leave", ...parent, entryParam, async (c) =>
      c.json({ entry: await service.leaveWaitlist(deps, c.get("parentId"), c.req.valid("param").entryId) }),
    )
    .post("/offers/:offerId/claim", ...parent, offerParam, async (c) =>
      c.json(await service.claimOffer(deps, parentOf(c), c.req.valid("param").offerId), 201),
    )
    .post("/offers/:offerId/decline", ...parent, offerParam, async (c) => {
      await service.declineOffer(deps, c.get("parentId"), c.req.valid("param").offerId);
      return c.body(null, 204);
    })
    .get("/teaching", ...teacher, async (c) => c.json(await service.teacherWaitlist(deps, c.get("teacherId"))))
    .put("/teaching/settings", ...teacher, validate("json", waitlistSettingsSchema), async (c) =>
      c.json(await service.saveSettings(deps, c.get("teacherId"), c.req.valid("json"))),
    )
    .post("/teaching/entries/:entryId/close", ...teacher, entryParam, async (c) =>
      c.json(await service.closeEntryAsTeacher(deps, c.get("teacherId"), c.req.valid("param").entryId)),
    );
}
