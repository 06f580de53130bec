import { Download } from "lucide-react";
import { Link } from "react-router";
import { INVOICE_STATE_LABELS } from "../../../shared/invoices/invoice-state.rules";
import { InvoiceFact } from "./invoice-fact";
import type { ReactNode } from "react";
import type { InvoiceDTO, InvoiceLineDTO } from "../../../shared/invoices/invoices.schemas";
import { asSentence, dayIn } from "../../../shared/invoices/invoice-format.rules";
import { PAYMENT_METHOD_LABELS, teacherLeftOwedText } from "../../../shared/invoices/invoices.schemas";
import { formatMoney } from "../../../shared/invoices/money.rules";
import { buttonClasses } from "../../components/ui/button";
import { viewerTimeZone } from "../../lib/time-zone";
import { dueText, formatDay, issuedText, periodLabel } from "./invoice-dates";
import { EstimatedTag } from "./invoice-lines-preview";
import { InvoiceStateBadge } from "./invoice-state-badge";
import { invoicePdfHref } from "./use-invoices";

/**
 * One invoice as both sides read it: who it is from and to, its lines with what each is for, the
 * total (the sum of the lines, as the server keeps it), payments and the balance. `lineAction`
 * adds a control to a line (the teacher removes a lesson from a draft); `actions` sit in the header.
 */
type InvoiceViewProps = { invoice: InvoiceDTO; actions?: ReactNode; lineAction?: (line: InvoiceLineDTO) => ReactNode; side?: "teacher" | "family" };

