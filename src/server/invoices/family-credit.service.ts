import { allocateCredit } from "../../shared/invoices/family-credit.rules";
import type { Executor } from "../db/client";
import * as creditRepo from "./family-credit.repo";
import * as repo from "./invoices.repo";

/**
 * A family's credit with a teacher (issue 40). A void invoice's payments are never lost: they
 * become credit, and credit pays the family's open invoices, oldest due first, as `credit`
 * payments on them. Both run in the transaction of the change that causes them, after
 * lockFamilyCredit, so the credit is never spent twice nor goes below zero.
 */

/**
 * Spends the family's credit on their open invoices with the teacher (`paidOn`: the teacher's
 * today). Called whenever credit appears (a void) or an invoice becomes payable (a send).
 */
export async function applyFamilyCredit(tx: Executor, teacherId: string, parentId: string, paidOn: string, now: Date): Promise<void> {
  const credit = await creditRepo.creditBalance(tx, teacherId, parentId);
  if (credit <= 0) return;
  const open = await creditRepo.lockOpenInvoices(tx, teacherId, parentId);
  const byId = new Map(open.map((invoice) => [invoice.id, invoice]));
  const allocations = allocateCredit(
    credit,
    open.map((invoice) => ({ id: invoice.id, balanceCents: invoice.totalCents - invoice.paidCents })),
  );
  for (const { invoiceId, amountCents } of allocations) {
    const invoice = byId.get(invoiceId)!;
    await repo.insertPayment(tx, { invoiceId, amountCents, paidOn, method: "credit", note: "from the family's credit on account" });
    const paidCents = invoice.paidCents + amountCents;
    await repo.updateInvoiceRow(tx, invoiceId, { paidCents, paidAt: paidCents >= invoice.totalCents ? now : null });
    await creditRepo.insertCreditEntry(tx, { teacherId, parentId, kind: "credit_applied", amountCents: -amountCents, invoiceId });
  }
}

/** A voided invoice's payments become the family's credit (then pay any other open invoice). */
export async function creditVoidedPayments(tx: Executor, invoice: repo.InvoiceRow, paidOn: string, now: Date): Promise<void> {
  if (invoice.paidCents <= 0 || !invoice.teacherId || !invoice.parentId) return;
  await creditRepo.insertCreditEntry(tx, { teacherId: invoice.teacherId, parentId: invoice.parentId, kind: "void_credit", amountCents: invoice.paidCents, invoiceId: invoice.id });
  await applyFamilyCredit(tx, invoice.teacherId, invoice.parentId, paidOn, now);
}
