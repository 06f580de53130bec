import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Dialog, DialogClose, DialogContent } from "../../components/ui/dialog";
import { errorMessage } from "../../lib/api";
import { useDeleteAccount } from "./use-accounts";

export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const remove = useDeleteAccount({ onDeleted: () => onOpenChange(false) });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Delete Account"
        description="This permanently deletes your profile, your students and your availability. Classes you took part in keep their history under “Deleted user”. This cannot be undone."
      >
        {remove.isError ? (
          <Alert className="mb-4">
            {errorMessage(remove.error, "Failed to delete account. Please try again or contact support.")}
          </Alert>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending ? "Deleting..." : "Delete my account"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
