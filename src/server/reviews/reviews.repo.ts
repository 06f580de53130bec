import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { ReviewInput } from "../../shared/reviews/reviews.schemas";
import type { Executor } from "../db/client";
import { bookings, parentProfiles, reviews, teacherProfiles } from "../db/schema";

/**
 * The figures shown with the reviews: the columns the reviews triggers keep (migration
 * search_triggers), which search filters and sorts on too.
 */
export async function findTeacherRating(db: Executor, teacherId: string) {
  const [row] = await db
    .select({ rating: teacherProfiles.rating, reviewCount: teacherProfiles.reviewCount })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.id, teacherId));
  return { rating: row?.rating == null ? null : Number(row.rating), reviewCount: Number(row?.reviewCount ?? 0) };
}

/** The right to review (decisions.md section 2): one of the parent's bookings with the teacher was accepted. */
export async function hasAcceptedBooking(db: Executor, parentId: string, teacherId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.parentId, parentId), eq(bookings.teacherId, teacherId), eq(bookings.status, "accepted")))
    .limit(1);
  return Boolean(row);
}

export async function findOwnReviewId(db: Executor, parentId: string, teacherId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.parentId, parentId), eq(reviews.teacherId, teacherId)));
  return row?.id ?? null;
}

const reviewColumns = {
  id: reviews.id,
  parentId: reviews.parentId,
  rating: reviews.rating,
  body: reviews.body,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  authorFirstName: parentProfiles.firstName,
  authorLastName: parentProfiles.lastName,
};
export interface ReviewRow {
  id: string;
  parentId: string;
  rating: number;
  body: string;
  createdAt: Date;
  updatedAt: Date;
  authorFirstName: string;
  authorLastName: string;
}

/** Newest first; the id breaks ties so the order is stable. Reviews an operator hid (issue 27) are left out. */
export function listReviews(db: Executor, teacherId: string): Promise<ReviewRow[]> {
  return db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(parentProfiles, eq(parentProfiles.id, reviews.parentId))
    .where(and(eq(reviews.teacherId, teacherId), isNull(reviews.hiddenAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
}

export async function findReview(db: Executor, reviewId: string): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(parentProfiles, eq(parentProfiles.id, reviews.parentId))
    .where(eq(reviews.id, reviewId));
  return row;
}

/**
 * Inserts the parent's review of the teacher; undefined when they already have one. The unique
 * key (teacher, parent) decides, so two requests at the same instant cannot both succeed.
 */
export async function insertReview(
  db: Executor,
  review: ReviewInput & { teacherId: string; parentId: string },
): Promise<string | undefined> {
  const [row] = await db
    .insert(reviews)
    .values(review)
    .onConflictDoNothing({ target: [reviews.teacherId, reviews.parentId] })
    .returning({ id: reviews.id });
  return row?.id;
}

/** Changes the review only when `parentId` wrote it; false otherwise (or when it does not exist). */
export async function updateOwnReview(db: Executor, reviewId: string, parentId: string, input: ReviewInput): Promise<boolean> {
  const rows = await db
    .update(reviews)
    .set({ rating: input.rating, body: input.body, updatedAt: sql`now()` })
    .where(and(eq(reviews.id, reviewId), eq(reviews.parentId, parentId)))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

export async function deleteOwnReview(db: Executor, reviewId: string, parentId: string): Promise<boolean> {
  const rows = await db
    .delete(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.parentId, parentId)))
    .returning({ id: reviews.id });
  return rows.length > 0;
}
