import type { ReactNode } from "react";
import { useParams } from "react-router";
import type { InvoiceDTO } from "../../../shared/invoices/invoices.schemas";
import { PageShell } from "../../app/page-shell";
import { Alert } from "../../components/ui/alert";
import { errorMessage } from "../../lib/api";
import { useInvoice } from "./use-invoices";
import { BackLink } from "../../components/ui/back-link";

/** An invoice's page for either side: the way back, then the invoice once loaded (or why it is not). */
export function InvoicePageShell({ back, children }: { back: { to: string; label: string }; children: (invoice: InvoiceDTO) => ReactNode }) {
  const { invoiceId = "" } = useParams();
  const invoice = useInvoice(invoiceId);
  return (
    <PageShell title="Invoice">
      <BackLink to={back.to} className="mt-2">{back.label}</BackLink>
      {invoice.isPending ? (
        <p role="status" className="mt-6 text-slate-600">
          Loading invoice...
        </p>
      ) : invoice.isError ? (
        <Alert className="mt-6">{errorMessage(invoice.error, "Failed to load the invoice")}</Alert>
      ) : (
        children(invoice.data)
      )}
    </PageShell>
  );
}
