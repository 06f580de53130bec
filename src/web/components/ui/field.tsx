import type { ReactNode } from "react";
import * as LabelPrimitive from "@radix-ui/react-label";

/** A labelled form field with its error message right beside it (announced to screen readers). */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <LabelPrimitive.Root htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </LabelPrimitive.Root>
      {children}
      {hint && !error ? <p className="text-xs text-slate-600">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
