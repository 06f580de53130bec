import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { Button } from "../../components/ui/button";
import { DialogWhenOpen } from "../../components/ui/dialog";

/**
 * Issue 41: the page of an account the desk suspended while it was open. The live stream's
 * `signed_out` event brings the explanation (the desk's reason and the support address, the text
 * a refused sign-in reads); it is kept here, outside the signed-in data the page forgets, and shown
 * until the person closes it, instead of a bare Sign In that says why only on trying.
 */
export const ACCOUNT_SUSPENDED_KEY = ["account-suspended"] as const;

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
  return (
    <DialogWhenOpen
      open={message !== null}
      onOpenChange={(open) => !open && queryClient.setQueryData(ACCOUNT_SUSPENDED_KEY, null)}
      title="Your account is suspended"
    >
      <p className="text-slate-800" data-testid="account-suspended-message">
        {message}
      </p>
      <p className="mt-2 text-sm text-slate-600">You were signed out on this device and every other one.</p>
      <div className="mt-6 flex justify-end">
        <Button onClick={() => queryClient.setQueryData(ACCOUNT_SUSPENDED_KEY, null)}>OK</Button>
      </div>
    </DialogWhenOpen>
  );
}
