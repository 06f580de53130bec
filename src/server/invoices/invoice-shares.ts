import { randomUUID } from "node:crypto";
import { invoiceNumber, teacherInitials } from "../../shared/invoices/invoice-state.rules";
import { shareNote, splitGuardians, splitLines } from "../../shared/invoices/invoice-split.rules";
import type { Executor } from "../db/client";
import { shareLineRow } from "./invoice-lines";
import type { SplitInForce } from "./invoice-split.service";
import * as repo from "./invoices.repo";

/**
 * Issue 45: the household's invoice, with its split in force, stored as one invoice per guardian
 * with their share of each line (splitLines: to the cent). The first takes the number already
 * taken under the counter's lock; each next one the following number, in the same transaction.
 * A guardian whose lines are all package-covered has nothing to pay and gets no invoice.
 */
export async function insertShareInvoices(
  tx: Executor,
  split: SplitInForce,
  invoice: repo.NewInvoice & { sequence: number; year: number },
  lines: repo.NewInvoiceLine[],
  studentOf: ReadonlyMap<string, string | null>,
  teacher: { firstName: string; lastName: string; id: string },
): Promise<string[]> {
  const guardians = splitGuardians(split.rule);
  const shares = splitLines(
    split.rule,
    lines.map((line) => ({ amountCents: line.amountCents, studentId: line.bookingId ? (studentOf.get(line.bookingId) ?? null) : null })),
  ).filter((share) => share.lineCents.some((cents, index) => cents !== null && lines[index]!.kind !== "package"));
  const splitGroupId = randomUUID();
  const ids: string[] = [];
  for (const [index, share] of shares.entries()) {
    const sequence = index === 0 ? invoice.sequence : await repo.takeInvoiceNumber(tx, teacher.id, invoice.year);
    const note = shareNote(split.rule, share.guardianId);
    const guardian = split.guardians.get(share.guardianId)!;
    const place = guardians.indexOf(share.guardianId) + 1;
    const shareLines = lines
      .map((line, at) => ({ line, cents: share.lineCents[at] }))
      .filter((entry): entry is { line: repo.NewInvoiceLine; cents: number } => entry.cents !== null && entry.cents !== undefined)
      // By shares every line says which share; per student only the lines shared equally do.
      .map(({ line, cents }, at) => shareLineRow(line, cents, split.rule.kind === "shares" ? note : cents === line.amountCents ? null : "equal share", place, at + 1));
    ids.push(
      await repo.insertInvoice(
        tx,
        {
          ...invoice,
          number: invoiceNumber(teacherInitials(teacher.firstName, teacher.lastName), invoice.year, sequence),
          sequence,
          totalCents: share.totalCents,
          guardianId: share.guardianId,
          guardianName: guardian.name,
          guardianEmail: guardian.email,
          shareNote: note,
          splitGroupId,
          // A void invoice is replaced once (invoices_replaces_once_key): by the first share.
          replacesInvoiceId: index === 0 ? invoice.replacesInvoiceId : null,
        },
        shareLines,
      ),
    );
  }
  return ids;
}
