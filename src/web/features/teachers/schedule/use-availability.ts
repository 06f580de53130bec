import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AvailabilityCreate,
  AvailabilityWindow,
  WeeklyAvailability,
} from "../../../../shared/teachers/weekly-availability.schemas";
import { api, call } from "../../../lib/api";

export const AVAILABILITY_QUERY_KEY = ["teachers", "me", "availability"] as const;

export function useAvailability() {
  return useQuery({
    queryKey: AVAILABILITY_QUERY_KEY,
    queryFn: (): Promise<WeeklyAvailability> => call(api.teachers.me.availability.$get()),
  });
}

export function useAddAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AvailabilityCreate): Promise<AvailabilityWindow> =>
      call(api.teachers.me.availability.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AVAILABILITY_QUERY_KEY }),
  });
}

export function useDeleteAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (availabilityId: string) =>
      call(api.teachers.me.availability[":availabilityId"].$delete({ param: { availabilityId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AVAILABILITY_QUERY_KEY }),
  });
}
