import { formatDay } from "../../../shared/invoices/invoice-format.rules";
import { daysBetween } from "../../../shared/invoices/invoice-state.rules";

// One way to write an invoice's dates, shared with its emails and PDFs; today (yyyy-MM-dd) in a zone is dayIn.
export { formatDay };
export { dayIn as todayIn } from "../../../shared/invoices/invoice-format.rules";

/** The first and last day of the month `offset` months from the month of `today` ("yyyy-MM-dd"). */
export function monthRange(today: string, offset: number): { from: string; to: string } {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1 + offset, 1));
  const last = new Date(Date.UTC(y, m + offset, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** The period an invoice covers, as a heading says it. */
export function periodLabel(from: string | null, to: string | null): string {
  if (!from || !to) return "";
  return from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
}

/**
 * An invoice's issue and due dates as shown. A draft's are set when it is sent (issue 40), so a
 * draft says so instead of a date it will not keep: "When sent", "14 days after sending".
 */
export function issuedText(invoice: { status: string; issueDate: string }): string {
  return invoice.status === "draft" ? "When sent" : formatDay(invoice.issueDate);
}

export function dueText(invoice: { status: string; issueDate: string; dueDate: string }): string {
  if (invoice.status !== "draft") return formatDay(invoice.dueDate);
  const days = daysBetween(invoice.issueDate, invoice.dueDate);
  return days === 0 ? "On sending" : `${days} day${days === 1 ? "" : "s"} after sending`;
}
