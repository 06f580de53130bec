import { useQueryClient } from "@tanstack/react-query";
import { Button } from "../../components/ui/button";
import { DialogWhenOpen } from "../../components/ui/dialog";
import { ACCOUNT_SUSPENDED_KEY } from "./account-suspended-notice";

/** Why the account was suspended and whom to write to (account-suspended-notice.tsx), until closed. */
export function AccountSuspendedDialog({ message }: { message: string }) {
  const queryClient = useQueryClient();
  const close = () => queryClient.setQueryData(ACCOUNT_SUSPENDED_KEY, null);
  return (
    <DialogWhenOpen open onOpenChange={(open) => !open && close()} title="Your account is suspended">
      <p className="text-slate-800" data-testid="account-suspended-message">
        {message}
      </p>
      <p className="mt-2 text-sm text-slate-600">You were signed out on this device and every other one.</p>
      <div className="mt-6 flex justify-end">
        <Button onClick={close}>OK</Button>
      </div>
    </DialogWhenOpen>
  );
}
