import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AttendanceInput, CancelLessonInput, CancelResult, CreditLedgerDTO, LessonDTO } from "../../../shared/lessons/lessons.schemas";
import { api, call } from "../../lib/api";
import { MY_BOOKINGS_KEY, slotsKey, TEACHER_REQUESTS_KEY } from "../booking/use-booking";
import { CALENDAR_EVENTS_KEY } from "../calendar/use-calendar";
import { PARENT_DASHBOARD_QUERY_KEY } from "../parents/use-parent";
import { TEACHER_DASHBOARD_QUERY_KEY } from "../teachers/dashboard/use-teacher-dashboard";

/** ["lessons", …]: each side's lessons and the parent's credits. */
export const LESSONS_KEY = ["lessons"] as const;
const MY_LESSONS_KEY = [...LESSONS_KEY, "mine"] as const;
const TEACHING_KEY = [...LESSONS_KEY, "teaching"] as const;
export const CREDITS_KEY = [...LESSONS_KEY, "credits"] as const;
const TEACHING_CREDITS_KEY = [...LESSONS_KEY, "teaching-credits"] as const;

export function useMyLessons() {
  return useQuery({ queryKey: MY_LESSONS_KEY, queryFn: (): Promise<{ lessons: LessonDTO[] }> => call(api.lessons.mine.$get()) });
}

export function useTeachingLessons() {
  return useQuery({ queryKey: TEACHING_KEY, queryFn: (): Promise<{ lessons: LessonDTO[] }> => call(api.lessons.teaching.$get()) });
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

/** A lesson change touches both sides' lists, calendars, open times, credits and dashboards. */
function useInvalidateAfterChange() {
  const queryClient = useQueryClient();
  return (teacherId: string | null) => {
    const slots = teacherId ? [slotsKey(teacherId)] : [];
    for (const queryKey of [LESSONS_KEY, CALENDAR_EVENTS_KEY, MY_BOOKINGS_KEY, TEACHER_REQUESTS_KEY, ...slots, PARENT_DASHBOARD_QUERY_KEY, TEACHER_DASHBOARD_QUERY_KEY]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
}

export function useCancelLesson(lesson: Pick<LessonDTO, "id" | "teacher">) {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (input: CancelLessonInput): Promise<CancelResult> =>
      call(api.lessons[":bookingId"].cancel.$post({ param: { bookingId: lesson.id }, json: input })),
    onSettled: () => invalidate(lesson.teacher.id),
  });
}

export function useRescheduleLesson(lesson: Pick<LessonDTO, "id" | "teacher">) {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (startsAt: string): Promise<{ lesson: LessonDTO }> =>
      call(api.lessons[":bookingId"].reschedule.$post({ param: { bookingId: lesson.id }, json: { startsAt } })),
    onSettled: () => invalidate(lesson.teacher.id),
  });
}

export function useRecordAttendance(lesson: Pick<LessonDTO, "id" | "teacher">) {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (input: AttendanceInput): Promise<{ lesson: LessonDTO }> =>
      call(api.lessons[":bookingId"].attendance.$put({ param: { bookingId: lesson.id }, json: input })),
    onSettled: () => invalidate(lesson.teacher.id),
  });
}
