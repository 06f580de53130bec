import type { ReactNode } from "react";

/** One labelled figure of an invoice (Issued, Due, Total …) inside its <dl>. */
export function InvoiceFact({ label, children, strong = false, className }: { label: string; children: ReactNode; strong?: boolean; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-slate-600">{label}</dt>
      <dd className={strong ? "font-semibold text-slate-900" : "text-slate-900"}>{children}</dd>
    </div>
  );
}
