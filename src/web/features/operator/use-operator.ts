import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AuditPage,
  OperatorOverview,
  OperatorSignInInput,
  OperatorSignInResult,
  OperatorTwoFactorInput,
} from "../../../shared/operator/operator.schemas";
import { AppError } from "../../../shared/errors";
import { api, call } from "../../lib/api";

export const OPERATOR_QUERY_KEY = ["operator"] as const;
const OPERATOR_ME_KEY = [...OPERATOR_QUERY_KEY, "me"] as const;

/**
 * Who is at the desk. The server answers 404 to anyone who is not a signed-in operator (the
 * desk gives no hint it exists), 401 when the operator's 12-hour session ended, and 403
 * `two_factor_setup_required` in production until two-factor is on: the layout shows the sign-in
 * or the setup from these.
 */
export function useOperatorSession() {
  return useQuery({
    queryKey: OPERATOR_ME_KEY,
    queryFn: () => call<{ email: string }>(api.operator.me.$get()),
    retry: false,
  });
}

export type OperatorGate = "loading" | "signed-out" | "two-factor-setup" | "error" | "open";

export function operatorGate(session: ReturnType<typeof useOperatorSession>): OperatorGate {
  if (session.isPending) return "loading";
  // An error first: a refetch that failed (signed out, session ended) keeps the old data beside it.
  const error = session.error;
  if (!error) return "open";
  if (error instanceof AppError) {
    if (error.reason === "two_factor_setup_required") return "two-factor-setup";
    if (error.code === "not_found" || error.code === "unauthenticated") return "signed-out";
  }
  return "error";
}

/** Forgets every desk query and asks again who is at the desk (after sign-in, two-factor or sign-out). */
function useRefreshDesk() {
  const queryClient = useQueryClient();
  return async () => {
    queryClient.removeQueries({ queryKey: OPERATOR_QUERY_KEY, predicate: (query) => query.queryKey[1] !== "me" });
    // Reset, not just invalidate: the desk must not keep showing the last operator while it asks.
    await queryClient.resetQueries({ queryKey: OPERATOR_ME_KEY });
  };
}

export function useOperatorSignIn() {
  const refresh = useRefreshDesk();
  return useMutation({
    mutationFn: (input: OperatorSignInInput) => call<OperatorSignInResult>(api.session.operator.$post({ json: input })),
    onSuccess: async (result) => {
      if (!result.twoFactorRequired) await refresh();
    },
  });
}

export function useOperatorTwoFactor() {
  const refresh = useRefreshDesk();
  return useMutation({
    mutationFn: (input: OperatorTwoFactorInput) => call<OperatorSignInResult>(api.session.operator["two-factor"].$post({ json: input })),
    onSuccess: refresh,
  });
}

/** After the forced two-factor setup: the desk opens. */
export function useReopenDesk() {
  return useRefreshDesk();
}

export function useOperatorSignOut() {
  const refresh = useRefreshDesk();
  return useMutation({
    mutationFn: async () => {
      const response = await fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      if (!response.ok) throw new AppError("internal", "Sign out failed. Please try again.");
    },
    onSuccess: refresh,
  });
}

export function useOperatorOverview() {
  return useQuery({
    queryKey: [...OPERATOR_QUERY_KEY, "overview"],
    queryFn: () => call<OperatorOverview>(api.operator.overview.$get()),
  });
}

export interface AuditFilter {
  target?: string;
  subject?: string;
}

/** The audit trail, newest first, a page at a time ("Show older"). */
export function useAuditTrail(filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: [...OPERATOR_QUERY_KEY, "audit", filter],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      call<AuditPage>(
        api.operator.audit.$get({
          query: {
            ...(filter.target ? { target: filter.target } : {}),
            ...(filter.subject ? { subject: filter.subject } : {}),
            ...(pageParam ? { before: pageParam } : {}),
          },
        }),
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
