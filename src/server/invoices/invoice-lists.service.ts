import { owedCents } from "../../shared/invoices/family-credit.rules";
import { balanceCents } from "../../shared/invoices/invoice-state.rules";
import type { InvoiceState } from "../../shared/invoices/invoices.constants";
import type { InvoiceListDTO, InvoiceListQuery } from "../../shared/invoices/invoices.schemas";
import { sumCents } from "../../shared/invoices/money.rules";
import type { Executor } from "../db/client";
import type { Deps } from "../deps";
import * as creditRepo from "./family-credit.repo";
import * as repo from "./invoices.repo";
import { summary } from "./invoices.service";

/** The invoice lists of both sides (the teacher's Invoices page, the family's Billing) with what is owed. */

/** Overdue first, then the newest. */
const STATE_ORDER: Record<InvoiceState, number> = { overdue: 0, partly_paid: 1, sent: 1, draft: 1, paid: 1, void: 1 };
type Credit = Awaited<ReturnType<typeof creditRepo.creditBalances>>[number];
const pairKey = (teacherId: string | null, parentId: string | null) => `${teacherId ?? ""}:${parentId ?? ""}`;

/**
 * The list and its totals. What is owed is, per family and teacher, invoiced − paid − the credit
 * not yet spent (owedCents), so every view says the same as the balance (issue 40).
 */
function listOf(rows: repo.InvoiceRow[], credits: readonly Credit[], state?: InvoiceState): InvoiceListDTO {
  const all = rows.map(summary);
  const shown = all
    .filter((invoice) => !state || invoice.state === state)
    .sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state] || b.issueDate.localeCompare(a.issueDate) || b.number.localeCompare(a.number));
  const balances = new Map<string, number[]>();
  for (const row of rows) {
    const key = pairKey(row.teacherId, row.parentId);
    balances.set(key, [...(balances.get(key) ?? []), balanceCents(row)]);
  }
  const creditOf = new Map(credits.map((credit) => [pairKey(credit.teacherId, credit.parentId), credit.cents]));
  return {
    invoices: shown,
    outstandingCents: sumCents([...balances].map(([key, owed]) => owedCents(owed, creditOf.get(key) ?? 0))),
    overdueCents: sumCents(all.filter((invoice) => invoice.state === "overdue").map((invoice) => invoice.balanceCents)),
    creditCents: sumCents(credits.map((credit) => credit.cents)),
  };
}

export async function teacherInvoices(deps: Pick<Deps, "db">, teacherId: string, query: InvoiceListQuery): Promise<InvoiceListDTO> {
  const [filtered, all, credits] = await Promise.all([
    repo.teacherInvoiceRows(deps.db, teacherId, query.parentId),
    query.parentId ? repo.teacherInvoiceRows(deps.db, teacherId) : null,
    creditRepo.creditBalances(deps.db, { teacherId }),
  ]);
  const familyCredits = query.parentId ? credits.filter((credit) => credit.parentId === query.parentId) : credits;
  const list = listOf(filtered, familyCredits, query.state);
  if (!all) return list;
  // The totals are over all the teacher's invoices, not only the filtered family's.
  const totals = listOf(all, credits);
  return { ...list, outstandingCents: totals.outstandingCents, overdueCents: totals.overdueCents };
}

/** A guardian's list: the household's invoices and their own shares (issue 45), never another guardian's share. */
export async function familyInvoices(deps: Pick<Deps, "db">, parentId: string, guardianId: string | null): Promise<InvoiceListDTO> {
  const [rows, credits] = await Promise.all([repo.familyInvoiceRows(deps.db, parentId, guardianId), creditRepo.creditBalances(deps.db, { parentId })]);
  return listOf(rows, credits);
}

/**
 * What each family still owes the teacher (invoiced − paid − credit not yet spent, as the lists
 * say), families owing nothing left out. Issue 41: told to the families when the teacher can no
 * longer teach. Sequential reads: it may run in the caller's transaction.
 */
export async function owedToTeacherByFamily(db: Executor, teacherId: string): Promise<Map<string, number>> {
  const rows = await repo.teacherInvoiceRows(db, teacherId);
  const credits = await creditRepo.creditBalances(db, { teacherId });
  const owed = new Map<string, number>();
  for (const parentId of new Set(rows.map((row) => row.parentId).filter((id): id is string => id !== null))) {
    const credit = credits.find((c) => c.parentId === parentId)?.cents ?? 0;
    const cents = owedCents(rows.filter((row) => row.parentId === parentId).map(balanceCents), credit);
    if (cents > 0) owed.set(parentId, cents);
  }
  return owed;
}
