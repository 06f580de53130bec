import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { Suspense } from "react";
import { lazyPart } from "../../lib/lazy-parts";

/**
 * Issue 41: the page of an account the desk suspended while it was open. The live stream's
 * `signed_out` event brings the explanation (the desk's reason and the support address, the text
 * a refused sign-in reads); it is kept here, outside the signed-in data the page forgets, and shown
 * until the person closes it, instead of a bare Sign In that says why only on trying. The dialog's
 * code loads only then: no first paint needs it (the JS budget).
 */
export const ACCOUNT_SUSPENDED_KEY = ["account-suspended"] as const;

const AccountSuspendedDialog = lazyPart(() => import("./account-suspended-dialog").then((m) => m.AccountSuspendedDialog));

export function rememberSuspension(queryClient: QueryClient, message: string): void {
  queryClient.setQueryData(ACCOUNT_SUSPENDED_KEY, message);
}

/** The explanation when this tab's account was suspended while open; null otherwise. */
export function useSuspensionNotice(): string | null {
  // Written only by the live stream: nothing to fetch.
  const notice = useQuery<string | null>({ queryKey: ACCOUNT_SUSPENDED_KEY, queryFn: () => null, enabled: false, staleTime: Infinity });
  return notice.data ?? null;
}

export function AccountSuspendedNotice() {
  const queryClient = useQueryClient();
  const message = useSuspensionNotice();
  if (message === null) return null;
  return (
    <Suspense fallback={null}>
      <AccountSuspendedDialog message={message} onClose={() => queryClient.setQueryData(ACCOUNT_SUSPENDED_KEY, null)} />
    </Suspense>
  );
}
