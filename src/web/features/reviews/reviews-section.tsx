import { MessageSquareText, Pencil, Trash2 } from "lucide-react";
import { Suspense, useState } from "react";
import { ratingSummary } from "../../../shared/reviews/reviews.rules";
import type { Review } from "../../../shared/reviews/reviews.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api";
import { ReportButton, useCanReport } from "../reports/report-button";
import { useMe } from "../auth/use-me";
import { lazyPart } from "../../lib/lazy-parts";
// "December 4, 2026" in the reader's zone: neither date-fns' format (5 KB more on the profile's first
// load) nor Intl (its locale data costs the phone's main thread more than the whole section).
import { longDate } from "../../lib/long-date";
import { Stars } from "./stars";
import { useDeleteReview, useReviewEligibility, useTeacherReviews } from "./use-reviews";

// The form (react-hook-form, zod) loads when a parent starts writing or editing, not with the profile.
const ReviewForm = lazyPart(() => import("./review-form").then((m) => m.ReviewForm));

/**
 * The profile's Reviews section (decisions.md section 2): real reviews, newest first. A parent
 * whose lesson with the teacher was accepted may write one; its author edits or deletes it.
 */
export function ReviewsSection({ teacherId, teacherFirstName }: { teacherId: string; teacherFirstName: string }) {
  const me = useMe();
  const isParent = Boolean(me.data?.user) && me.data?.role === "parent";
  const reviews = useTeacherReviews(teacherId);
  const eligibility = useReviewEligibility(teacherId, isParent);
  const [writing, setWriting] = useState(false);
  const canReview = eligibility.data?.canReview ?? false;
  const mayNotReviewYet = isParent && eligibility.data && !eligibility.data.canReview && !eligibility.data.existingReviewId;

  return (
    <section aria-labelledby="reviews-heading" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="reviews-heading" className="text-lg font-semibold text-slate-900">
            Reviews
          </h2>
          {reviews.data && reviews.data.reviewCount > 0 ? (
            <p className="mt-0.5 text-sm text-slate-600">{ratingSummary(reviews.data.rating, reviews.data.reviewCount)}</p>
          ) : null}
        </div>
        {canReview && !writing ? (
          <Button variant="secondary" size="sm" onClick={() => setWriting(true)}>
            <MessageSquareText aria-hidden className="size-4" />
            Write a review
          </Button>
        ) : null}
      </div>

      {writing && canReview ? (
        <div className="mt-4">
          <Suspense fallback={null}>
            <ReviewForm teacherId={teacherId} teacherFirstName={teacherFirstName} onDone={() => setWriting(false)} />
          </Suspense>
        </div>
      ) : null}
      {mayNotReviewYet ? (
        <p className="mt-3 text-sm text-slate-600">
          You can review {teacherFirstName} after one of your lessons with them has been accepted.
        </p>
      ) : null}

      <div className="mt-4">
        {reviews.isPending ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading reviews...</span>
            {[0, 1].map((n) => (
              <div key={n} aria-hidden className="h-20 animate-pulse rounded-lg bg-slate-100" />
            ))}
          </div>
        ) : reviews.isError ? (
          <Alert>
            <p>{errorMessage(reviews.error, "Failed to load reviews")}</p>
            <Button variant="link" className="mt-1" onClick={() => void reviews.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : reviews.data.reviews.length === 0 ? (
          <p className="text-sm text-slate-600">No reviews yet</p>
        ) : (
          <ul aria-label="Reviews" className="divide-y divide-slate-100">
            {reviews.data.reviews.map((review) => (
              <ReviewItem key={review.id} teacherId={teacherId} teacherFirstName={teacherFirstName} review={review} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** Saving the same minute as posting is not an edit worth mentioning. */
const wasEdited = (review: Review) => Date.parse(review.updatedAt) - Date.parse(review.createdAt) > 60_000;

function ReviewItem({ teacherId, teacherFirstName, review }: { teacherId: string; teacherFirstName: string; review: Review }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteReview(teacherId, review.id);
  const canReport = useCanReport();

  if (editing) {
    return (
      <li className="py-4 first:pt-0 last:pb-0">
        <Suspense fallback={null}>
          <ReviewForm teacherId={teacherId} teacherFirstName={teacherFirstName} review={review} onDone={() => setEditing(false)} />
        </Suspense>
      </li>
    );
  }
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        <span className="font-medium text-slate-900">{review.author}</span>
        <span className="text-sm text-slate-500">
          <time dateTime={review.createdAt}>{longDate(review.createdAt)}</time>
          {wasEdited(review) ? " · edited" : ""}
        </span>
        {!review.mine && canReport ? (
          <ReportButton targetKind="review" targetId={review.id} label={`Report the review by ${review.author}`} size="compact" className="ml-auto" />
        ) : null}
        {review.mine ? (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-100">Your review</span>
        ) : null}
      </div>
      <p className="mt-2 text-sm leading-6 break-words whitespace-pre-line text-slate-700">{review.body}</p>
      {review.mine ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {confirming ? (
            <>
              <span className="text-sm text-slate-700">Delete your review? This cannot be undone.</span>
              <Button variant="danger" size="sm" disabled={remove.isPending} onClick={() => remove.mutate()}>
                {remove.isPending ? "Deleting..." : "Delete Review"}
              </Button>
              <Button variant="secondary" size="sm" autoFocus disabled={remove.isPending} onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                <Pencil aria-hidden className="size-4" />
                Edit
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden className="size-4" />
                Delete
              </Button>
            </>
          )}
          {remove.isError ? <Alert className="w-full">{errorMessage(remove.error, "Failed to delete your review")}</Alert> : null}
        </div>
      ) : null}
    </li>
  );
}
