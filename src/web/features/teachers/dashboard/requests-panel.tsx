import { Inbox } from "lucide-react";
import type { ReactNode } from "react";

/** The dashboard's Requests panel: the pending count, and the list (with Accept and Decline) as `children`. */
export function RequestsPanel({ pendingCount, children }: { pendingCount: number; children: ReactNode }) {
  return (
    <section aria-labelledby="requests-heading" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id="requests-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Inbox aria-hidden className="size-5 text-brand-700" />
          Requests
        </h2>
        <span
          className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-100"
          aria-label={`${pendingCount} pending`}
        >
          {pendingCount} pending
        </span>
      </div>
      <div className="mt-4">
        {children}
      </div>
    </section>
  );
}
