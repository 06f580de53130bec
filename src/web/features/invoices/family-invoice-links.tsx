import { FilePlus2, ReceiptText } from "lucide-react";
import { Link } from "react-router";
import { formatMoney } from "../../../shared/invoices/money.rules";
import { countOf } from "../../lib/plural";
import { useInvoiceFamilies } from "./use-invoices";

/**
 * My Students' families: for each, its invoices and a new invoice, with what is not yet invoiced.
 * The student cards do not carry the family's id; the invoicing families list does.
 */
export function FamilyInvoiceLinks() {
  const families = useInvoiceFamilies();
  if (!families.data || families.data.length === 0) return null;
  return (
    <section aria-labelledby="family-billing-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="family-billing-heading" className="text-lg font-semibold text-slate-900">
        Families and invoices
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {families.data.map((family) => (
          <li key={family.parentId} data-testid="family-invoices" className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900">{family.familyName}</p>
              <p className="text-slate-600">
                {family.uninvoicedCount > 0
                  ? `${countOf(family.uninvoicedCount, "lesson", "lessons")} not yet invoiced (${formatMoney(family.uninvoicedCents)})`
                  : "Everything taught is invoiced"}
              </p>
            </div>
            <div className="flex flex-wrap gap-4">
              <Link to={`/teacher/invoices?parentId=${family.parentId}`} className="inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline">
                <ReceiptText aria-hidden className="size-4" />
                Invoices<span className="sr-only"> of {family.familyName}</span>
              </Link>
              <Link to={`/teacher/invoices/new?parentId=${family.parentId}`} className="inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline">
                <FilePlus2 aria-hidden className="size-4" />
                New invoice<span className="sr-only"> for {family.familyName}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
