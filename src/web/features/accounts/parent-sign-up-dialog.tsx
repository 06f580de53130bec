import { DialogWhenOpen } from "../../components/ui/dialog";
import { ParentSignUpFlow } from "./parent-sign-up-flow";

export function ParentSignUpDialog({
  open,
  onOpenChange,
  onUnconfirmedEmail,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUnconfirmedEmail: (email: string) => void;
}) {
  return (
    <DialogWhenOpen open={open} onOpenChange={onOpenChange} title="Create a Parent Account" description="Find a great teacher for your child." width="xl">
      <ParentSignUpFlow onFinished={() => onOpenChange(false)} onNeedsConfirmation={onUnconfirmedEmail} />
    </DialogWhenOpen>
  );
}
