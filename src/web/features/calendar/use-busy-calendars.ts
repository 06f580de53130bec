import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BusyCalendarData, BusyCalendarDTO, BusyTimeDTO } from "../../../shared/calendar/busy-calendars.schemas";
import type { InstantRange } from "../../../shared/calendar/calendar-views.rules";
import { api, call } from "../../lib/api";

/** A teacher's own calendars read for busy times (issue 46), and the busy times they give. */
const BUSY_CALENDARS_KEY = ["calendar", "busy-calendars"] as const;
const BUSY_TIMES_KEY = ["calendar", "busy-times"] as const;
/** While a read is due the list asks again this often: the jobs runner reads within about 15 s. */
const PENDING_POLL_MS = 4_000;

export function useBusyCalendars() {
  return useQuery({
    queryKey: BUSY_CALENDARS_KEY,
    queryFn: async (): Promise<BusyCalendarDTO[]> => (await call(api.calendar["busy-calendars"].$get())).calendars,
    refetchInterval: (query) => (query.state.data?.some((calendar) => calendar.pending) ? PENDING_POLL_MS : false),
  });
}

function useInvalidateBusy() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: BUSY_CALENDARS_KEY }), queryClient.invalidateQueries({ queryKey: BUSY_TIMES_KEY })]);
}

export function useAddBusyCalendar() {
  const invalidate = useInvalidateBusy();
  return useMutation({
    mutationFn: async (input: BusyCalendarData): Promise<BusyCalendarDTO> => (await call(api.calendar["busy-calendars"].$post({ json: input }))).calendar,
    onSuccess: invalidate,
  });
}

export function useRemoveBusyCalendar() {
  const invalidate = useInvalidateBusy();
  return useMutation({
    mutationFn: (calendarId: string) => call(api.calendar["busy-calendars"][":calendarId"].$delete({ param: { calendarId } })),
    onSettled: invalidate,
  });
}

export function useRefreshBusyCalendar() {
  const invalidate = useInvalidateBusy();
  return useMutation({
    mutationFn: (calendarId: string) => call(api.calendar["busy-calendars"][":calendarId"].refresh.$post({ param: { calendarId } })),
    onSettled: invalidate,
  });
}

/** The signed-in teacher's imported busy times in a range of their calendar (off for everyone else). */
export function useBusyTimes(range: InstantRange, enabled: boolean) {
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  return useQuery({
    queryKey: [...BUSY_TIMES_KEY, from, to],
    queryFn: async (): Promise<BusyTimeDTO[]> => (await call(api.calendar["busy-times"].$get({ query: { from, to } }))).busy,
    enabled,
    placeholderData: (previous) => previous,
  });
}
