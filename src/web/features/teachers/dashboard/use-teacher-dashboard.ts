import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DiscoveryStatus, ResubmitResult, TeacherDashboard } from "../../../../shared/teachers/profile.schemas";
import { api, call } from "../../../lib/api";

/** ["teachers", "me", …] holds the signed-in teacher's own data; sign-out removes it all. */
export const TEACHER_DASHBOARD_QUERY_KEY = ["teachers", "me", "dashboard"] as const;

export function useTeacherDashboard() {
  return useQuery({
    queryKey: TEACHER_DASHBOARD_QUERY_KEY,
    queryFn: (): Promise<TeacherDashboard> => call(api.teachers.me.dashboard.$get()),
  });
}

export function useSetDiscovery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean): Promise<DiscoveryStatus> => call(api.teachers.me.discovery.$put({ json: { enabled } })),
    onSuccess: (status) => {
      queryClient.setQueryData<TeacherDashboard>(TEACHER_DASHBOARD_QUERY_KEY, (old) => (old ? { ...old, ...status } : old));
    },
  });
}

/** Issue 27: back to the review queue after making the changes the desk asked for. */
export function useResubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<ResubmitResult> => call(api.teachers.me.application.resubmit.$post()),
    onSuccess: (result) => {
      queryClient.setQueryData<TeacherDashboard>(TEACHER_DASHBOARD_QUERY_KEY, (old) =>
        old ? { ...old, reviewStatus: result.reviewStatus, reviewMessage: null } : old,
      );
    },
  });
}
