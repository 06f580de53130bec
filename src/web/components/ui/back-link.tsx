import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "../../lib/cn";

/** The way back at the top of a page ("Back to Dashboard", "All invoices"): a link with an arrow. */
export function BackLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  return (
    <Link to={to} className={cn("inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline", className)}>
      <ArrowLeft aria-hidden className="size-4" />
      {children}
    </Link>
  );
}
