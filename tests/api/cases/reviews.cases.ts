import type { World } from "../world";
import { everyone, parentsOnly, type Allowed, type RouteCase } from "../route-case";

/**
 * Reviews of `world.teacher`. `world.parent` has an accepted lesson with that teacher and has not
 * reviewed them yet, so their review is created (201); `otherParent` has no lesson with the teacher
 * and is refused (403). `world.reviewId` is the parent's review of another teacher: only the author
 * edits or deletes it, another parent gets a 404, as if it did not exist.
 */
const reviewAuthorOnly: Allowed = { anonymous: false, parent: true, otherParent: false, teacher: false, otherTeacher: false };

const reviewsPath = (world: World) => `/api/teachers/${world.teacher.teacherId}/reviews`;
const review = () => ({ rating: 4, body: "Lessons are fun and well prepared." });

export const reviewsCases: RouteCase[] = [
  // Reviews are public with the profile.
  { route: "GET /api/teachers/:teacherId/reviews", ok: 200, allowed: everyone, request: (world) => ({ path: reviewsPath(world) }) },
  {
    route: "GET /api/teachers/:teacherId/reviews/eligibility", ok: 200,
    allowed: parentsOnly,
    request: (world) => ({ path: `${reviewsPath(world)}/eligibility` }),
  },
  {
    route: "POST /api/teachers/:teacherId/reviews", ok: 201,
    allowed: reviewAuthorOnly,
    request: (world) => ({ path: reviewsPath(world), body: review() }),
    badInput: { as: "parent", validBody: review },
  },
  {
    route: "PATCH /api/reviews/:reviewId", ok: 200,
    allowed: reviewAuthorOnly,
    request: (world) => ({ path: `/api/reviews/${world.reviewId}`, body: review() }),
    badInput: { as: "parent", validBody: review },
  },
  {
    route: "DELETE /api/reviews/:reviewId", ok: 200,
    allowed: reviewAuthorOnly,
    request: (world) => ({ path: `/api/reviews/${world.reviewId}` }),
  },
];
