import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ParentDashboard,
  ParentSettings,
  ParentSettingsUpdateInput,
} from "../../../shared/parents/parents.schemas";
import { api, call } from "../../lib/api";

/** ["parent"] prefixes both queries: a saved setting (a name) refreshes the dashboard too. */
export const PARENT_QUERY_KEY = ["parent"] as const;
export const PARENT_SETTINGS_QUERY_KEY = ["parent", "settings"] as const;
export const PARENT_DASHBOARD_QUERY_KEY = ["parent", "dashboard"] as const;

export function useParentDashboard() {
  return useQuery({
    queryKey: PARENT_DASHBOARD_QUERY_KEY,
    queryFn: (): Promise<ParentDashboard> => call(api.parents.me.dashboard.$get()),
  });
}

export function useParentSettings() {
  return useQuery({
    queryKey: PARENT_SETTINGS_QUERY_KEY,
    queryFn: (): Promise<ParentSettings> => call(api.parents.me.$get()),
  });
}

export function useUpdateParentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ParentSettingsUpdateInput): Promise<ParentSettings> => call(api.parents.me.$patch({ json: patch })),
    onSuccess: async (saved) => {
      queryClient.setQueryData(PARENT_SETTINGS_QUERY_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: PARENT_DASHBOARD_QUERY_KEY });
    },
  });
}
