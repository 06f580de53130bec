import { Download } from "lucide-react";
import { InvoiceFact } from "./invoice-fact";
import { Link } from "react-router";
import { teacherLeftOwedText, type InvoiceSummaryDTO } from "../../../shared/invoices/invoices.schemas";
import { formatMoney } from "../../../shared/invoices/money.rules";
import { dueText, issuedText } from "./invoice-dates";
import { InvoiceStateBadge } from "./invoice-state-badge";
import { invoicePdfHref } from "./use-invoices";

/**
 * Invoices as a table from 640 px, and as one card per invoice on a phone (eight columns do not fit
 * 390 px). `side` picks who the other party is: the family for the teacher, the teacher for a family.
 */
export function InvoiceList({ invoices, side, caption }: { invoices: InvoiceSummaryDTO[]; side: "teacher" | "family"; caption: string }) {
  const href = (invoice: InvoiceSummaryDTO) => (side === "teacher" ? `/teacher/invoices/${invoice.id}` : `/billing/invoices/${invoice.id}`);
  // Issue 45: a share invoice names its guardian and share to the teacher, and is "your share" to the guardian.
  const party = (invoice: InvoiceSummaryDTO) =>
    side === "teacher"
      ? invoice.shareNote
        ? `${invoice.familyName} · ${invoice.guardianName} (${invoice.shareNote})`
        : invoice.familyName
      : invoice.shareNote
        ? `${invoice.teacherName} · Your share (${invoice.shareNote})`
        : invoice.teacherName;
  const partyLabel = side === "teacher" ? "Family" : "Teacher";
  return (
    <>
      <ul className="space-y-3 sm:hidden" aria-label={caption}>
        {invoices.map((invoice) => (
          <li key={invoice.id} data-testid="invoice-row" className="rounded-2xl border border-slate-200 bg-white p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Link to={href(invoice)} className="font-semibold text-brand-700 hover:underline">
                  {invoice.number}
                </Link>
                <p className="text-sm break-words text-slate-700">{party(invoice)}</p>
                {side === "family" ? <TeacherLeftOwed invoice={invoice} /> : null}
              </div>
              <InvoiceStateBadge state={invoice.state} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <InvoiceFact label="Issued">{issuedText(invoice)}</InvoiceFact>
              <InvoiceFact label="Due">{dueText(invoice)}</InvoiceFact>
              <InvoiceFact label="Total">{formatMoney(invoice.totalCents)}</InvoiceFact>
              <InvoiceFact label="Balance" strong>{formatMoney(invoice.balanceCents)}</InvoiceFact>
            </dl>
            {side === "family" ? <PdfLink invoice={invoice} className="mt-3" /> : null}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white sm:block">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Number
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {partyLabel}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Issued
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Due
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                State
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Total
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Balance
              </th>
              {side === "family" ? (
                <th scope="col" className="px-4 py-3 font-semibold">
                  <span className="sr-only">PDF</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {invoices.map((invoice) => (
              <tr key={invoice.id} data-testid="invoice-row">
                <th scope="row" className="px-4 py-3 font-medium whitespace-nowrap">
                  <Link to={href(invoice)} className="text-brand-700 hover:underline">
                    {invoice.number}
                  </Link>
                </th>
                <td className="px-4 py-3 text-slate-900">
                  {party(invoice)}
                  {side === "family" ? <TeacherLeftOwed invoice={invoice} /> : null}
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">{issuedText(invoice)}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">{dueText(invoice)}</td>
                <td className="px-4 py-3">
                  <InvoiceStateBadge state={invoice.state} />
                </td>
                <td className="px-4 py-3 text-right whitespace-nowrap text-slate-900">{formatMoney(invoice.totalCents)}</td>
                <td className="px-4 py-3 text-right font-semibold whitespace-nowrap text-slate-900">{formatMoney(invoice.balanceCents)}</td>
                {side === "family" ? (
                  <td className="px-4 py-3 whitespace-nowrap">
                    <PdfLink invoice={invoice} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** A balance still owed to a teacher who deleted their account: shown as such (issue 41). */
function TeacherLeftOwed({ invoice }: { invoice: InvoiceSummaryDTO }) {
  if (!invoice.teacherLeft || invoice.balanceCents <= 0 || invoice.state === "void") return null;
  return (
    <p className="text-sm break-words whitespace-pre-line text-amber-800" data-testid="teacher-left-owed">
      {teacherLeftOwedText(invoice.teacherLeftContact)}
    </p>
  );
}

function PdfLink({ invoice, className }: { invoice: InvoiceSummaryDTO; className?: string }) {
  return (
    <a href={invoicePdfHref(invoice.id)} download className={`inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline ${className ?? ""}`}>
      <Download aria-hidden className="size-4" />
      Download PDF<span className="sr-only"> of invoice {invoice.number}</span>
    </a>
  );
}

/** A total as a tile: what is owed, and of it what is overdue. */
export function MoneyTile({ label, cents, tone = "default", testId }: { label: string; cents: number; tone?: "default" | "alert"; testId?: string }) {
  return (
    <div className={`rounded-2xl border p-4 ${tone === "alert" && cents > 0 ? "border-red-200 bg-red-50" : "border-slate-200 bg-white"}`}>
      <p className="text-sm text-slate-600">{label}</p>
      <p data-testid={testId} className="mt-1 text-xl font-bold text-slate-900">
        {formatMoney(cents)}
      </p>
    </div>
  );
}
