import type { ReactNode } from "react";
import * as LabelPrimitive from "@radix-ui/react-label";

/**
 * A labelled form field with its error message right beside it (announced to screen readers).
 * `required` marks the label "(required)", in the label so a screen reader says it too.
 */
export function Field({
  id,
  label,
  error,
  hint,
  required,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <LabelPrimitive.Root htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required ? <span className="font-normal text-slate-600"> (required)</span> : null}
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
