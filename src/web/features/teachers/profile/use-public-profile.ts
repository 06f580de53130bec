import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicTeacherProfile } from "../../../../shared/teachers/public-profile.schemas";
import { api, call } from "../../../lib/api";

/** Under ["teachers", id] with the teacher's reviews, so a review change refreshes the rating here. */
export const publicProfileQueryKey = (teacherId: string) => ["teachers", teacherId, "public"] as const;

/** The profile's query; the route's loader starts it while the page's code is still loading (router.tsx). */
export const publicProfileQuery = (teacherId: string) =>
  queryOptions({
    queryKey: publicProfileQueryKey(teacherId),
    queryFn: (): Promise<PublicTeacherProfile> => call(api.teachers[":teacherId"].public.$get({ param: { teacherId } })),
    // Fresh for the page that mounts right after the loader's fetch (no second request); changes
    // made in the app invalidate ["teachers", id] and refetch regardless.
    staleTime: 10_000,
  });

export function usePublicProfile(teacherId: string) {
  return useQuery(publicProfileQuery(teacherId));
}
