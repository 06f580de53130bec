import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Me } from "../../../shared/auth/auth.schemas";
import { api, call } from "../../lib/api";

export const ME_QUERY_KEY = ["me"] as const;

const meQuery = { queryKey: ME_QUERY_KEY, queryFn: (): Promise<Me> => call(api.session.$get()), staleTime: 5 * 60_000 };

/** The signed-in user and role; anonymous is `{ user: null }`, not an error. */
export function useMe() {
  return useQuery(meQuery);
}

/** For an action that needs the session now: the cached answer, or the one being fetched. */
export function useSettledMe() {
  const queryClient = useQueryClient();
  return () => queryClient.ensureQueryData(meQuery);
}

export function useRefreshMe() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
}
