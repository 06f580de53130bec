import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { Button, type ButtonVariant } from "./button";
import { DialogClose } from "./dialog";

/**
 * A form's closing row: the way out, then the action. On a phone they stack with the action on
 * top (under the thumb); from `sm` up they sit right-aligned, the action last.
 */
export function ActionsRow({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}>{children}</div>;
}

/**
 * The way out of a form: in a dialog it closes the dialog (Radix's Close), inline it calls
 * `onCancel` and waits while the form is saving (leaving then would hide the answer).
 */
export function CancelButton({ label = "Cancel", onCancel, pending = false }: { label?: string; onCancel?: () => void; pending?: boolean }) {
  if (!onCancel) {
    return (
      <DialogClose asChild>
        <Button variant="secondary">{label}</Button>
      </DialogClose>
    );
  }
  return (
    <Button variant="secondary" onClick={onCancel} disabled={pending}>
      {label}
    </Button>
  );
}

/**
 * Cancel and submit, the shape of every form's last row. The submit button says `pendingLabel`
 * ("Saving...") while `pending` and is disabled then, or when `disabled` (e.g. a required field
 * still empty). `onConfirm` makes it a plain button for a confirmation without a form.
 */
export function FormActions({
  submit,
  pending,
  pendingLabel = submit,
  disabled = false,
  variant = "primary",
  cancel,
  onCancel,
  onConfirm,
  className,
}: {
  submit: ReactNode;
  pending: boolean;
  pendingLabel?: ReactNode;
  disabled?: boolean;
  variant?: ButtonVariant;
  cancel?: string;
  onCancel?: () => void;
  onConfirm?: () => void;
  className?: string;
}) {
  return (
    <ActionsRow className={className}>
      <CancelButton label={cancel} onCancel={onCancel} pending={pending} />
      <Button type={onConfirm ? "button" : "submit"} variant={variant} disabled={pending || disabled} onClick={onConfirm}>
        {pending ? pendingLabel : submit}
      </Button>
    </ActionsRow>
  );
}
