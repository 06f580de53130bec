import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ApplicationDecision,
  ApplicationDecisionResult,
  ApplicationDetail,
  WaitingApplications,
} from "../../../../shared/operator/applications.schemas";
import { api, call } from "../../../lib/api";

/** ["operator", …] holds the desk's data; sign-out removes it with the rest. */
export const APPLICATIONS_QUERY_KEY = ["operator", "applications"] as const;
const applicationKey = (teacherId: string) => [...APPLICATIONS_QUERY_KEY, teacherId] as const;

export function useWaitingApplications() {
  return useQuery({
    queryKey: APPLICATIONS_QUERY_KEY,
    queryFn: (): Promise<WaitingApplications> => call(api.operator.applications.$get()),
  });
}

export function useApplication(teacherId: string) {
  return useQuery({
    queryKey: applicationKey(teacherId),
    queryFn: (): Promise<ApplicationDetail> => call(api.operator.applications[":teacherId"].$get({ param: { teacherId } })),
  });
}

const decisionCall = {
  approve: (teacherId: string, reason: string) => api.operator.applications[":teacherId"].approve.$post({ param: { teacherId }, json: { reason } }),
  "ask-for-changes": (teacherId: string, reason: string) =>
    api.operator.applications[":teacherId"]["ask-for-changes"].$post({ param: { teacherId }, json: { reason } }),
  reject: (teacherId: string, reason: string) => api.operator.applications[":teacherId"].reject.$post({ param: { teacherId }, json: { reason } }),
} satisfies Record<ApplicationDecision, unknown>;

/** One decision; the queue and the application are read again (another operator may have acted too). */
export function useDecideApplication(teacherId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, reason }: { decision: ApplicationDecision; reason: string }): Promise<ApplicationDecisionResult> =>
      call(decisionCall[decision](teacherId, reason)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY }),
  });
}
