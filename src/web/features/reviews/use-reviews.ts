import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Review, ReviewEligibility, ReviewInput, TeacherReviews } from "../../../shared/reviews/reviews.schemas";
import { api, call } from "../../lib/api";

/**
 * Everything about one teacher lives under ["teachers", teacherId] (the public profile, its
 * reviews, the caller's eligibility), so a review change refreshes the profile's rating too.
 */
export const teacherQueryKey = (teacherId: string) => ["teachers", teacherId] as const;
export const teacherReviewsQueryKey = (teacherId: string) => ["teachers", teacherId, "reviews"] as const;
export const reviewEligibilityQueryKey = (teacherId: string) => ["teachers", teacherId, "review-eligibility"] as const;

export function useTeacherReviews(teacherId: string) {
  return useQuery({
    queryKey: teacherReviewsQueryKey(teacherId),
    queryFn: (): Promise<TeacherReviews> => call(api.teachers[":teacherId"].reviews.$get({ param: { teacherId } })),
  });
}

/** Only for a signed-in parent (the route refuses everyone else). */
export function useReviewEligibility(teacherId: string, enabled: boolean) {
  return useQuery({
    queryKey: reviewEligibilityQueryKey(teacherId),
    queryFn: (): Promise<ReviewEligibility> =>
      call(api.teachers[":teacherId"].reviews.eligibility.$get({ param: { teacherId } })),
    enabled,
  });
}

/**
 * After a change the list shows the answer at once (so the form can close without the review
 * blinking out), then everything about the teacher is fetched again for the new rating.
 */
function useApplyChange(teacherId: string) {
  const queryClient = useQueryClient();
  return (change: (reviews: Review[]) => Review[], eligibility?: ReviewEligibility) => {
    queryClient.setQueryData<TeacherReviews>(teacherReviewsQueryKey(teacherId), (old) =>
      old ? { ...old, reviews: change(old.reviews) } : old,
    );
    if (eligibility) queryClient.setQueryData(reviewEligibilityQueryKey(teacherId), eligibility);
    void queryClient.invalidateQueries({ queryKey: teacherQueryKey(teacherId) });
  };
}

export function useCreateReview(teacherId: string) {
  const apply = useApplyChange(teacherId);
  return useMutation({
    mutationFn: (input: ReviewInput): Promise<Review> =>
      call(api.teachers[":teacherId"].reviews.$post({ param: { teacherId }, json: input })),
    onSuccess: (review) => apply((reviews) => [review, ...reviews], { canReview: false, existingReviewId: review.id }),
  });
}

export function useUpdateReview(teacherId: string, reviewId: string) {
  const apply = useApplyChange(teacherId);
  return useMutation({
    mutationFn: (input: ReviewInput): Promise<Review> =>
      call(api.reviews[":reviewId"].$patch({ param: { reviewId }, json: input })),
    onSuccess: (review) => apply((reviews) => reviews.map((r) => (r.id === review.id ? review : r))),
  });
}

export function useDeleteReview(teacherId: string, reviewId: string) {
  const apply = useApplyChange(teacherId);
  return useMutation({
    mutationFn: () => call(api.reviews[":reviewId"].$delete({ param: { reviewId } })),
    onSuccess: () => apply((reviews) => reviews.filter((r) => r.id !== reviewId)),
  });
}
