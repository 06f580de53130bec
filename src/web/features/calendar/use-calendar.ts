import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CalendarEventDTO, EventData } from "../../../shared/calendar/calendar.schemas";
import type { InstantRange } from "../../../shared/calendar/calendar-views.rules";
import { api, call } from "../../lib/api";

/** ["calendar", "events", …] are range reads; invalidating the prefix refreshes every view. */
export const CALENDAR_EVENTS_KEY = ["calendar", "events"] as const;
const FEED_KEY = ["calendar", "feed"] as const;

export function useCalendarEvents(range: InstantRange, studentId?: string) {
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  return useQuery({
    queryKey: [...CALENDAR_EVENTS_KEY, from, to, studentId ?? null],
    queryFn: async (): Promise<CalendarEventDTO[]> =>
      (await call(api.calendar.events.$get({ query: { from, to, ...(studentId ? { studentId } : {}) } }))).events as CalendarEventDTO[],
    placeholderData: (previous) => previous,
  });
}

function useInvalidateEvents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: CALENDAR_EVENTS_KEY });
}

export function useSaveEvent(eventId: string | null) {
  return useMutation({
    mutationFn: async (input: EventData): Promise<CalendarEventDTO> =>
      (
        await call(
          eventId
            ? api.calendar.events[":eventId"].$put({ param: { eventId }, json: input })
            : api.calendar.events.$post({ json: input }),
        )
      ).event,
  });
}

export function useRefreshEvents() {
  return useInvalidateEvents();
}

export function useDeleteEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (eventId: string) => call(api.calendar.events[":eventId"].$delete({ param: { eventId } })),
    onSuccess: invalidate,
  });
}

export interface FeedStatus {
  active: boolean;
  createdAt: string | null;
}

export function useFeedStatus(enabled: boolean) {
  return useQuery({ queryKey: FEED_KEY, queryFn: (): Promise<FeedStatus> => call(api.calendar.feed.$get()), enabled });
}

export function useRegenerateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<FeedStatus & { url: string }> => call(api.calendar.feed.$post()),
    onSuccess: (status) => queryClient.setQueryData(FEED_KEY, { active: status.active, createdAt: status.createdAt }),
  });
}

export function useRevokeFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<FeedStatus> => call(api.calendar.feed.$delete()),
    onSuccess: (status) => queryClient.setQueryData(FEED_KEY, status),
  });
}
