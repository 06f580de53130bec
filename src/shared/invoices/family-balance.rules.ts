import { asSentence, formatDay } from "./invoice-format.rules";
import type { BalanceEntryKind } from "./family-balance.schemas";
import { PAYMENT_METHOD_LABELS } from "./invoices.schemas";
import type { RecordedPaymentMethod } from "./invoices.constants";
import { packageTitle } from "./lesson-package.rules";

/**
 * How a family's balance history cites what caused each entry (issue 40), the same words for the
 * teacher and the family: the invoice, the payment, the package, or the lesson a package paid.
 */
export type BalanceCause =
  | { kind: "void_credit"; invoiceNumber: string | null }
  | { kind: "credit_applied"; invoiceNumber: string | null }
  | { kind: "payment_on_account"; method: RecordedPaymentMethod; note: string }
  | { kind: "package_sold"; lessons: number; priceCents: number; method: RecordedPaymentMethod; validUntil: string; note: string }
  | { kind: "package_lesson"; lessonNumber: number; lessons: number; lesson: string; lateCancel: boolean };

const withNote = (text: string, note: string) => (note.trim() ? `${text} ${asSentence(`Note: ${note.trim()}`)}` : text);

export function balanceEntryText(cause: BalanceCause): string {
  switch (cause.kind) {
    case "void_credit":
      return `Payments of void invoice ${cause.invoiceNumber ?? "(deleted)"} kept as credit.`;
    case "credit_applied":
      return `Credit applied to invoice ${cause.invoiceNumber ?? "(deleted)"}.`;
    case "payment_on_account":
      return withNote(`Payment received on account (${PAYMENT_METHOD_LABELS[cause.method]}).`, cause.note);
    case "package_sold":
      return withNote(`Lesson package paid: ${packageTitle(cause.lessons, cause.priceCents)} (${PAYMENT_METHOD_LABELS[cause.method]}), valid until ${formatDay(cause.validUntil)}.`, cause.note);
    case "package_lesson":
      return `Package lesson ${cause.lessonNumber} of ${cause.lessons} used: ${cause.lateCancel ? "late cancellation, " : ""}${cause.lesson}.`;
  }
}

/** The kinds that are money received by the teacher (the payments CSV counts them). */
export const RECEIVED_KINDS: readonly BalanceEntryKind[] = ["payment_on_account", "package_sold"];
