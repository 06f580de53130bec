import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { BOOKING_KEY } from "../booking/booking-keys";
import { CALENDAR_EVENTS_KEY } from "../calendar/use-calendar";
import { BILLING_KEY, EARNINGS_KEY } from "../earnings/use-statements";
import { PARENT_DASHBOARD_QUERY_KEY } from "../parents/use-parent";
import { TEACHER_DASHBOARD_QUERY_KEY } from "../teachers/dashboard/use-teacher-dashboard";
import { TEACHER_STUDENTS_QUERY_KEY } from "../teachers/students/use-teacher-students";
import { LESSONS_KEY } from "./lessons-key";

export { LESSONS_KEY };

/**
 * Every query (by prefix) that shows a lesson or a request, on either side: requests and open
 * times (["booking"]), both sides' lessons and credits, the calendars, the dashboards' tiles and
 * lists, My Students, earnings and billing. A request, a decision, a cancel, a move or attendance
 * changes some of them; which, depends on the screen, so all are refreshed (only the ones on
 * screen are fetched again; the rest are marked stale).
 */
export const LESSON_VIEW_KEYS: readonly QueryKey[] = [
  BOOKING_KEY,
  LESSONS_KEY,
  CALENDAR_EVENTS_KEY,
  PARENT_DASHBOARD_QUERY_KEY,
  TEACHER_DASHBOARD_QUERY_KEY,
  TEACHER_STUDENTS_QUERY_KEY,
  EARNINGS_KEY,
  BILLING_KEY,
];

/** After a change of lessons, by this user (a mutation settled) or the other side (a live event). */
export function invalidateLessonViews(queryClient: QueryClient): void {
  for (const queryKey of LESSON_VIEW_KEYS) void queryClient.invalidateQueries({ queryKey });
}
