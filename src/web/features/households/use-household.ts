import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Household,
  InvitationPreview,
  InviteGuardian,
  JoinWithNewAccount,
  PendingInvitation,
} from "../../../shared/households/households.schemas";
import { api, call } from "../../lib/api";

/** Issue 45: the signed-in guardian's household, and the invitation link's actions. */
export const HOUSEHOLD_QUERY_KEY = ["household"] as const;

export function useHousehold() {
  return useQuery({ queryKey: HOUSEHOLD_QUERY_KEY, queryFn: (): Promise<Household> => call(api.household.$get()) });
}

/**
 * Every change of the household refreshes it, or (`everything`: joining, leaving) whatever the
 * family sees (students, dashboard, the session). `then` runs first, here and not in `mutate`'s
 * options: the refreshed session can unmount the form that asked (a joined invitee is signed in).
 */
function useHouseholdChange<TInput, TResult>(fn: (input: TInput) => Promise<TResult>, everything = false, then?: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await then?.();
      return everything ? queryClient.invalidateQueries() : queryClient.invalidateQueries({ queryKey: HOUSEHOLD_QUERY_KEY });
    },
  });
}

export function useInviteGuardian() {
  return useHouseholdChange((json: InviteGuardian): Promise<PendingInvitation> => call(api.household.invitations.$post({ json })));
}

export function useRevokeInvitation() {
  return useHouseholdChange((invitationId: string) => call(api.household.invitations[":invitationId"].$delete({ param: { invitationId } })));
}

export function useRemoveGuardian() {
  return useHouseholdChange((guardianId: string) => call(api.household.guardians[":guardianId"].$delete({ param: { guardianId } })));
}

export function useLeaveHousehold() {
  return useHouseholdChange(() => call(api.household.leave.$post()), true);
}

export function useInvitationPreview(token: string | null) {
  return useQuery({
    queryKey: ["household-invitation", token],
    enabled: token !== null,
    retry: false,
    queryFn: (): Promise<InvitationPreview> => call(api.household.invitations.preview.$post({ json: { token: token ?? "" } })),
  });
}

export function useAcceptInvitation(then: () => Promise<void>) {
  return useHouseholdChange((token: string) => call(api.household.invitations.accept.$post({ json: { token } })), true, then);
}

export function useRefuseInvitation() {
  // Nothing of the visitor's changes: the page says it was refused (the link's own view is not refetched).
  return useHouseholdChange((token: string) => call(api.household.invitations.refuse.$post({ json: { token } })));
}

export function useJoinWithNewAccount(then: () => Promise<void>) {
  return useHouseholdChange((json: JoinWithNewAccount) => call(api.household.invitations.join.$post({ json })), true, then);
}
