import { AppError } from "../../shared/errors";
import { reviewAuthorName } from "../../shared/reviews/reviews.rules";
import {
  REVIEW_EXISTS_MESSAGE,
  REVIEW_NOT_ALLOWED_MESSAGE,
  REVIEW_NOT_FOUND_MESSAGE,
  type Review,
  type ReviewEligibility,
  type ReviewInput,
  type TeacherReviews,
} from "../../shared/reviews/reviews.schemas";
import { findProfileIds } from "../auth";
import type { Deps } from "../deps";
import type { SessionUser } from "../http/app-env";
import { findPublicTeacherOrThrow, findTeacherOrThrow, knownParent, noParent } from "../teachers";
import * as repo from "./reviews.repo";

/**
 * Reviews (decisions.md section 2). Who may write is decided here from the session's parent id:
 * only a parent with an accepted booking with the teacher, once per teacher; only the author
 * edits or deletes. A review of someone else answers 404, as if it did not exist.
 */

export const reviewNotFound = () => new AppError("not_found", REVIEW_NOT_FOUND_MESSAGE);

function toReview(row: repo.ReviewRow, viewerParentId: string | null): Review {
  return {
    id: row.id,
    rating: row.rating,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    author: reviewAuthorName(row.authorFirstName, row.authorLastName),
    mine: viewerParentId !== null && row.parentId === viewerParentId,
  };
}

/**
 * Reviews are public with the profile: a teacher who is not public has none to show, except to
 * the families already with them, who still see the profile (public-profile.service.ts).
 */
export async function listTeacherReviews(
  deps: Pick<Deps, "db">,
  teacherId: string,
  viewer: SessionUser | null,
): Promise<TeacherReviews> {
  const viewerParentId = viewer ? (await findProfileIds(deps.db, viewer.id)).parentId : null;
  await findPublicTeacherOrThrow(deps, teacherId, viewerParentId ? knownParent(viewerParentId) : noParent);
  const [rows, figures] = await Promise.all([repo.listReviews(deps.db, teacherId), repo.findTeacherRating(deps.db, teacherId)]);
  return { reviews: rows.map((row) => toReview(row, viewerParentId)), ...figures };
}

export async function getEligibility(deps: Pick<Deps, "db">, parentId: string, teacherId: string): Promise<ReviewEligibility> {
  await findTeacherOrThrow(deps, teacherId);
  const [accepted, existingReviewId] = await Promise.all([
    repo.hasAcceptedBooking(deps.db, parentId, teacherId),
    repo.findOwnReviewId(deps.db, parentId, teacherId),
  ]);
  return { canReview: accepted && existingReviewId === null, existingReviewId };
}

/**
 * The lessons happened, so a parent may review a teacher who has since switched discovery off;
 * the review shows when the profile is public again.
 */
export async function createReview(deps: Pick<Deps, "db">, parentId: string, teacherId: string, input: ReviewInput): Promise<Review> {
  await findTeacherOrThrow(deps, teacherId);
  if (!(await repo.hasAcceptedBooking(deps.db, parentId, teacherId))) {
    throw new AppError("forbidden", REVIEW_NOT_ALLOWED_MESSAGE);
  }
  const reviewId = await repo.insertReview(deps.db, { ...input, teacherId, parentId });
  if (!reviewId) throw new AppError("conflict", REVIEW_EXISTS_MESSAGE);
  return getOwnReview(deps, parentId, reviewId);
}

export async function updateReview(deps: Pick<Deps, "db">, parentId: string, reviewId: string, input: ReviewInput): Promise<Review> {
  if (!(await repo.updateOwnReview(deps.db, reviewId, parentId, input))) throw reviewNotFound();
  return getOwnReview(deps, parentId, reviewId);
}

export async function deleteReview(deps: Pick<Deps, "db">, parentId: string, reviewId: string): Promise<void> {
  if (!(await repo.deleteOwnReview(deps.db, reviewId, parentId))) throw reviewNotFound();
}

async function getOwnReview(deps: Pick<Deps, "db">, parentId: string, reviewId: string): Promise<Review> {
  const row = await repo.findReview(deps.db, reviewId);
  if (!row) throw reviewNotFound();
  return toReview(row, parentId);
}
