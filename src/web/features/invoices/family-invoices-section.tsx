import { FileText } from "lucide-react";
import { useState } from "react";
import type { InvoiceSummaryDTO } from "../../../shared/invoices/invoices.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Select } from "../../components/ui/choice";
import { errorMessage } from "../../lib/api";
import { viewerTimeZone } from "../../lib/time-zone";
import { FamilyBalancesSection } from "./family-balance-section";
import { todayIn } from "./invoice-dates";
import { InvoiceList, MoneyTile } from "./invoice-list";
import { statementPdfHref, useFamilyInvoices } from "./use-invoices";

/** Each teacher who ever invoiced the family, once (a statement is per teacher). */
function teachersOf(invoices: InvoiceSummaryDTO[]) {
  const seen = new Map<string, string>();
  for (const invoice of invoices) if (!seen.has(invoice.teacherId)) seen.set(invoice.teacherId, invoice.teacherName);
  return [...seen].map(([teacherId, name]) => ({ teacherId, name }));
}

/**
 * /billing's Invoices (issue 28): every invoice the family's teachers sent (never drafts), what is
 * owed, each PDF, and a year's statement per teacher.
 */
export function FamilyInvoicesSection() {
  const invoices = useFamilyInvoices();
  const thisYear = Number(todayIn(viewerTimeZone()).slice(0, 4));
  const [year, setYear] = useState(thisYear);
  return (
    <div className="space-y-8">
      <section aria-labelledby="family-invoices-heading" className="space-y-4">
        <h2 id="family-invoices-heading" className="text-xl font-semibold text-slate-900">
          Invoices
        </h2>
        <p className="max-w-prose text-sm text-slate-600">Invoices your teachers sent you. You pay your teacher directly; the teacher records what they received.</p>
        {invoices.isPending ? (
          <p role="status" className="text-slate-600">
            Loading invoices...
          </p>
        ) : invoices.isError ? (
          <Alert>
            <p>{errorMessage(invoices.error, "Failed to load invoices")}</p>
            <Button variant="link" className="mt-1" onClick={() => void invoices.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : invoices.data.invoices.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 px-6 py-8 text-center text-slate-700">No invoices yet.</p>
        ) : (
          <>
            <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
              <MoneyTile label="Amount owed" cents={invoices.data.outstandingCents} testId="family-owed-total" />
              <MoneyTile label="Of it overdue" cents={invoices.data.overdueCents} tone="alert" />
              {invoices.data.creditCents > 0 ? <MoneyTile label="Credit on account (pays your next invoice)" cents={invoices.data.creditCents} testId="family-credit-total" /> : null}
            </div>
            <InvoiceList invoices={invoices.data.invoices} side="family" caption="Your invoices" />
            <div className="rounded-2xl border border-slate-200 bg-white p-5">
              <h3 className="font-semibold text-slate-900">Year statements</h3>
              <p className="mt-1 text-sm text-slate-600">Every invoice, payment and the balance of a year with one teacher, as a PDF.</p>
              <div className="mt-3">
                <label htmlFor="statement-year-pick" className="block text-sm font-medium text-slate-700">
                  Year
                </label>
                <Select id="statement-year-pick" fullWidth={false} className="mt-1 w-32" value={year} onChange={(e) => setYear(Number(e.target.value))}>
                  {[thisYear, thisYear - 1, thisYear - 2].map((y) => (
                    <option key={y} value={y}>
                      {y}
                    </option>
                  ))}
                </Select>
              </div>
              <ul className="mt-3 space-y-2">
                {teachersOf(invoices.data.invoices).map((teacher) => (
                  <li key={teacher.teacherId}>
                    <a href={statementPdfHref(teacher.teacherId, year)} download className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
                      <FileText aria-hidden className="size-4" />
                      {teacher.name}: Year statement {year} (PDF)
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </>
        )}
      </section>
      <FamilyBalancesSection />
    </div>
  );
}
