import type { InvoicePreviewQuery } from "../../../shared/invoices/invoices.schemas";
import { formatMoney } from "../../../shared/invoices/money.rules";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api";
import { PreviewLines } from "./invoice-lines-preview";
import type { useInvoicePreview } from "./use-invoices";

/** The new invoice's lessons as the server would bill them, once a family and the dates are chosen. */
export function LessonsPreview({ query, preview }: { query: InvoicePreviewQuery | null; preview: ReturnType<typeof useInvoicePreview> }) {
  return (
    <section aria-labelledby="preview-heading" className="space-y-2">
      <h2 id="preview-heading" className="text-base font-semibold text-slate-900">
        Lessons on this invoice
      </h2>
      {!query ? (
        <p className="text-sm text-slate-600">Choose a family and the dates to see the lessons.</p>
      ) : preview.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading lessons...
        </p>
      ) : preview.isError ? (
        <Alert>{errorMessage(preview.error, "Failed to load the lessons")}</Alert>
      ) : preview.data.lines.length === 0 ? (
        <p className="text-sm text-slate-600">No attended lessons or charged late cancellations in these dates that are not already on an invoice.</p>
      ) : (
        <PreviewLines lines={preview.data.lines} />
      )}
    </section>
  );
}

/** The running total beside the form, and Create draft. */
export function InvoiceTotals({ lessonsCents, totalCents, error, pending }: { lessonsCents: number; totalCents: number; error: unknown; pending: boolean }) {
  return (
    <aside className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 lg:sticky lg:top-20">
      <dl className="space-y-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Lessons</dt>
          <dd className="text-slate-900">{formatMoney(lessonsCents)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Extra lines</dt>
          <dd className="text-slate-900">{formatMoney(totalCents - lessonsCents)}</dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-base">
          <dt className="font-semibold text-slate-900">Total</dt>
          <dd data-testid="new-invoice-total" className="font-bold text-slate-900">
            {formatMoney(totalCents)}
          </dd>
        </div>
      </dl>
      <p className="text-xs text-slate-600">A draft is not sent: you can check and change it before sending it to the family.</p>
      {error ? <Alert>{errorMessage(error, "Failed to create the invoice")}</Alert> : null}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating..." : "Create draft"}
      </Button>
    </aside>
  );
}
