import { forwardRef, type InputHTMLAttributes } from "react";
import { cn } from "../../lib/cn";

const fieldSizes = { sm: "h-8", md: "h-10", lg: "h-12" } as const;
const textSizes = { sm: "text-sm", base: "text-base", lg: "text-lg" } as const;
const tones = {
  default: "bg-white text-slate-900",
  /** A read-only value shown for reference (e.g. an email that cannot be changed). */
  muted: "bg-slate-50 text-slate-600",
} as const;
const paddings = { normal: "px-3", tight: "px-2" } as const;

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Height: sm 32 px, md 40 px (default), lg 48 px. */
  fieldSize?: keyof typeof fieldSizes;
  textSize?: keyof typeof textSizes;
  tone?: keyof typeof tones;
  /** Side padding; `tight` leaves room for a time picker's value in a narrow column. */
  padding?: keyof typeof paddings;
  /** `false` drops `w-full` so `className` can give the width (e.g. `w-24`). */
  fullWidth?: boolean;
}

/**
 * A text field. `cn` does not resolve conflicting classes (see lib/cn.ts), so `className` only adds
 * what the field does not set itself (margin, `pl-*` for an icon, order...); its height, text size,
 * colours, padding and width are options.
 */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { className, fieldSize = "md", textSize = "sm", tone = "default", padding = "normal", fullWidth = true, ...props },
  ref,
) {
  return (
    <input
      ref={ref}
      className={cn(
        "rounded-lg border border-slate-300 placeholder:text-slate-500",
        "focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 aria-invalid:border-red-500",
        fieldSizes[fieldSize],
        textSizes[textSize],
        tones[tone],
        paddings[padding],
        fullWidth && "w-full",
        className,
      )}
      {...props}
    />
  );
});
