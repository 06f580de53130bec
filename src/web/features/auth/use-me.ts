import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Me } from "../../../shared/auth/auth.schemas";
import { api, call } from "../../lib/api";

export const ME_QUERY_KEY = ["me"] as const;

/** The signed-in user and role; anonymous is `{ user: null }`, not an error. */
export function useMe() {
  return useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: (): Promise<Me> => call(api.session.$get()),
    staleTime: 5 * 60_000,
  });
}

export function useRefreshMe() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
}
