import { InvoicePageShell } from "./invoice-page-shell";
import { InvoiceView } from "./invoice-view";

/** /billing/invoices/:invoiceId: an invoice as the family reads it (nothing to change here). */
export function Component() {
  return <InvoicePageShell back={{ to: "/billing", label: "Billing" }}>{(invoice) => <InvoiceView invoice={invoice} side="family" />}</InvoicePageShell>;
}
