import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

export function Chip({ children, tone = "brand" }: { children: ReactNode; tone?: "brand" | "slate" | "amber" }) {
  const tones = {
    brand: "bg-brand-50 text-brand-800 ring-brand-100",
    slate: "bg-slate-100 text-slate-700 ring-slate-200",
    amber: "bg-amber-50 text-amber-800 ring-amber-200",
  } as const;
  return <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1", tones[tone])}>{children}</span>;
}

/** Initials in a coloured circle, in place of a photo (students have none). */
export function StudentAvatar({ firstName, lastName, size = "md" }: { firstName: string; lastName: string; size?: "md" | "lg" }) {
  const initials = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
  return (
    <span
      aria-hidden
      className={cn(
        "flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800",
        size === "lg" ? "size-16 text-xl" : "size-12 text-base",
      )}
    >
      {initials}
    </span>
  );
}
