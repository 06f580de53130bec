import { Hono } from "hono";
import { reviewIdParams, teacherIdParams } from "../../shared/path-params.schemas";
import { REVIEW_NOT_FOUND_MESSAGE, reviewInputSchema } from "../../shared/reviews/reviews.schemas";
import { TEACHER_NOT_FOUND_MESSAGE } from "../../shared/teachers/public-profile.schemas";
import { optionalUser, requireParent, requireUser } from "../auth";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate, validateParams } from "../http/validate";
import * as service from "./reviews.service";

/** A malformed id names nothing: 404 before any SQL. */
const teacherIdParam = validateParams(teacherIdParams, TEACHER_NOT_FOUND_MESSAGE);
const reviewIdParam = validateParams(reviewIdParams, REVIEW_NOT_FOUND_MESSAGE);

/**
 * /api/teachers/:teacherId/reviews…: the public list, and a parent's eligibility and new review.
 * Guards sit on each route: other routers share the /teachers prefix.
 */
export function createTeacherReviewsRoutes(deps: Deps) {
  const signedInParent = [requireUser(deps), requireParent(deps)] as const;
  return new Hono<AppEnv>()
    // Public; a signed-in parent's own review is marked `mine` (a stale session reads as anonymous).
    .get("/:teacherId/reviews", teacherIdParam, optionalUser(deps), async (c) =>
      c.json(await service.listTeacherReviews(deps, c.req.valid("param").teacherId, c.get("viewer"))),
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
