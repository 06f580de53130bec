import { Loader2 } from "lucide-react";

/** Full-area loading state; the spec's guard text is "Loading...". */
export function Spinner({ label = "Loading..." }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-slate-600">
      <Loader2 aria-hidden className="size-8 animate-spin text-brand-600" />
      <p>{label}</p>
    </div>
  );
}
