import type { ReactNode } from "react";
import { Alert } from "../../components/ui/alert";
import { FormActions } from "../../components/ui/form-actions";
import { DialogWhenOpen } from "../../components/ui/dialog";
import { errorMessage } from "../../lib/api";

/** The second step of a destructive action: says what happens, then Cancel or the action. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  error,
  onConfirm,
  tone = "danger",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  tone?: "danger" | "primary";
}) {
  return (
    <DialogWhenOpen open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {error ? <Alert className="mb-4">{errorMessage(error, "Something went wrong. Please try again.")}</Alert> : null}
      <FormActions variant={tone} submit={confirmLabel} pending={pending} pendingLabel={pendingLabel} onConfirm={onConfirm} />
    </DialogWhenOpen>
  );
}
