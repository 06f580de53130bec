import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cn } from "../../lib/cn";

/*
 * `cn` joins classes without resolving conflicts (see lib/cn.ts), so a caller's `className` must
 * only add classes the button does not set itself (margin, width, flex item placement...). Colour,
 * height, padding and alignment are chosen with `variant`, `size` and `align` instead.
 */
const variants = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/50",
  secondary: "bg-white text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50 disabled:text-slate-400",
  /** A secondary button for a destructive action (Delete, Disenroll): red text, no red fill. */
  secondaryDanger: "bg-white text-red-700 ring-1 ring-slate-300 hover:bg-slate-50 disabled:text-slate-400",
  ghost: "text-slate-700 hover:bg-slate-100 disabled:text-slate-400",
  /** A ghost button for a destructive action, e.g. a trash icon in a list row. */
  ghostDanger: "text-red-700 hover:bg-red-50 disabled:text-slate-400",
  danger: "bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/50",
  link: "text-brand-700 underline-offset-4 hover:underline px-0 py-0 h-auto",
} as const;

/** `box` is the height and side padding, which a link (text only) goes without. */
const sizes = {
  sm: { box: "h-8 px-3", text: "text-sm" },
  /** sm's height with narrower padding, for an icon or a short word in a crowded row. */
  compact: { box: "h-8 px-2", text: "text-sm" },
  md: { box: "h-10 px-4", text: "text-sm" },
  /** md at 44 px, to line up with a one-line textarea (min-h-11) beside it. */
  tall: { box: "h-11 px-4", text: "text-sm" },
  lg: { box: "h-12 px-6", text: "text-base" },
} as const;

/** How the label and icon sit in a button wider than its content (e.g. `w-full`). */
const aligns = {
  center: "justify-center",
  start: "justify-start",
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;
export type ButtonAlign = keyof typeof aligns;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  align?: ButtonAlign;
}

function classes(base: string, variant: ButtonVariant, size: ButtonSize, align: ButtonAlign, className: string | undefined) {
  const { box, text } = sizes[size];
  return cn(base, aligns[align], variant === "link" ? text : [box, text], variants[variant], className);
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", align = "center", className, type = "button", ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={classes(
        "inline-flex items-center gap-2 rounded-lg font-medium transition-colors disabled:cursor-not-allowed",
        variant,
        size,
        align,
        className,
      )}
      {...props}
    />
  );
});

/** Same look as Button for links (react-router's Link or <a>). */
export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", className?: string, align: ButtonAlign = "center") {
  return classes("inline-flex items-center gap-2 rounded-lg font-medium transition-colors", variant, size, align, className);
}
