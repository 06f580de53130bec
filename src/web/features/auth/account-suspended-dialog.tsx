import { Button } from "../../components/ui/button";
import { DialogWhenOpen } from "../../components/ui/dialog";

/** Why the account was suspended and whom to write to (account-suspended-notice.tsx), until closed. */
export function AccountSuspendedDialog({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <DialogWhenOpen open onOpenChange={(open) => !open && onClose()} title="Your account is suspended">
      <p className="text-slate-800" data-testid="account-suspended-message">
        {message}
      </p>
      <p className="mt-2 text-sm text-slate-600">You were signed out on this device and every other one.</p>
      <div className="mt-6 flex justify-end">
        <Button onClick={onClose}>OK</Button>
      </div>
    </DialogWhenOpen>
  );
}
