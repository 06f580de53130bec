import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import { cn } from "../../lib/cn";

/** A checkbox or radio with its label, large enough to tap. */
export const Choice = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { label: ReactNode }>(
  function Choice({ label, className, type = "checkbox", ...props }, ref) {
    return (
      <label className={cn("flex min-h-10 cursor-pointer items-center gap-2.5 rounded-lg px-1 text-sm text-slate-800", className)}>
        <input ref={ref} type={type} className="size-4 shrink-0 accent-brand-600" {...props} />
        <span>{label}</span>
      </label>
    );
  },
);

/**
 * A native select. `cn` does not resolve conflicting classes (see lib/cn.ts): `fullWidth={false}`
 * drops `w-full` so `className` can give the width.
 */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & { fullWidth?: boolean }>(function Select(
  { className, fullWidth = true, ...props },
  ref,
) {
  return (
    <select
      ref={ref}
      className={cn(
        "h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 aria-invalid:border-red-500",
        fullWidth && "w-full",
        className,
      )}
      {...props}
    />
  );
});
