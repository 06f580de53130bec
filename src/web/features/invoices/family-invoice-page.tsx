import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import { PageShell } from "../../app/page-shell";
import { Alert } from "../../components/ui/alert";
import { errorMessage } from "../../lib/api";
import { InvoiceView } from "./invoice-view";
import { useInvoice } from "./use-invoices";

/** /billing/invoices/:invoiceId: an invoice as the family reads it (nothing to change here). */
export function Component() {
  const { invoiceId = "" } = useParams();
  const invoice = useInvoice(invoiceId);
  return (
    <PageShell title="Invoice">
      <Link to="/billing" className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        Billing
      </Link>
      {invoice.isPending ? (
        <p role="status" className="mt-6 text-slate-600">
          Loading invoice...
        </p>
      ) : invoice.isError ? (
        <Alert className="mt-6">{errorMessage(invoice.error, "Failed to load the invoice")}</Alert>
      ) : (
        <InvoiceView invoice={invoice.data} />
      )}
    </PageShell>
  );
}
