import { Hono, type Context } from "hono";
import { z } from "zod";
import { reviewInputSchema } from "../../shared/reviews/reviews.schemas";
import { findProfileIds } from "../accounts/accounts.repo";
import { requireParent, requireUser } from "../auth/guards";
import type { AppEnv, Deps } from "../http/app-env";
import { validate, validateParams } from "../http/validate";
import { teacherNotFound } from "../teachers/public-profile.service";
import * as service from "./reviews.service";

const teacherParams = z.object({ teacherId: z.guid() });
const reviewParams = z.object({ reviewId: z.guid() });

/** A malformed id names nothing: 404 before any SQL. */
const teacherIdParam = validateParams(teacherParams, teacherNotFound().message);
const reviewIdParam = validateParams(reviewParams, service.reviewNotFound().message);

/**
 * The signed-in parent reading the list, if any, so their own review can be marked `mine`. The
 * list is public: without a cookie there is no session to look up, and a stale or foreign
 * session simply reads as anonymous.
 */
async function viewerParentId(deps: Deps, c: Context<AppEnv>): Promise<string | null> {
  if (!c.req.header("cookie")) return null;
  const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
  if (!session || (session.user as { deleted?: boolean }).deleted) return null;
  return (await findProfileIds(deps.db, session.user.id)).parentId;
}

/**
 * /api/teachers/:teacherId/reviews…: the public list, and a parent's eligibility and new review.
 * Guards sit on each route: other routers share the /teachers prefix.
 */
export function createTeacherReviewsRoutes(deps: Deps) {
  const signedInParent = [requireUser(deps), requireParent(deps)] as const;
  return new Hono<AppEnv>()
    .get("/:teacherId/reviews", teacherIdParam, async (c) =>
      c.json(await service.listTeacherReviews(deps, c.req.valid("param").teacherId, await viewerParentId(deps, c))),
    )
    .get("/:teacherId/reviews/eligibility", ...signedInParent, teacherIdParam, async (c) =>
      c.json(await service.getEligibility(deps, c.get("parentId"), c.req.valid("param").teacherId)),
    )
    .post("/:teacherId/reviews", ...signedInParent, teacherIdParam, validate("json", reviewInputSchema), async (c) =>
      c.json(await service.createReview(deps, c.get("parentId"), c.req.valid("param").teacherId, c.req.valid("json")), 201),
    );
}

/** /api/reviews/:reviewId: the author edits or deletes their review; anyone else's id is a 404. */
export function createReviewsRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use("*", requireUser(deps), requireParent(deps))
    .patch("/:reviewId", reviewIdParam, validate("json", reviewInputSchema), async (c) =>
      c.json(await service.updateReview(deps, c.get("parentId"), c.req.valid("param").reviewId, c.req.valid("json"))),
    )
    .delete("/:reviewId", reviewIdParam, async (c) => {
      await service.deleteReview(deps, c.get("parentId"), c.req.valid("param").reviewId);
      return c.json({ deleted: true });
    });
}
