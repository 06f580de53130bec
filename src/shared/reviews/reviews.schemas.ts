import { z } from "zod";

/**
 * Reviews (decisions.md section 2): a parent whose booking with a teacher was accepted writes one
 * review of that teacher, edits it or deletes it. The review form and the API validate with the
 * same schema.
 */

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_BODY_MIN_LENGTH = 10;
export const REVIEW_BODY_MAX_LENGTH = 2000;

export const RATING_MESSAGE = "Choose a rating from 1 to 5 stars";
export const REVIEW_BODY_REQUIRED_MESSAGE = "Write a few words about the lessons";
export const REVIEW_BODY_TOO_SHORT_MESSAGE = `Your review must be at least ${REVIEW_BODY_MIN_LENGTH} characters`;
export const REVIEW_BODY_TOO_LONG_MESSAGE = `Your review must be at most ${REVIEW_BODY_MAX_LENGTH} characters`;

export const REVIEW_NOT_ALLOWED_MESSAGE = "You can review a teacher after one of your lessons with them has been accepted.";
export const REVIEW_EXISTS_MESSAGE = "You have already reviewed this teacher. Edit your review instead.";
export const REVIEW_NOT_FOUND_MESSAGE = "Review not found";

/** Characters as PostgreSQL's length() counts them (code points). */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

export const reviewInputSchema = z.object({
  rating: z
    .number({ error: RATING_MESSAGE })
    .int(RATING_MESSAGE)
    .min(REVIEW_RATING_MIN, RATING_MESSAGE)
    .max(REVIEW_RATING_MAX, RATING_MESSAGE),
  body: z
    .string({ error: (issue) => (issue.input === undefined ? REVIEW_BODY_REQUIRED_MESSAGE : "Your review must be text") })
    .trim()
    .min(1, REVIEW_BODY_REQUIRED_MESSAGE)
    // Counted in characters as the database counts them (an emoji is one), not UTF-16 units.
    .refine((text) => characterCount(text) >= REVIEW_BODY_MIN_LENGTH, { message: REVIEW_BODY_TOO_SHORT_MESSAGE, abort: true })
    .refine((text) => characterCount(text) <= REVIEW_BODY_MAX_LENGTH, REVIEW_BODY_TOO_LONG_MESSAGE),
});
/** POST /api/teachers/:teacherId/reviews and PATCH /api/reviews/:reviewId (the whole review is sent again). */
export type ReviewInput = z.output<typeof reviewInputSchema>;
export type ReviewFormInput = z.input<typeof reviewInputSchema>;

export interface Review {
  id: string;
  rating: number;
  body: string;
  createdAt: string;
  updatedAt: string;
  /** The parent's first name and last initial ("Jordan R."). */
  author: string;
  /** True when the signed-in parent wrote it (they may edit and delete it). */
  mine: boolean;
}

/** GET /api/teachers/:teacherId/reviews: newest first, with the figures search and the profile show. */
export interface TeacherReviews {
  reviews: Review[];
  /** Average to one decimal; null while there are no reviews. */
  rating: number | null;
  reviewCount: number;
}

/** GET /api/teachers/:teacherId/reviews/eligibility (signed-in parent). */
export interface ReviewEligibility {
  /** An accepted booking with this teacher and no review of them yet. */
  canReview: boolean;
  /** The parent's own review of this teacher, when there is one (they may edit it). */
  existingReviewId: string | null;
}
