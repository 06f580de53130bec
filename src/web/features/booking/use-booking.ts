import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { viewerTimeZone } from "../../lib/time-zone";
import type { BookingType } from "../../../shared/booking/booking.constants";
import type { BookingRequestDTO, CreateBookingInput, SlotsResponse } from "../../../shared/booking/booking.schemas";
import { api, call } from "../../lib/api";
import { invalidateLessonViews } from "../lessons/lesson-views";
import { MY_BOOKINGS_KEY, slotsKey, TEACHER_REQUESTS_KEY } from "./booking-keys";

export { MY_BOOKINGS_KEY, slotsKey, TEACHER_REQUESTS_KEY };

export function useMonthSlots(teacherId: string, month: string, type: BookingType) {
  const timeZone = viewerTimeZone();
  return useQuery({
    queryKey: [...slotsKey(teacherId), month, type, timeZone],
    queryFn: (): Promise<SlotsResponse> =>
      call(api.teachers[":teacherId"].slots.$get({ param: { teacherId }, query: { month, timeZone, type } })),
  });
}

export function useRequestBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBookingInput): Promise<{ bookings: BookingRequestDTO[] }> => call(api.bookings.$post({ json: input })),
    // A request (or a conflict) changes that teacher's open times, the parent's requests and lessons, the dashboard.
    onSettled: () => invalidateLessonViews(queryClient),
  });
}

export function useMyBookings() {
  return useQuery({
    queryKey: MY_BOOKINGS_KEY,
    queryFn: (): Promise<{ bookings: BookingRequestDTO[] }> => call(api.bookings.mine.$get()),
  });
}

export function useTeacherRequests() {
  return useQuery({
    queryKey: TEACHER_REQUESTS_KEY,
    queryFn: (): Promise<{ bookings: BookingRequestDTO[] }> => call(api.bookings.requests.$get()),
  });
}

export function useDecideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    // A decline may carry the teacher's reason (the decline dialog); the family reads it.
    // An accept may carry the price agreed per lesson (the accept dialog of a full lesson, issue 28).
    mutationFn: ({ bookingId, decision, reason, priceCents }: { bookingId: string; decision: "accept" | "decline"; reason?: string; priceCents?: number }) =>
      decision === "accept"
        ? call(api.bookings[":bookingId"].accept.$post({ param: { bookingId }, json: priceCents === undefined ? {} : { priceCents } }))
        : call(api.bookings[":bookingId"].decline.$post({ param: { bookingId }, json: reason ? { reason } : {} })),
    // An accepted request becomes lessons (the Lessons panel, calendar, tiles, students, earnings
    // show them), a declined one frees its times: every view of lessons is fetched again.
    onSettled: () => invalidateLessonViews(queryClient),
  });
}
