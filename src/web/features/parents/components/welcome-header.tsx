import { Mail } from "lucide-react";
import type { ParentDashboard } from "../../../../shared/parents/parents.schemas";

/** "Welcome, {first name}!" with the signed-in email and the relationship label (spec section 2). */
export function WelcomeHeader({ dashboard }: { dashboard: Pick<ParentDashboard, "firstName" | "email" | "relationshipLabel"> }) {
  return (
    <header>
      <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">Welcome, {dashboard.firstName}!</h1>
      <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-slate-600">
        <span className="inline-flex min-w-0 items-center gap-1.5">
          <Mail aria-hidden className="size-4 shrink-0" />
          <span className="break-all">{dashboard.email}</span>
        </span>
        <span className="inline-flex items-center rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-100">
          {dashboard.relationshipLabel}
        </span>
      </p>
    </header>
  );
}
