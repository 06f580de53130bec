import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useRef, type ReactNode } from "react";
import { cn } from "../../lib/cn";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** A dialog's fields, in the order a person fills them. */
const FIELDS = "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [role=radio]:not([disabled]), [role=combobox]";

/**
 * Focus in and out of a dialog. Opening: its first field, or else its first action, never the X in
 * the corner (Radix's default, the first focusable element): a space typed into Add Event would
 * otherwise close it. Closing: back to the control that had focus when it opened. Radix returns it
 * only to a Dialog.Trigger, and most of our dialogs are opened by a plain button.
 */
function useDialogFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      const content = event.currentTarget;
      if (!(content instanceof HTMLElement)) return;
      const target =
        content.querySelector<HTMLElement>(FIELDS) ??
        [...content.querySelectorAll<HTMLElement>("button:not([disabled]), a[href]")].find((el) => !el.hasAttribute("data-dialog-close"));
      if (!target) return;
      event.preventDefault();
      target.focus();
    },
    onCloseAutoFocus(event: Event) {
      const element = opener.current;
      if (!element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}

/** The dialog's largest width; written out in full so Tailwind's scanner sees each class. */
const widths = { md: "max-w-md", lg: "max-w-lg", xl: "max-w-xl", "2xl": "max-w-2xl", "3xl": "max-w-3xl" } as const;

/**
 * Accessible modal (focus trap, Escape, labelled by its title) from Radix. `cn` does not resolve
 * conflicting classes (see lib/cn.ts): set the width with `width`, not a `max-w-*` in `className`.
 */
export function DialogContent({
  title,
  description,
  children,
  width = "md",
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  width?: keyof typeof widths;
  className?: string;
}) {
  const focus = useDialogFocus();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
      <DialogPrimitive.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl",
          widths[width],
          className,
        )}
        {...(description ? {} : { "aria-describedby": undefined })}
        {...focus}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <DialogPrimitive.Title className="text-xl font-semibold text-slate-900">{title}</DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">{description}</DialogPrimitive.Description>
            ) : null}
          </div>
          <CloseButton />
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * A controlled dialog whose content mounts only while it is open: every opening starts from a
 * fresh form (no values or errors left from the last time), and a closed dialog costs nothing.
 */
export function DialogWhenOpen({
  open,
  onOpenChange,
  children,
  ...content
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  width?: keyof typeof widths;
  className?: string;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {open ? <DialogContent {...content}>{children}</DialogContent> : null}
    </DialogPrimitive.Root>
  );
}

/**
 * A side drawer: the same dialog (focus trap, Escape, labelled by its title) docked to the right
 * edge at full height, the whole width on a phone. Its body lays out as a column to fill.
 */
export function SheetContent({ title, children, className }: { title: ReactNode; children: ReactNode; className?: string }) {
  const focus = useDialogFocus();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
      <DialogPrimitive.Content
        aria-describedby={undefined}
        {...focus}
        className={cn("fixed inset-y-0 right-0 z-50 flex h-dvh w-full max-w-md flex-col bg-white shadow-xl", className)}
      >
        <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-3">
          <DialogPrimitive.Title className="min-w-0 truncate text-lg font-semibold text-slate-900">{title}</DialogPrimitive.Title>
          <CloseButton />
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

function CloseButton() {
  return (
    <DialogPrimitive.Close data-dialog-close className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800" aria-label="Close">
      <X aria-hidden className="size-5" />
    </DialogPrimitive.Close>
  );
}
