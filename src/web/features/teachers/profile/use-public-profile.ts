import { useQuery } from "@tanstack/react-query";
import type { PublicTeacherProfile } from "../../../../shared/teachers/public-profile.schemas";
import { api, call } from "../../../lib/api";

/** Under ["teachers", id] with the teacher's reviews, so a review change refreshes the rating here. */
export const publicProfileQueryKey = (teacherId: string) => ["teachers", teacherId, "public"] as const;

export function usePublicProfile(teacherId: string) {
  return useQuery({
    queryKey: publicProfileQueryKey(teacherId),
    queryFn: (): Promise<PublicTeacherProfile> => call(api.teachers[":teacherId"].public.$get({ param: { teacherId } })),
  });
}
