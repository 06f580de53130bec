import { INVOICE_STATE_LABELS } from "../../../shared/invoices/invoice-state.rules";
import type { InvoiceState } from "../../../shared/invoices/invoices.constants";
import { cn } from "../../lib/cn";

// Colours carry meaning only beside the word itself (overdue is also written "Overdue").
const TONES: Record<InvoiceState, string> = {
  draft: "bg-slate-100 text-slate-700 ring-slate-300",
  sent: "bg-sky-50 text-sky-800 ring-sky-200",
  partly_paid: "bg-amber-50 text-amber-800 ring-amber-200",
  paid: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  overdue: "bg-red-50 text-red-800 ring-red-200",
  void: "bg-slate-100 text-slate-600 ring-slate-200 line-through",
};

export function InvoiceStateBadge({ state }: { state: InvoiceState }) {
  return (
    <span data-testid="invoice-state" className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1", TONES[state])}>
      {INVOICE_STATE_LABELS[state]}
    </span>
  );
}
