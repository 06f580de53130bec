import { asSentence, formatDay } from "../../shared/invoices/invoice-format.rules";
import { formatMoney } from "../../shared/invoices/money.rules";
import type { InvoiceDTO } from "../../shared/invoices/invoices.schemas";
import type { MailMessage } from "../mail";
import { PAY_DIRECTLY } from "./invoice-pdf";

const billingLink = (publicUrl: string) => `${publicUrl.replace(/\/$/, "")}/billing`;

/** Issue 45: a share invoice says it is the reader's share of the household's invoice. */
const shareLine = (invoice: InvoiceDTO) => (invoice.shareNote ? ` It is your ${invoice.shareNote} of the household's invoice; the other guardians get their own.` : "");

/** When credit on account paid some or all of it at sending: what is left. */
function owedLine(invoice: InvoiceDTO): string {
  if (invoice.paidCents === 0) return "";
  return invoice.balanceCents === 0
    ? ` Your credit on account (${formatMoney(invoice.paidCents)}) paid it in full: nothing is owed.`
    : ` Your credit on account paid ${formatMoney(invoice.paidCents)}: ${formatMoney(invoice.balanceCents)} is owed.`;
}

/**
 * The invoice, to its family, with its PDF attached: when sent, and as a reminder once overdue.
 * Every invoice email is addressed to `familyName` / `familyEmail`; invoiceMails (invoices.service)
 * sets them to each recipient: every guardian of a household, or a share invoice's guardian (issue 45).
 */
export function invoiceEmail(publicUrl: string, invoice: InvoiceDTO, reason: "sent" | "reminder", pdf: Uint8Array): MailMessage {
  const link = billingLink(publicUrl);
  const subject =
    reason === "sent"
      ? `Invoice ${invoice.number} from ${invoice.teacherName}: ${formatMoney(invoice.totalCents)}`
      : `Reminder: invoice ${invoice.number} from ${invoice.teacherName} was due ${formatDay(invoice.dueDate)}`;
  const opening =
    reason === "sent"
      ? `${invoice.teacherName} sent you invoice ${invoice.number} for ${formatMoney(invoice.totalCents)}, due ${formatDay(invoice.dueDate)}.${shareLine(invoice)}${owedLine(invoice)}`
      : `Invoice ${invoice.number} from ${invoice.teacherName} was due ${formatDay(invoice.dueDate)}. ${formatMoney(invoice.balanceCents)} is still owed.`;
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

/** A receipt for a payment the teacher recorded (issue 40): how much, when, how, and what is left. */
export function paymentReceiptEmail(publicUrl: string, invoice: InvoiceDTO, payment: { amountCents: number; paidOn: string; methodLabel: string }): MailMessage {
  const left =
    invoice.balanceCents === 0 ? `Invoice ${invoice.number} is now paid in full.` : `${formatMoney(invoice.balanceCents)} is still owed on invoice ${invoice.number}, due ${formatDay(invoice.dueDate)}.`;
  return {
    to: invoice.familyEmail,
    kind: "invoice-receipt",
    subject: `Receipt: ${formatMoney(payment.amountCents)} received by ${invoice.teacherName}`,
    text: [
      `Hello ${invoice.familyName},`,
      "",
      `${invoice.teacherName} recorded your payment of ${formatMoney(payment.amountCents)} (${payment.methodLabel}, ${formatDay(payment.paidOn)}) on invoice ${invoice.number}.`,
      left,
      "",
      `Your invoices and payments are on your Billing page: ${billingLink(publicUrl)}`,
    ].join("\n"),
  };
}

/** The family is told an invoice was voided: why, and what happens to what they paid (issue 40). */
export function invoiceVoidEmail(publicUrl: string, invoice: InvoiceDTO): MailMessage {
  const paid =
    invoice.paidCents > 0
      ? `The ${formatMoney(invoice.paidCents)} you paid on it is kept as credit on account with ${invoice.teacherName} and pays your next invoice first; nothing is lost.`
      : "Nothing is owed on it.";
  return {
    to: invoice.familyEmail,
    kind: "invoice-void",
    subject: `Invoice ${invoice.number} from ${invoice.teacherName} was voided`,
    text: [
      `Hello ${invoice.familyName},`,
      "",
      `${invoice.teacherName} voided invoice ${invoice.number} (${formatMoney(invoice.totalCents)}). Reason: ${asSentence(invoice.voidReason ?? "")}`,
      paid,
      "If the lessons on it are billed again, a new invoice will come by email.",
      "",
      `Your invoices are on your Billing page: ${billingLink(publicUrl)}`,
    ].join("\n"),
  };
}

/**
 * A receipt for money the teacher recorded on the family's balance (issue 40): a payment on
 * account (credit that pays the next invoices) or a lesson package paid.
 */
export function balanceReceiptEmail(
  publicUrl: string,
  to: { familyName: string; email: string; teacherName: string },
  payment: { amountCents: number; paidOn: string; methodLabel: string; creditCents: number } & ({ kind: "payment_on_account" } | { kind: "package"; title: string; validUntil: string }),
): MailMessage {
  const what =
    payment.kind === "package"
      ? `your payment of ${formatMoney(payment.amountCents)} (${payment.methodLabel}, ${formatDay(payment.paidOn)}) for a lesson package: ${payment.title}, valid until ${formatDay(payment.validUntil)}. Each lesson you attend, and a late cancellation that is charged, uses one of them instead of being invoiced.`
      : `your payment of ${formatMoney(payment.amountCents)} (${payment.methodLabel}, ${formatDay(payment.paidOn)}) on account. It pays your open and next invoices first; your credit with ${to.teacherName} is now ${formatMoney(payment.creditCents)}.`;
  return {
    to: to.email,
    kind: "balance-receipt",
    subject: `Receipt: ${formatMoney(payment.amountCents)} received by ${to.teacherName}`,
    text: [`Hello ${to.familyName},`, "", `${to.teacherName} recorded ${what}`, "", `Your balance and lesson packages are on your Billing page: ${billingLink(publicUrl)}`].join("\n"),
  };
}
