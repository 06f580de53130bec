import { Dialog, DialogContent } from "../../components/ui/dialog";
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent title="Create a Parent Account" description="Find a great teacher for your child." width="xl">
          <ParentSignUpFlow onFinished={() => onOpenChange(false)} onNeedsConfirmation={onUnconfirmedEmail} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
