import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { viewerTimeZone } from "../../lib/time-zone";
import type { BookingType } from "../../../shared/booking/booking.constants";
import type { BookingRequestDTO, CreateBookingInput, SlotsResponse } from "../../../shared/booking/booking.schemas";
import { api, call } from "../../lib/api";
import { TEACHER_DASHBOARD_QUERY_KEY } from "../teachers/dashboard/use-teacher-dashboard";

/** The zone the browser shows times in; slots are computed on the server for it. */

/** ["booking", …] holds what the booking screens read; each mutation invalidates only what it changes. */
export const slotsKey = (teacherId: string) => ["booking", "slots", teacherId] as const;
export const MY_BOOKINGS_KEY = ["booking", "mine"] as const;
export const TEACHER_REQUESTS_KEY = ["booking", "requests"] as const;

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
    // A request (or a conflict) changes that teacher's open times and the parent's own list.
    onSettled: (_data, _error, input) => {
      void queryClient.invalidateQueries({ queryKey: slotsKey(input.teacherId) });
      void queryClient.invalidateQueries({ queryKey: MY_BOOKINGS_KEY });
    },
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
    mutationFn: ({ bookingId, decision, reason }: { bookingId: string; decision: "accept" | "decline"; reason?: string }) =>
      decision === "accept"
        ? call(api.bookings[":bookingId"].accept.$post({ param: { bookingId } }))
        : call(api.bookings[":bookingId"].decline.$post({ param: { bookingId }, json: reason ? { reason } : {} })),
    onSettled: () => {
      // The list and the dashboard's counts and tiles change with every decision; nothing else the teacher sees does.
      void queryClient.invalidateQueries({ queryKey: TEACHER_REQUESTS_KEY });
      void queryClient.invalidateQueries({ queryKey: TEACHER_DASHBOARD_QUERY_KEY });
    },
  });
}
