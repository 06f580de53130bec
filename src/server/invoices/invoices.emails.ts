import { formatMoney } from "../../shared/invoices/money.rules";
import type { InvoiceDTO } from "../../shared/invoices/invoices.schemas";
import type { MailMessage } from "../mail";
import { PAY_DIRECTLY } from "./invoice-pdf";

/** The invoice, to its family, with its PDF attached: when sent, and as a reminder once overdue. */
export function invoiceEmail(publicUrl: string, invoice: InvoiceDTO, reason: "sent" | "reminder", pdf: Uint8Array): MailMessage {
  const link = `${publicUrl.replace(/\/$/, "")}/billing`;
  const subject =
    reason === "sent"
      ? `Invoice ${invoice.number} from ${invoice.teacherName}: ${formatMoney(invoice.totalCents)}`
      : `Reminder: invoice ${invoice.number} from ${invoice.teacherName} was due ${invoice.dueDate}`;
  const opening =
    reason === "sent"
      ? `${invoice.teacherName} sent you invoice ${invoice.number} for ${formatMoney(invoice.totalCents)}, due ${invoice.dueDate}.`
      : `Invoice ${invoice.number} from ${invoice.teacherName} was due ${invoice.dueDate}. ${formatMoney(invoice.balanceCents)} is still owed.`;
  const text = [
    `Hello ${invoice.familyName},`,
    "",
    opening,
    "",
    "How to pay:",
    invoice.paymentInstructions || "Ask your teacher how they would like to be paid.",
    "",
    `${PAY_DIRECTLY}; the app takes no payment. The invoice is attached as a PDF, and it is on your Billing page: ${link}`,
  ].join("\n");
  return {
    to: invoice.familyEmail,
    subject,
    text,
    kind: reason === "sent" ? "invoice-sent" : "invoice-reminder",
    attachments: [{ filename: `invoice-${invoice.number}.pdf`, contentType: "application/pdf", content: Buffer.from(pdf) }],
  };
}
