import { useMutation, useMutationState, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EmailPreferences, EmailPreferencesDTO, EmailPreferencesUpdate, WeeklyPreviewResult } from "../../../shared/accounts/email-preferences";
import { api, call } from "../../lib/api";

export const EMAIL_PREFERENCES_QUERY_KEY = ["accounts", "me", "email-preferences"] as const;
const EMAIL_PREFERENCES_MUTATION_KEY = ["accounts", "me", "email-preferences", "update"] as const;

export function useEmailPreferences() {
  return useQuery({
    queryKey: EMAIL_PREFERENCES_QUERY_KEY,
    queryFn: (): Promise<EmailPreferencesDTO> => call(api.accounts.me["email-preferences"].$get()),
  });
}

/**
 * Saves one or more switches. The saves of one account run one after another (one scope): two
 * quick taps reach the server in the order they were made, so the last answer is the latest state
 * and may replace the cached one. `onSaved`/`onFailed` run for every save, not only the latest
 * (the callbacks of `mutate` would skip all but the last of several quick taps).
 */
export function useUpdateEmailPreferences({ onSaved, onFailed }: { onSaved?: () => void; onFailed?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: EMAIL_PREFERENCES_MUTATION_KEY,
    scope: { id: EMAIL_PREFERENCES_MUTATION_KEY.join("/") },
    mutationFn: (patch: EmailPreferencesUpdate): Promise<EmailPreferencesDTO> =>
      call(api.accounts.me["email-preferences"].$patch({ json: patch })),
    onSuccess: (saved) => {
      queryClient.setQueryData(EMAIL_PREFERENCES_QUERY_KEY, saved);
      onSaved?.();
    },
    onError: async (error) => {
      onFailed?.(error);
      // The answer may have been lost after the server saved: read the truth again.
      await queryClient.invalidateQueries({ queryKey: EMAIL_PREFERENCES_QUERY_KEY });
    },
  });
}

/**
 * The email settings, and the switches as the person sees them: the server's values with the
 * saves still on their way laid over them (in order). A failed save drops out of the list, so its
 * switch shows the server's value again without any undo step.
 *
 * Both come from one hook so that one component reads both: a success writes the answer to the
 * cache before the save leaves the list, and a component reading the two together never sees the
 * save gone but the answer not yet there (a component fed the query through props did, for a frame).
 */
export function useShownEmailPreferences() {
  const query = useEmailPreferences();
  const pending = useMutationState({
    filters: { mutationKey: EMAIL_PREFERENCES_MUTATION_KEY, status: "pending" },
    select: (mutation) => mutation.state.variables as EmailPreferencesUpdate,
  });
  const shown = query.data
    ? pending.reduce<EmailPreferences>((switches, patch) => ({ ...switches, ...definedOnly(patch) }), query.data.preferences)
    : undefined;
  return { query, shown };
}

function definedOnly(patch: EmailPreferencesUpdate): Partial<EmailPreferences> {
  return Object.fromEntries(Object.entries(patch).filter(([, on]) => typeof on === "boolean"));
}

/** "Email me this week's now": the digest (parents) or summary (teachers) of the week so far. */
export function useSendWeeklyEmail() {
  return useMutation({
    mutationFn: (): Promise<WeeklyPreviewResult> => call(api.accounts.me["weekly-email"].$post()),
  });
}
