import { z } from "zod";
import { isCalendarDate } from "../students/students.rules";
import { boundedText, oneLineText } from "../text.schemas";
import type { BookingType } from "../booking/booking.constants";
import {
  INVOICE_LIMITS,
  INVOICE_STATES,
  LATE_CANCEL_CHARGES,
  LESSON_PRICE_MAX_CENTS,
  RECORDED_PAYMENT_METHODS,
  type InvoiceLineKind,
  type InvoiceState,
  type InvoiceStatus,
  type LateCancelCharge,
  type PaymentMethod,
} from "./invoices.constants";

/**
 * Requests and answers of prices, billing settings and invoices (issue 28). Amounts travel as
 * integer cents; forms read dollars with money.rules' parseDollars and send cents.
 */

export const PRICE_MESSAGE = "Price must be an amount from $0 to $1,000";
export const priceCentsSchema = z
  .number({ error: PRICE_MESSAGE })
  .int(PRICE_MESSAGE)
  .min(0, PRICE_MESSAGE)
  .max(LESSON_PRICE_MAX_CENTS, PRICE_MESSAGE);

/**
 * Accepting a request: the price agreed for each of its lessons (a series: every lesson). Without
 * it a full lesson gets the suggested price the teacher was shown; an intro call is always free.
 */
export const acceptBookingSchema = z.object({ priceCents: priceCentsSchema.optional() }).strict();
export type AcceptBookingInput = z.input<typeof acceptBookingSchema>;

export const LATE_CANCEL_CHARGE_MESSAGE = "Late cancellation charge must be none, half or full";
export const billingSettingsSchema = z
  .object({
    lateCancelCharge: z.enum(LATE_CANCEL_CHARGES, { error: LATE_CANCEL_CHARGE_MESSAGE }),
    paymentInstructions: boundedText("Payment instructions", INVOICE_LIMITS.paymentInstructionsMax),
  })
  .strict();
export type BillingSettingsInput = z.input<typeof billingSettingsSchema>;
export interface BillingSettingsDTO {
  lateCancelCharge: LateCancelCharge;
  paymentInstructions: string;
}

export const DATE_MESSAGE = (label: string) => `${label} must be a real date (yyyy-MM-dd)`;
export const calendarDate = (label: string) =>
  z.string({ error: DATE_MESSAGE(label) }).trim().refine(isCalendarDate, DATE_MESSAGE(label));

export const AMOUNT_MESSAGE = "Amount must be more than $0 and at most $100,000";
const AMOUNT_MAX_CENTS = 10_000_000;
export const amountCentsSchema = z.number({ error: AMOUNT_MESSAGE }).int(AMOUNT_MESSAGE).min(1, AMOUNT_MESSAGE).max(AMOUNT_MAX_CENTS, AMOUNT_MESSAGE);