export function InvoiceView({ invoice, actions, lineAction, side = "teacher" }: InvoiceViewProps) {
  return (
    <article aria-labelledby="invoice-heading" className="mt-4 space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="invoice-heading" className="text-xl font-bold text-slate-900">
              Invoice {invoice.number}
            </h2>
            <InvoiceStateBadge state={invoice.state} />
          </div>
          <p className="text-sm text-slate-700">
            From <span className="font-medium text-slate-900">{invoice.teacherName}</span> to{" "}
            <span className="font-medium text-slate-900">{invoice.shareNote && invoice.guardianName ? invoice.guardianName : invoice.familyName}</span>
          </p>
          <ShareNotice invoice={invoice} side={side} />
          <dl className="grid grid-cols-2 gap-x-6 gap-y-1 pt-2 text-sm sm:flex sm:flex-wrap">
            <InvoiceFact label="Issued">{issuedText(invoice)}</InvoiceFact>
            <InvoiceFact label="Due">{dueText(invoice)}</InvoiceFact>
            {invoice.periodFrom && invoice.periodTo ? (
              <InvoiceFact label="Lessons from" className="col-span-2">{periodLabel(invoice.periodFrom, invoice.periodTo)}</InvoiceFact>
            ) : null}
          </dl>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={invoicePdfHref(invoice.id)} download className={buttonClasses("secondary")}>
            <Download aria-hidden className="size-4" />
            Download PDF
          </a>
          {actions}
        </div>
      </header>

      {invoice.state === "void" ? (
        <p className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
          Voided{invoice.voidedAt ? ` on ${formatDay(dayIn(viewerTimeZone(), new Date(invoice.voidedAt)))}` : ""}: {asSentence(invoice.voidReason ?? "")} Nothing is owed on it.
        </p>
      ) : null}

      <section aria-labelledby="lines-heading" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        <h3 id="lines-heading" className="text-lg font-semibold text-slate-900">
          Lines
        </h3>
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Invoice lines">
          {invoice.lines.map((line) => (
            <li key={line.id} data-testid="invoice-line" className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3 text-sm">
              <div className="min-w-0 flex-1 basis-64">
                <p className="font-medium break-words text-slate-900">{line.description}</p>
                <p className="text-slate-600">
                  {line.kind === "extra" ? `${line.quantity} × ${formatMoney(line.unitCents)}` : line.detail}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <p className="font-medium whitespace-nowrap text-slate-900">
                  {formatMoney(line.amountCents)}
                  {line.estimated ? <EstimatedTag /> : null}
                </p>
                {lineAction?.(line)}
              </div>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-sm sm:ml-auto sm:max-w-xs">
          <div className="flex justify-between gap-4 text-base">
            <dt className="font-semibold text-slate-900">Total</dt>
            <dd data-testid="invoice-total" className="font-bold text-slate-900">
              {formatMoney(invoice.totalCents)}
            </dd>
          </div>
          {/* A draft is owed by nobody yet: its balance would read $0.00, which says the wrong thing. */}
          {invoice.status === "draft" ? null : (
            <>
              <InvoiceFact label="Paid" className="flex justify-between gap-4">{formatMoney(invoice.paidCents)}</InvoiceFact>
              <div className="flex justify-between gap-4 text-base">
                <dt className="font-semibold text-slate-900">Balance</dt>
                <dd data-testid="invoice-balance" className="font-bold text-slate-900">
                  {formatMoney(invoice.balanceCents)}
                </dd>
              </div>
            </>
          )}
        </dl>
      </section>

      {invoice.note ? (
        <section aria-labelledby="note-heading" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
          <h3 id="note-heading" className="text-lg font-semibold text-slate-900">
            Note
          </h3>
          <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{invoice.note}</p>
        </section>
      ) : null}

      <section aria-labelledby="payments-heading" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        <h3 id="payments-heading" className="text-lg font-semibold text-slate-900">
          Payments
        </h3>
        {invoice.payments.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No payments recorded.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100" aria-label="Payments">
            {invoice.payments.map((payment) => (
              <li key={payment.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2 text-sm">
                <span className="text-slate-900">
                  {formatDay(payment.paidOn)} · {PAYMENT_METHOD_LABELS[payment.method]}
                  {payment.note ? <span className="text-slate-600"> · {payment.note}</span> : null}
                </span>
                <span className="font-medium whitespace-nowrap text-slate-900">{formatMoney(payment.amountCents)}</span>
              </li>
            ))}
          </ul>
        )}
        <HowToPay invoice={invoice} />
      </section>
    </article>
  );
}

/** How to pay; for a teacher who deleted their account (issue 41), that it is no longer payable in the app. */
function HowToPay({ invoice }: { invoice: InvoiceDTO }) {
  if (invoice.teacherLeft) {
    return (
      <p className="mt-3 text-sm break-words whitespace-pre-line text-slate-700" data-testid="teacher-left-owed">
        {teacherLeftOwedText(invoice.teacherLeftContact)}
        {invoice.teacherLeftContact ? "" : invoice.balanceCents > 0 && invoice.state !== "void" ? ` (${formatMoney(invoice.balanceCents)} left unpaid on this invoice).` : "."}
      </p>
    );
  }
  return (
    <p className="mt-3 text-sm text-slate-600">
      Payments are made directly to the teacher; the app takes none.
      {invoice.paymentInstructions ? " How to pay: " : ""}
      {invoice.paymentInstructions ? <span className="whitespace-pre-line text-slate-800">{invoice.paymentInstructions}</span> : null}
    </p>
  );
}

/** Issue 45: a share invoice says whose share it is; the teacher also sees the other guardians' shares. */
function ShareNotice({ invoice, side }: { invoice: InvoiceDTO; side: "teacher" | "family" }) {
  if (!invoice.shareNote) return null;
  if (side === "family") {
    return (
      <p className="max-w-prose rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="share-notice">
        <span className="font-semibold">Your share</span> ({invoice.shareNote}) of the {invoice.familyName} household's invoice. The other guardians get their own invoices for their shares.
      </p>
    );
  }
  return (
    <div className="max-w-prose rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="share-notice">
      <p>
        {invoice.guardianName}'s {invoice.shareNote} of the {invoice.familyName} household's invoice.
      </p>
      {invoice.otherShares.length ? (
        <ul className="mt-1 space-y-0.5">
          {invoice.otherShares.map((share) => (
            <li key={share.id}>
              <Link to={`/teacher/invoices/${share.id}`} className="font-medium text-brand-700 hover:underline">
                {share.number}
              </Link>{" "}
              {share.guardianName}, {share.shareNote}: {formatMoney(share.totalCents)} ({INVOICE_STATE_LABELS[share.state].toLowerCase()})
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
