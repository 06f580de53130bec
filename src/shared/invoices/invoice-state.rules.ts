import { INVOICE_LIMITS, type InvoiceState, type InvoiceStatus } from "./invoices.constants";

/**
 * An invoice's state as both sides see it (issue 28). The stored lifecycle is draft, sent or void;
 * a sent invoice is paid when its payments cover the total, overdue once the daily sweep found it
 * unpaid past its due date (`overdueAt`), partly paid when some is paid, else sent.
 */
export function invoiceState(invoice: { status: InvoiceStatus; totalCents: number; paidCents: number; overdueAt: Date | string | null }): InvoiceState {
  if (invoice.status === "void") return "void";
  if (invoice.status === "draft") return "draft";
  if (invoice.paidCents >= invoice.totalCents) return "paid";
  if (invoice.overdueAt !== null) return "overdue";
  if (invoice.paidCents > 0) return "partly_paid";
  return "sent";
}

export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  draft: "Draft",
  sent: "Sent",
  partly_paid: "Partly paid",
  paid: "Paid",
  overdue: "Overdue",
  void: "Void",
};

/** What is still owed: nothing on a draft or a void invoice. */
export function balanceCents(invoice: { status: InvoiceStatus; totalCents: number; paidCents: number }): number {
  return invoice.status === "sent" ? Math.max(0, invoice.totalCents - invoice.paidCents) : 0;
}

/** Whether the daily sweep marks a sent invoice overdue on `today` (dates "yyyy-MM-dd" in the teacher's zone). */
export function isPastDue(invoice: { status: InvoiceStatus; totalCents: number; paidCents: number; dueDate: string }, today: string): boolean {
  return balanceCents(invoice) > 0 && today > invoice.dueDate;
}

/** Adds days to a calendar date ("2026-11-30" + 1 → "2026-12-01"), with no time zone involved. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from one calendar date to another ("2026-11-30" → "2026-12-14": 14). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * A draft's dates when it goes out (issue 40): issued on the teacher's today, due after the same
 * period the draft had (its due date less its issue date), so it is never overdue on arrival.
 */
export function datesAtSending(draft: { issueDate: string; dueDate: string }, todayLocal: string): { issueDate: string; dueDate: string } {
  return { issueDate: todayLocal, dueDate: addDays(todayLocal, Math.max(0, daysBetween(draft.issueDate, draft.dueDate))) };
}

/** The reminder days of an unpaid invoice: the day after the due date, then weekly, three in all. */
export function reminderDates(dueDate: string): string[] {
  return Array.from({ length: INVOICE_LIMITS.remindersMax }, (_, i) => addDays(dueDate, 1 + 7 * i));
}

/** Latin letters that NFD does not split into a base letter and a mark ("Ørsted" starts with O, not R). */
const UNSPLIT: Record<string, string> = { Ø: "O", ø: "o", Æ: "A", æ: "a", Œ: "O", œ: "o", Ł: "L", ł: "l", Đ: "D", đ: "d", Þ: "T", þ: "t", ß: "s" };
const foldLatin = (name: string) => name.normalize("NFD").replace(/[ØøÆæŒœŁłĐđÞþß]/g, (c) => UNSPLIT[c] ?? c);

/** "CK": the first letters of the teacher's first and last name, A-Z only ("T" when none is a letter). */
export function teacherInitials(firstName: string, lastName: string): string {
  const letter = (name: string) => (foldLatin(name).replace(/[^A-Za-z]/g, "")[0] ?? "").toUpperCase();
  return `${letter(firstName)}${letter(lastName)}` || "T";
}

/** "CK-2026-0007": numbers run per teacher and year, with no gaps. */
export function invoiceNumber(initials: string, year: number, sequence: number): string {
  return `${initials}-${year}-${String(sequence).padStart(4, "0")}`;
}
