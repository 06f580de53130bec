/**
 * Invoices (issue 28). No payment is taken in the app (decisions.md section 2): an invoice is the
 * teacher's exact record of what a family owes for lessons taught, and a payment is what the
 * teacher records as received outside the app. Every amount is integer cents of one currency.
 */

export const CURRENCY = "USD" as const;

/** A lesson's agreed price: any whole-cent amount from $0 to $1,000. */
export const LESSON_PRICE_MAX_CENTS = 100_000;

/** What a late cancellation by the family costs, from the teacher's settings, from now on. */
export const LATE_CANCEL_CHARGES = ["none", "half", "full"] as const;
export type LateCancelCharge = (typeof LATE_CANCEL_CHARGES)[number];

/** The stored lifecycle of an invoice; paid, partly paid and overdue are read from payments and the due date. */
export const INVOICE_STATUSES = ["draft", "sent", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The state an invoice is shown in (invoice-state.rules.ts). */
export const INVOICE_STATES = ["draft", "sent", "partly_paid", "paid", "overdue", "void"] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/**
 * `package`: a lesson (or charged late cancellation) a prepaid lesson package covered (issue 40),
 * listed at $0.00 so the invoice shows what the package paid and what is still owed.
 */
export const INVOICE_LINE_KINDS = ["lesson", "late_cancel", "extra", "package"] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

/** How a teacher received money: what the Record payment form offers. */
export const RECORDED_PAYMENT_METHODS = ["cash", "check", "bank_transfer", "card", "other"] as const;
export type RecordedPaymentMethod = (typeof RECORDED_PAYMENT_METHODS)[number];
/**
 * Every method a payment row can have: `credit` is the family's credit with the teacher (from a
 * void invoice's payments) applied to an invoice by the app, never recorded by hand and never
 * counted as money received (payments CSV, earnings).
 */
export const PAYMENT_METHODS = [...RECORDED_PAYMENT_METHODS, "credit"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * A family's credit with a teacher (issue 40) is a ledger: a void invoice's payments and money
 * received before any invoice (`payment_on_account`) come in (positive), and go out applied to the
 * family's open invoices (`credit_applied`, negative). Its sum is never negative.
 */
export const CREDIT_ENTRY_KINDS = ["void_credit", "payment_on_account", "credit_applied"] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];

/** A prepaid lesson package (issue 40): "N lessons for $X", valid until a date. */
export const PACKAGE_LIMITS = {
  lessonsMin: 1,
  lessonsMax: 100,
  /** How far ahead a package may stay valid, counted from the day it is paid. */
  validDaysMax: 730,
  /** Its price: from $1 to $50,000. */
  priceMinCents: 100,
  priceMaxCents: 5_000_000,
} as const;

/** Limits the schemas and the database both keep. */
export const INVOICE_LIMITS = {
  noteMax: 1000,
  lineDescriptionMax: 200,
  extraLinesMax: 20,
  extraQuantityMax: 100,
  paymentInstructionsMax: 1000,
  voidReasonMax: 500,
  paymentNoteMax: 200,
  /** Days from the issue date to the due date a teacher may choose. */
  dueDaysMax: 90,
  dueDaysDefault: 14,
  /** Reminders after the due date: the day after, then weekly, three at most. */
  remindersMax: 3,
} as const;
