import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TeacherProfile, TeacherProfileUpdate } from "../../../../shared/teachers/profile.schemas";
import { api, call } from "../../../lib/api";
import { TEACHER_DASHBOARD_QUERY_KEY } from "../dashboard/use-teacher-dashboard";

export const TEACHER_PROFILE_QUERY_KEY = ["teachers", "me", "profile"] as const;

/** The signed-in teacher's own profile; `enabled: false` skips the request (an account without a teacher profile). */
export function useTeacherProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: TEACHER_PROFILE_QUERY_KEY,
    queryFn: (): Promise<TeacherProfile> => call(api.teachers.me.$get()),
    enabled,
  });
}

export function useUpdateTeacherProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: TeacherProfileUpdate): Promise<TeacherProfile> => call(api.teachers.me.$patch({ json: patch })),
    onSuccess: async (profile) => {
      // The answer is the saved profile; the dashboard shows the name, so it refreshes too.
      queryClient.setQueryData(TEACHER_PROFILE_QUERY_KEY, profile);
      await queryClient.invalidateQueries({ queryKey: TEACHER_DASHBOARD_QUERY_KEY });
    },
  });
}

/** The upload API has already recorded the new video on the profile; the cached profile shows it without a refetch. */
export function useShowUploadedIntroVideo() {
  const queryClient = useQueryClient();
  return (url: string) =>
    queryClient.setQueryData<TeacherProfile>(TEACHER_PROFILE_QUERY_KEY, (old) => (old ? { ...old, introVideoUrl: url } : old));
}
