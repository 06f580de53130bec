import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

/** The landing page's content width and side padding, shared by every section. */
export function SectionContainer({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8", className)}>{children}</div>;
}
