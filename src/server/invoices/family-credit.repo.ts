import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { CreditEntryKind, RecordedPaymentMethod } from "../../shared/invoices/invoices.constants";
import { queryRows, type Executor } from "../db/client";
import { familyCreditEntries, invoices } from "../db/schema";

/**
 * Serialises every change to one family's credit with one teacher (issue 40) for the rest of the
 * transaction. Taken before any invoice row is locked, so two changes never wait on each other's rows.
 */
export async function lockFamilyCredit(tx: Executor, teacherId: string, parentId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`family-credit:${teacherId}:${parentId}`}, 0))`);
}

export async function creditBalance(db: Executor, teacherId: string, parentId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${familyCreditEntries.amountCents}), 0)` })
    .from(familyCreditEntries)
    .where(and(eq(familyCreditEntries.teacherId, teacherId), eq(familyCreditEntries.parentId, parentId)));
  return Number(row?.cents ?? 0);
}

/** Each family's credit with a teacher, or a family's with each teacher: (teacherId, parentId, cents) with cents > 0. */
export async function creditBalances(db: Executor, of: { teacherId: string } | { parentId: string }) {
  const rows = await queryRows<{ teacherId: string; parentId: string; cents: string }>(
    db,
    sql`select teacher_id as "teacherId", parent_id as "parentId", sum(amount_cents) as cents
          from family_credit_entries
         where ${"teacherId" in of ? sql`teacher_id = ${of.teacherId}` : sql`parent_id = ${of.parentId}`}
           and teacher_id is not null and parent_id is not null
         group by teacher_id, parent_id
        having sum(amount_cents) > 0`,
  );
  return rows.map((row) => ({ teacherId: row.teacherId, parentId: row.parentId, cents: Number(row.cents) }));
}

export async function insertCreditEntry(
  tx: Executor,
  entry: { teacherId: string; parentId: string; kind: Exclude<CreditEntryKind, "payment_on_account">; amountCents: number; invoiceId: string },
): Promise<void> {
  await tx.insert(familyCreditEntries).values(entry);
}

/** Money received before any invoice (issue 40): the entry is the payment itself. */
export async function insertPaymentOnAccount(
  tx: Executor,
  entry: { teacherId: string; parentId: string; amountCents: number; paidOn: string; method: RecordedPaymentMethod; note: string },
): Promise<void> {
  await tx.insert(familyCreditEntries).values({ ...entry, kind: "payment_on_account", invoiceId: null });
}

/** The family's sent, not fully paid invoices with the teacher, oldest due first, locked. */
export async function lockOpenInvoices(tx: Executor, teacherId: string, parentId: string) {
  return tx
    .select({ id: invoices.id, number: invoices.number, totalCents: invoices.totalCents, paidCents: invoices.paidCents })
    .from(invoices)
    .where(and(eq(invoices.teacherId, teacherId), eq(invoices.parentId, parentId), eq(invoices.status, "sent"), lt(invoices.paidCents, invoices.totalCents)))
    .orderBy(asc(invoices.dueDate), asc(invoices.issueDate), asc(invoices.number))
    .for("update");
}

/** The credit's history of a family with a teacher, each entry with the invoice it cites, newest first. */
export async function creditEntries(db: Executor, teacherId: string, parentId: string) {
  return db
    .select({
      id: familyCreditEntries.id,
      kind: familyCreditEntries.kind,
      amountCents: familyCreditEntries.amountCents,
      invoiceId: familyCreditEntries.invoiceId,
      invoiceNumber: invoices.number,
      paidOn: familyCreditEntries.paidOn,
      method: familyCreditEntries.method,
      note: familyCreditEntries.note,
      createdAt: familyCreditEntries.createdAt,
    })
    .from(familyCreditEntries)
    .leftJoin(invoices, eq(invoices.id, familyCreditEntries.invoiceId))
    .where(and(eq(familyCreditEntries.teacherId, teacherId), eq(familyCreditEntries.parentId, parentId)))
    .orderBy(sql`${familyCreditEntries.createdAt} desc`);
}
