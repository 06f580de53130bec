import { and, eq, isNull, lt } from "drizzle-orm";
import type { Executor } from "../db/client";
import { invoices } from "../db/schema";

/** The daily overdue sweep's reads and writes (invoices.jobs.ts). */

/** Sent, unpaid invoices not yet marked overdue whose due date is before `latestDueDate` (a superset; the zone decides). */
export async function overdueCandidates(db: Executor, latestDueDate: string) {
  return db
    .select({ id: invoices.id, dueDate: invoices.dueDate, teacherTimeZone: invoices.teacherTimeZone })
    .from(invoices)
    .where(
      and(
        eq(invoices.status, "sent"),
        lt(invoices.paidCents, invoices.totalCents),
        isNull(invoices.overdueAt),
        lt(invoices.dueDate, latestDueDate),
      ),
    );
}

/** Marks an invoice overdue once; false when another runner (or a payment, or a void) came first. */
export async function markOverdue(tx: Executor, invoiceId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(invoices)
    .set({ overdueAt: now })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, "sent"), lt(invoices.paidCents, invoices.totalCents), isNull(invoices.overdueAt)))
    .returning({ id: invoices.id });
  return rows.length > 0;
}
