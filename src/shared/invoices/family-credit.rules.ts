import { formatMoney, sumCents } from "./money.rules";

/**
 * A family's credit with a teacher (issue 40): money already received (a void invoice's payments)
 * that pays the family's next invoices. These rules say how it is spent and what is then owed.
 */

export interface OpenInvoice {
  id: string;
  /** What is still owed on it (a sent invoice's total less its payments). */
  balanceCents: number;
}

/**
 * Spends `creditCents` on the open invoices in the order given (the oldest due first): each takes
 * what it still owes until the credit runs out. Never more than the credit, never more than a balance.
 */
export function allocateCredit(creditCents: number, open: readonly OpenInvoice[]): { invoiceId: string; amountCents: number }[] {
  const allocations: { invoiceId: string; amountCents: number }[] = [];
  let left = Math.max(0, creditCents);
  for (const invoice of open) {
    if (left === 0) break;
    const amountCents = Math.min(left, Math.max(0, invoice.balanceCents));
    if (amountCents === 0) continue;
    allocations.push({ invoiceId: invoice.id, amountCents });
    left -= amountCents;
  }
  return allocations;
}

/** What a family owes one teacher: invoiced − paid (the open balances) − credit not yet spent, never below zero. */
export function owedCents(balances: readonly number[], creditCents: number): number {
  return Math.max(0, sumCents(balances) - Math.max(0, creditCents));
}

/** The void dialog's promise, in the words a teacher reads before voiding. */
export function voidCreditNotice(paidCents: number): string | null {
  if (paidCents <= 0) return null;
  return `${formatMoney(paidCents)} received will be kept as credit and applied to the replacement.`;
}