export const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${INVOICE_LIMITS.extraQuantityMax}`;
export const UNIT_PRICE_MESSAGE = "Unit price must be an amount from $0 to $1,000";

/** A line the teacher adds (books, a recital fee). */
export const extraLineSchema = z
  .object({
    description: oneLineText("Description", INVOICE_LIMITS.lineDescriptionMax),
    quantity: z.number({ error: QUANTITY_MESSAGE }).int(QUANTITY_MESSAGE).min(1, QUANTITY_MESSAGE).max(INVOICE_LIMITS.extraQuantityMax, QUANTITY_MESSAGE),
    unitCents: z.number({ error: UNIT_PRICE_MESSAGE }).int(UNIT_PRICE_MESSAGE).min(0, UNIT_PRICE_MESSAGE).max(LESSON_PRICE_MAX_CENTS, UNIT_PRICE_MESSAGE),
  })
  .strict();
export type ExtraLineInput = z.input<typeof extraLineSchema>;

const extraLines = z
  .array(extraLineSchema, { error: "Extra lines must be a list" })
  .max(INVOICE_LIMITS.extraLinesMax, `An invoice has at most ${INVOICE_LIMITS.extraLinesMax} extra lines`);

export const RANGE_MESSAGE = "The end date must be on or after the start date";
export const DUE_MESSAGE = `The due date must be from the issue date to ${INVOICE_LIMITS.dueDaysMax} days after it`;

/** The lessons of one family in a date range (the teacher's zone), as the create form previews them. */
export const invoicePreviewQuerySchema = z
  .object({ parentId: z.guid("Family not found"), from: calendarDate("Start date"), to: calendarDate("End date") })
  .refine((q) => q.to >= q.from, { message: RANGE_MESSAGE, path: ["to"] });
export type InvoicePreviewQuery = z.output<typeof invoicePreviewQuerySchema>;

/**
 * A new draft: every attended lesson and charged late cancellation of the family in [from, to]
 * not yet on an invoice, the extra lines and a note. `dueDays` counts from today (the issue date).
 */
export const createInvoiceSchema = z
  .object({
    parentId: z.guid("Family not found"),
    from: calendarDate("Start date"),
    to: calendarDate("End date"),
    dueDays: z.number({ error: DUE_MESSAGE }).int(DUE_MESSAGE).min(0, DUE_MESSAGE).max(INVOICE_LIMITS.dueDaysMax, DUE_MESSAGE).default(INVOICE_LIMITS.dueDaysDefault),
    note: boundedText("Note", INVOICE_LIMITS.noteMax).default(""),
    extraLines: extraLines.default([]),
    /** The void invoice this one replaces (Void and replace). */
    replacesInvoiceId: z.guid("Invoice not found").optional(),
  })
  .strict()
  .refine((q) => q.to >= q.from, { message: RANGE_MESSAGE, path: ["to"] });
export type CreateInvoiceInput = z.input<typeof createInvoiceSchema>;
/** The same after parsing (defaults filled in), as the service takes it. */
export type CreateInvoiceData = z.output<typeof createInvoiceSchema>;

/** A draft's changes: its due date, note and extra lines (the lessons are what the range held). */
export const updateInvoiceSchema = z
  .object({
    dueDate: calendarDate("Due date").optional(),
    note: boundedText("Note", INVOICE_LIMITS.noteMax).optional(),
    extraLines: extraLines.optional(),
    /** Lesson lines to take off the draft (their lessons become invoiceable again). */
    removeLineIds: z.array(z.guid("Line not found")).max(200).optional(),
  })
  .strict();
export type UpdateInvoiceInput = z.input<typeof updateInvoiceSchema>;

export const METHOD_MESSAGE = "Method must be cash, check, bank transfer, card (outside the app) or other";
export const recordPaymentSchema = z
  .object({
    amountCents: amountCentsSchema,
    paidOn: calendarDate("Payment date"),
    method: z.enum(RECORDED_PAYMENT_METHODS, { error: METHOD_MESSAGE }),
    note: boundedText("Note", INVOICE_LIMITS.paymentNoteMax).default(""),
  })
  .strict();
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;

export const voidInvoiceSchema = z.object({ reason: oneLineText("Reason", INVOICE_LIMITS.voidReasonMax) }).strict();
export type VoidInvoiceInput = z.input<typeof voidInvoiceSchema>;

export const invoiceListQuerySchema = z.object({
  parentId: z.guid("Family not found").optional(),
  state: z.enum(INVOICE_STATES, { error: "Unknown invoice state" }).optional(),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;

export const YEAR_MESSAGE = "Year must be a year from 2000 to 2100, like 2026";
export const invoiceYearQuerySchema = z.object({
  year: z
    .string({ error: YEAR_MESSAGE })
    .regex(/^\d{4}$/, YEAR_MESSAGE)
    .transform(Number)
    .refine((y) => y >= 2000 && y <= 2100, YEAR_MESSAGE),
});

/** A family's year-end statement from one teacher (the teacher's numbering id survives their deletion). */
export const statementQuerySchema = invoiceYearQuerySchema.extend({ teacherId: z.guid("Teacher not found") });

export const invoiceIdParams = z.object({ invoiceId: z.guid() });

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: "Cash",
  check: "Check",
  bank_transfer: "Bank transfer",
  card: "Card (outside the app)",
  other: "Other",
  credit: "Credit on account",
};

// Answers.

export interface InvoiceLineDTO {
  id: string;
  kind: InvoiceLineKind;
  bookingId: string | null;
  /** "Full Lesson · Tue, Nov 3, 2026 · 4:00 PM EST · Mia Rivera" */
  description: string;
  /** "Attended", or the cancellation rule that applied. */
  detail: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
  /** The lesson's price was estimated at migration (issue 28): shown as such. */
  estimated: boolean;
}

export interface InvoicePaymentDTO {
  id: string;
  amountCents: number;
  paidOn: string;
  method: PaymentMethod;
  note: string;
  createdAt: string;
}

export interface InvoiceSummaryDTO {
  id: string;
  number: string;
  status: InvoiceStatus;
  state: InvoiceState;
  /** The numbering teacher's id: a family's statement is per teacher. */
  teacherId: string;
  /** The name copied at creation; DELETED_TEACHER_NAME once the teacher deleted their account (issue 41). */
  teacherName: string;
  /**
   * The teacher deleted their account (issue 41): what is still owed cannot be paid or asked
   * about through the app (TEACHER_LEFT_OWED_TEXT); their copied contact and payment details are
   * no longer shown.
   */
  teacherLeft: boolean;
  /** What a teacher who left wrote for families who still owe them (how to reach and pay them); null when nothing. */
  teacherLeftContact: string | null;
  parentId: string | null;
  familyName: string;
  /**
   * Issue 45: a share invoice (the household's split) is addressed to one guardian: their id (null
   * once their account is gone), name and which share ("50 % share"); all null on a household's invoice.
   */
  guardianId: string | null;
  guardianName: string | null;
  shareNote: string | null;
  issueDate: string;
  dueDate: string;
  periodFrom: string | null;
  periodTo: string | null;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  currency: "USD";
  sentAt: string | null;
}

export interface InvoiceDTO extends InvoiceSummaryDTO {
  note: string;
  teacherEmail: string;
  teacherPhone: string;
  paymentInstructions: string;
  familyEmail: string;
  guardianEmail: string | null;
  /** The teacher's view of a share invoice: the other guardians' shares made with it (never shown to a guardian). */
  otherShares: InvoiceShareDTO[];
  /**
   * The teacher's view only: whom its emails go to now (issue 45): every guardian of the household,
   * or a share's guardian; accounts suspended or deleted left out. Empty in a family's view.
   */
  recipients: { name: string; email: string }[];
  voidReason: string | null;
  voidedAt: string | null;
  replacesInvoiceId: string | null;
  lines: InvoiceLineDTO[];
  payments: InvoicePaymentDTO[];
}

export interface InvoiceShareDTO {
  id: string;
  number: string;
  guardianName: string;
  shareNote: string;
  totalCents: number;
  state: InvoiceState;
}

export interface InvoiceListDTO {
  invoices: InvoiceSummaryDTO[];
  /** Owed on sent invoices (all of them, not only the filtered ones), less the credit not yet spent. */
  outstandingCents: number;
  overdueCents: number;
  /** Credit on account (a void invoice's payments) not yet spent on an invoice (issue 40). */
  creditCents: number;
}

/** A lesson line as the create form previews it, before any invoice exists. */
export interface InvoicePreviewLineDTO {
  kind: Exclude<InvoiceLineKind, "extra">;
  bookingId: string;
  startsAt: string;
  bookingType: BookingType;
  description: string;
  detail: string;
  amountCents: number;
  estimated: boolean;
}

export interface InvoicePreviewDTO {
  lines: InvoicePreviewLineDTO[];
  totalCents: number;
}

/** A family the teacher can invoice: has lessons with them, and how many are not yet invoiced. */
export interface InvoiceFamilyDTO {
  parentId: string;
  familyName: string;
  uninvoicedCount: number;
  uninvoicedCents: number;
}

export const CSV_KIND_MESSAGE = "Kind must be invoices or payments";
/** The teacher's tax export: a year's invoices, or a year's payments received. */
export const invoiceCsvQuerySchema = invoiceYearQuerySchema.extend({
  kind: z.enum(["invoices", "payments"], { error: CSV_KIND_MESSAGE }).default("invoices"),
});
export type InvoiceCsvQuery = z.output<typeof invoiceCsvQuerySchema>;
export type StatementQuery = z.output<typeof statementQuerySchema>;

/** What a family reads beside a balance still owed to a teacher who deleted their account (issue 41). */
export const TEACHER_LEFT_OWED_TEXT = "The teacher deleted their account: no longer payable in the app";
/** When the teacher left how to reach and pay them (issue 41), before their words. */
export const TEACHER_LEFT_CONTACT_TEXT = "The teacher deleted their account and left these details for what is still owed:";

/** What a family reads about money still owed to a teacher who left: their contact if they left one. */
export function teacherLeftOwedText(contact: string | null | undefined): string {
  return contact ? `${TEACHER_LEFT_CONTACT_TEXT} ${contact}` : TEACHER_LEFT_OWED_TEXT;
}
