import type { InvoicePreviewLineDTO } from "../../../shared/invoices/invoices.schemas";
import { formatMoney } from "../../../shared/invoices/money.rules";

/** "Estimated": the lesson's price was set at migration from the teacher's range (issue 28), not agreed. */
export function EstimatedTag() {
  return (
    <span className="ml-2 inline-flex rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200" title="Price estimated from the teacher's listed range">
      Estimated
    </span>
  );
}

/** The lesson lines a new invoice would hold: what each is for, its attendance or rule, its amount. */
export function PreviewLines({ lines }: { lines: InvoicePreviewLineDTO[] }) {
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-label="Lesson lines">
      {lines.map((line) => (
        <li key={`${line.kind}-${line.bookingId}`} data-testid="preview-line" className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm">
          <div className="min-w-0 flex-1 basis-64">
            <p className="font-medium break-words text-slate-900">{line.description}</p>
            <p className="text-slate-600">{line.detail}</p>
          </div>
          <p className="font-medium whitespace-nowrap text-slate-900">
            {formatMoney(line.amountCents)}
            {line.estimated ? <EstimatedTag /> : null}
          </p>
        </li>
      ))}
    </ul>
  );
}
