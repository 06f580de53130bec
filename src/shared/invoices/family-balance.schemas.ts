import { z } from "zod";
import { boundedText } from "../text.schemas";
import { INVOICE_LIMITS, PACKAGE_LIMITS, RECORDED_PAYMENT_METHODS, type CreditEntryKind, type PaymentMethod } from "./invoices.constants";
import type { PackageState } from "./lesson-package.rules";
import { amountCentsSchema, calendarDate, METHOD_MESSAGE } from "./invoices.schemas";

/**
 * A family's balance with a teacher (issue 40): credit on account (money received before any
 * invoice, a void invoice's payments) and prepaid lesson packages, with their history.
 */

const family = z.guid("Family not found");
const method = z.enum(RECORDED_PAYMENT_METHODS, { error: METHOD_MESSAGE });

/** Money the family paid before any invoice: it becomes credit and pays their next invoices. */
export const paymentOnAccountSchema = z
  .object({
    parentId: family,
    amountCents: amountCentsSchema,
    paidOn: calendarDate("Payment date"),
    method,
    note: boundedText("Note", INVOICE_LIMITS.paymentNoteMax).default(""),
  })
  .strict();
export type PaymentOnAccountInput = z.input<typeof paymentOnAccountSchema>;

export const PACKAGE_LESSONS_MESSAGE = `Lessons must be a whole number from ${PACKAGE_LIMITS.lessonsMin} to ${PACKAGE_LIMITS.lessonsMax}`;
export const PACKAGE_PRICE_MESSAGE = "Price must be an amount from $1 to $50,000";
export const PACKAGE_VALID_MESSAGE = `The package must stay valid from the payment date to at most ${PACKAGE_LIMITS.validDaysMax} days after it`;

/** A lesson package the family bought and paid: "N lessons for $X", valid until a date. */
export const lessonPackageSchema = z
  .object({
    parentId: family,
    lessons: z
      .number({ error: PACKAGE_LESSONS_MESSAGE })
      .int(PACKAGE_LESSONS_MESSAGE)
      .min(PACKAGE_LIMITS.lessonsMin, PACKAGE_LESSONS_MESSAGE)
      .max(PACKAGE_LIMITS.lessonsMax, PACKAGE_LESSONS_MESSAGE),
    priceCents: z
      .number({ error: PACKAGE_PRICE_MESSAGE })
      .int(PACKAGE_PRICE_MESSAGE)
      .min(PACKAGE_LIMITS.priceMinCents, PACKAGE_PRICE_MESSAGE)
      .max(PACKAGE_LIMITS.priceMaxCents, PACKAGE_PRICE_MESSAGE),
    validUntil: calendarDate("Valid until"),
    paidOn: calendarDate("Payment date"),
    method,
    note: boundedText("Note", INVOICE_LIMITS.paymentNoteMax).default(""),
  })
  .strict()
  .refine((p) => p.validUntil >= p.paidOn, { message: PACKAGE_VALID_MESSAGE, path: ["validUntil"] });
export type LessonPackageInput = z.input<typeof lessonPackageSchema>;

export const familyBalanceQuerySchema = z.object({ parentId: family });

// Answers.

export interface LessonPackageDTO {
  id: string;
  lessons: number;
  priceCents: number;
  lessonsUsed: number;
  lessonsLeft: number;
  validUntil: string;
  paidOn: string;
  method: PaymentMethod;
  note: string;
  state: PackageState;
}

/** What changed the balance, newest first, each citing its cause. */
export type BalanceEntryKind = CreditEntryKind | "package_sold" | "package_lesson";

export interface BalanceEntryDTO {
  id: string;
  kind: BalanceEntryKind;
  /** When it happened (ISO); `day` is that, or the payment date, on the reader's calendar. */
  at: string;
  day: string;
  /** "Payment received (Cash)", "Lesson 2 of 4 used: Full Lesson · Tue, Dec 1, 2026 · 4:00 PM EST" */
  text: string;
  /** The credit's change (0 for a package's lessons, which are not credit). */
  creditCents: number;
  /** Money received (a payment on account, a package paid), 0 otherwise. */
  receivedCents: number;
  invoiceId: string | null;
  invoiceNumber: string | null;
  packageId: string | null;
}

export interface FamilyBalanceDTO {
  teacherId: string;
  teacherName: string;
  parentId: string;
  familyName: string;
  /** Credit not yet spent on an invoice. */
  creditCents: number;
  packages: LessonPackageDTO[];
  history: BalanceEntryDTO[];
  currency: "USD";
}
