import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { AppError } from "../../../shared/errors";
import {
  characterCount,
  REVIEW_BODY_MAX_LENGTH,
  reviewInputSchema,
  type Review,
  type ReviewFormInput,
  type ReviewInput,
} from "../../../shared/reviews/reviews.schemas";
import { Alert } from "../../components/ui/alert";
import { FormActions } from "../../components/ui/form-actions";
import { setServerErrors } from "../../components/ui/form";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { StarRatingInput } from "./star-rating-input";
import { useCreateReview, useUpdateReview } from "./use-reviews";

/** Write a new review of the teacher, or edit `review` (the parent's own). */
export function ReviewForm({
  teacherId,
  teacherFirstName,
  review,
  onDone,
}: {
  teacherId: string;
  teacherFirstName: string;
  review?: Review;
  onDone: () => void;
}) {
  const create = useCreateReview(teacherId);
  const update = useUpdateReview(teacherId, review?.id ?? "");
  const mutation = review ? update : create;
  const id = useId();
  const form = useForm<ReviewFormInput, unknown, ReviewInput>({
    resolver: zodResolver(reviewInputSchema),
    mode: "onChange",
    defaultValues: review ? { rating: review.rating, body: review.body } : { body: "" },
  });
  const { errors } = form.formState;
  const length = characterCount(useWatch({ control: form.control, name: "body" }) ?? "");
  const bodyId = `${id}-body`;
  const bodyError = errors.body?.message;

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: onDone,
      // Field messages go beside their fields; anything else (not allowed, already reviewed) in the alert.
      onError: (error) => setServerErrors(error, form.setError, ["rating", "body"]),
    }),
  );
  const headingId = `${id}-heading`;

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h3 id={headingId} className="font-medium text-slate-900">
        {review ? "Edit your review" : `Review ${teacherFirstName}`}
      </h3>
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <StarRatingInput
            id={`${id}-rating`}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.rating?.message}
          />
        )}
      />
      <div className="space-y-1.5">
        <label htmlFor={bodyId} className="block text-sm font-medium text-slate-800">
          Your review
        </label>
        <textarea
          id={bodyId}
          rows={5}
          placeholder={`How are the lessons with ${teacherFirstName} going?`}
          aria-describedby={`${bodyId}-count${bodyError ? ` ${bodyId}-error` : ""}`}
          {...(bodyError ? { "aria-invalid": true } : {})}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm leading-6 text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 aria-invalid:border-red-500"
          {...form.register("body")}
        />
        <div className="flex items-start justify-between gap-3">
          {bodyError ? (
            <p id={`${bodyId}-error`} role="alert" className="text-sm text-red-700">
              {bodyError}
            </p>
          ) : (
            <span className="text-xs text-slate-600">At least 10 characters.</span>
          )}
          <span
            id={`${bodyId}-count`}
            className={cn("shrink-0 text-xs tabular-nums", length > REVIEW_BODY_MAX_LENGTH ? "text-red-700" : "text-slate-600")}
          >
            {length}/{REVIEW_BODY_MAX_LENGTH}
          </span>
        </div>
      </div>

      {mutation.isError && !(mutation.error instanceof AppError && mutation.error.fields) ? (
        <Alert>{errorMessage(mutation.error, "Failed to save your review")}</Alert>
      ) : null}

      <FormActions submit={review ? "Save Review" : "Post Review"} pending={mutation.isPending} pendingLabel="Saving..." onCancel={onDone} />
    </form>
  );
}
