import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AttendanceInput, CancelLessonInput, CancelResult, CreditLedgerDTO, LessonDTO } from "../../../shared/lessons/lessons.schemas";
import type { SeriesChange, SeriesChangePreviewDTO } from "../../../shared/lessons/series-change.rules";
import { api, call } from "../../lib/api";
import { invalidateLessonViews, LESSONS_KEY } from "./lesson-views";

export { LESSONS_KEY };
const MY_LESSONS_KEY = [...LESSONS_KEY, "mine"] as const;
const TEACHING_KEY = [...LESSONS_KEY, "teaching"] as const;
export const CREDITS_KEY = [...LESSONS_KEY, "credits"] as const;
const TEACHING_CREDITS_KEY = [...LESSONS_KEY, "teaching-credits"] as const;

export function useMyLessons(enabled = true) {
  return useQuery({ queryKey: MY_LESSONS_KEY, queryFn: (): Promise<{ lessons: LessonDTO[] }> => call(api.lessons.mine.$get()), enabled });
}

export function useTeachingLessons(enabled = true) {
  return useQuery({ queryKey: TEACHING_KEY, queryFn: (): Promise<{ lessons: LessonDTO[] }> => call(api.lessons.teaching.$get()), enabled });
}

export function useCredits(enabled = true) {
  return useQuery({
    queryKey: CREDITS_KEY,
    queryFn: (): Promise<{ ledgers: CreditLedgerDTO[] }> => call(api.lessons.credits.$get()),
    enabled,
  });
}

/** The credits families hold with the signed-in teacher, with their history (the students page). */
export function useTeacherCredits() {
  return useQuery({
    queryKey: TEACHING_CREDITS_KEY,
    queryFn: (): Promise<{ ledgers: CreditLedgerDTO[] }> => call(api.lessons.teaching.credits.$get()),
  });
}

/** A lesson change touches both sides' lists, calendars, open times, credits, tiles and statements. */
function useInvalidateAfterChange() {
  const queryClient = useQueryClient();
  return () => invalidateLessonViews(queryClient);
}

export function useCancelLesson(lesson: Pick<LessonDTO, "id" | "teacher">) {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (input: CancelLessonInput): Promise<CancelResult> =>
      call(api.lessons[":bookingId"].cancel.$post({ param: { bookingId: lesson.id }, json: input })),
    onSettled: invalidate,
  });
}

export function useRescheduleLesson(lesson: Pick<LessonDTO, "id" | "teacher">) {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (startsAt: string): Promise<{ lesson: LessonDTO }> =>
      call(api.lessons[":bookingId"].reschedule.$post({ param: { bookingId: lesson.id }, json: { startsAt } })),
    onSettled: invalidate,
  });
}

export function useRecordAttendance(lesson: Pick<LessonDTO, "id" | "teacher">) {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (input: AttendanceInput): Promise<{ lesson: LessonDTO }> =>
      call(api.lessons[":bookingId"].attendance.$put({ param: { bookingId: lesson.id }, json: input })),
    onSettled: invalidate,
  });
}

/**
 * What changing the series from this lesson on would do (issue 44), for the dialog's preview: read
 * again whenever the day, time or format changes (null: nothing to ask yet).
 */
export function useSeriesChangePreview(lesson: Pick<LessonDTO, "id">, input: SeriesChange | null) {
  return useQuery({
    queryKey: [...LESSONS_KEY, "series-change-preview", lesson.id, input],
    queryFn: (): Promise<{ preview: SeriesChangePreviewDTO }> =>
      call(api.lessons[":bookingId"]["change-series"].preview.$post({ param: { bookingId: lesson.id }, json: input! })),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useChangeSeries(lesson: Pick<LessonDTO, "id" | "teacher">) {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (input: SeriesChange): Promise<{ lessons: LessonDTO[] }> =>
      call(api.lessons[":bookingId"]["change-series"].$post({ param: { bookingId: lesson.id }, json: input })),
    onSettled: invalidate,
  });
}
