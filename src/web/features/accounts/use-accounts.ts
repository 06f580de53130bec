import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { DeleteAccountInput, ParentSignUp, ParentSignUpResult } from "../../../shared/accounts/accounts.schemas";
import { api, call } from "../../lib/api";
import { ME_QUERY_KEY } from "../auth/use-me";

/**
 * Creates the parent and the first student. When the new account is signed in at once, "me" is
 * read again before `onSignedIn` (the flow's success step) so the top bar shows the parent.
 */
export function useParentSignUp({
  onSignedIn,
  onNeedsConfirmation,
  onError,
}: {
  onSignedIn: () => void;
  onNeedsConfirmation: (email: string) => void;
  onError: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ParentSignUp): Promise<ParentSignUpResult> => call(api.accounts.parents.$post({ json: input })),
    onSuccess: async (result, input) => {
      if (!result.signedIn) {
        onNeedsConfirmation(input.parent.email);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY, exact: true });
      onSignedIn();
    },
    onError,
  });
}

/**
 * Deletes the account, confirmed with the password or a two-factor code: every cached query of
 * the user is dropped and the visitor goes home. A wrong confirmation deletes nothing (400 on its field).
 */
export function useDeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => call(api.accounts.me.$delete({ json: input })),
    onSuccess: async () => {
      onDeleted();
      // As sign-out does: leave first, forget the account's data, then ask "who am I" again. Clearing
      // the whole cache instead left the top bar's observer on a removed "me" that nobody refetched.
      await navigate("/", { replace: true });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] });
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
