import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AccountFound, OperatorAccountDTO } from "../../../../shared/operator/accounts.schemas";
import type { OperatorReasonInput } from "../../../../shared/operator/operator.schemas";
import { api, call } from "../../../lib/api";

export const operatorAccountKey = (userId: string) => ["operator", "accounts", userId] as const;

/** The account as the desk sees it (GET /api/operator/accounts/:userId); 404 for anyone but an operator. */
export function useOperatorAccount(userId: string) {
  return useQuery({
    queryKey: operatorAccountKey(userId),
    queryFn: (): Promise<OperatorAccountDTO> => call(api.operator.accounts[":userId"].$get({ param: { userId } })),
  });
}

/** Suspend or Reinstate with the operator's reason; the answer is the account page as it now is. */
export function useAccountAction(userId: string, action: "suspend" | "reinstate") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OperatorReasonInput): Promise<OperatorAccountDTO> => {
      const route = api.operator.accounts[":userId"][action];
      return call(route.$post({ param: { userId }, json: input }));
    },
    onSuccess: (account) => {
      queryClient.setQueryData(operatorAccountKey(userId), account);
      // The desk's other pages (audit trail, home counts) show the new action.
      void queryClient.invalidateQueries({ queryKey: ["operator"], predicate: (q) => q.queryKey[1] !== "accounts" });
    },
  });
}

/** Find one account by its exact email (GET /api/operator/accounts?email=…). */
export function useFindAccount() {
  return useMutation({
    mutationFn: (email: string): Promise<AccountFound> => call(api.operator.accounts.$get({ query: { email } })),
  });
}
