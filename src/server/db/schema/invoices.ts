import { sql } from "drizzle-orm";
import { boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { BASIS_POINTS_WHOLE, SPLIT_ENTRIES_MAX } from "../../../shared/invoices/invoice-split.rules";
import { CREDIT_ENTRY_KINDS, CURRENCY, INVOICE_LIMITS, INVOICE_LINE_KINDS, INVOICE_STATUSES, PACKAGE_LIMITS, PAYMENT_METHODS, RECORDED_PAYMENT_METHODS } from "../../../shared/invoices/invoices.constants";
import { parentProfiles } from "./accounts";
import { bookings } from "./booking";
import { createdAt, id, instant, nonBlank, oneOf } from "./columns";
import { studentProfiles } from "./students";
import { teacherProfiles } from "./teachers";

/**
 * The last invoice number a teacher used in a year (issue 28). Taking a number is an upsert of
 * this row, which holds its lock until the invoice's transaction ends: two invoices made at the
 * same moment get consecutive numbers, and a rolled-back one gives its number back (no gaps).
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    teacherId: uuid()
      .notNull()
      .references(() => teacherProfiles.id, { onDelete: "cascade" }),
    year: smallint().notNull(),
    lastNumber: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.teacherId, t.year] })],
);

/**
 * An invoice from a teacher to a family. Both sides are null once that account is deleted; the
 * names and contacts are copied at creation so the other side keeps a readable invoice and PDF.
 * `status` is the lifecycle (draft, sent, void); paid, partly paid and overdue are read from the
 * payments, `paid_cents` (kept with them) and `overdue_at` (set by the daily sweep).
 */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    teacherId: uuid().references(() => teacherProfiles.id, { onDelete: "set null" }),
    parentId: uuid().references(() => parentProfiles.id, { onDelete: "set null" }),
    /** "CK-2026-0007": the teacher's initials, the year, the year's sequence. */
    number: text().notNull(),
    year: smallint().notNull(),
    sequence: integer().notNull(),
    /** The teacher's numbering key: kept when the teacher is deleted (teacher_id goes null). */
    numberingTeacherId: uuid().notNull(),
    status: text().notNull().default("draft"),
    currency: text().notNull().default(CURRENCY),
    /** The invoice's dates in the teacher's zone ("2026-11-30"). */
    issueDate: date({ mode: "string" }).notNull(),
    dueDate: date({ mode: "string" }).notNull(),
    /** The lessons' range it was made from, when made for a month or a chosen range. */
    periodFrom: date({ mode: "string" }),
    periodTo: date({ mode: "string" }),
    note: text().notNull().default(""),
    /** The sum of its lines, kept with them in the same transaction. */
    totalCents: integer().notNull().default(0),
    /** The sum of its payments, kept with them in the same transaction. */
    paidCents: integer().notNull().default(0),
    teacherName: text().notNull(),
    teacherEmail: text().notNull(),
    teacherPhone: text().notNull().default(""),
    teacherTimeZone: text().notNull(),
    /** How to pay, as the teacher wrote it in settings, copied when sent. */
    paymentInstructions: text().notNull().default(""),
    /**
     * Issue 41: what a teacher who deleted their account left for families who still owe them (how
     * to reach and pay them), written on their invoices at the deletion; null when nothing was left.
     */
    teacherLeftContact: text(),
    familyName: text().notNull(),
    familyEmail: text().notNull(),
    /**
     * Issue 45: a split invoice is one guardian's share of the household's invoice, addressed to
     * that guardian only (null: the whole household, as before splits). Their name and email are
     * copied like the family's; `share_note` says which share ("50 % share", "per-student share").
     * guardian_id goes null if that guardian deletes their account; the copies stay.
     */
    guardianId: uuid().references(() => parentProfiles.id, { onDelete: "set null" }),
    guardianName: text(),
    guardianEmail: text(),
    shareNote: text(),
    /** The share invoices made together from one household invoice carry the same id (null: not split). */
    splitGroupId: uuid(),
    createdAt: createdAt(),
    updatedAt: instant().notNull().defaultNow(),
    sentAt: instant(),
    /** Set by the daily sweep the first day a sent invoice is unpaid past its due date. */
    overdueAt: instant(),
    paidAt: instant(),
    voidedAt: instant(),
    voidReason: text(),
    /** The void invoice this one replaces, when made with Void and replace. */
    replacesInvoiceId: uuid(),
  },
  (t) => [
    uniqueIndex("invoices_number_key").on(t.numberingTeacherId, t.year, t.sequence),
    index("invoices_teacher_idx").on(t.teacherId, t.createdAt),
    index("invoices_parent_idx").on(t.parentId, t.createdAt),
    index("invoices_guardian_idx").on(t.guardianId, t.createdAt).where(sql`${t.guardianId} is not null`),
    index("invoices_split_group_idx").on(t.splitGroupId).where(sql`${t.splitGroupId} is not null`),
    check(
      "invoices_share_check",
      sql`(${t.shareNote} is null) = (${t.guardianName} is null) and (${t.shareNote} is null) = (${t.guardianEmail} is null) and (${t.shareNote} is null) = (${t.splitGroupId} is null) and (${t.guardianId} is null or ${t.shareNote} is not null)`,
    ),
    // A void invoice is replaced at most once (issue 40); the service answers 409 first.
    uniqueIndex("invoices_replaces_once_key").on(t.replacesInvoiceId).where(sql`${t.replacesInvoiceId} is not null`),
    // The daily sweep reads sent, unpaid invoices only.
    index("invoices_open_due_idx").on(t.dueDate).where(sql`${t.status} = 'sent' and ${t.paidCents} < ${t.totalCents}`),
    check("invoices_status_check", oneOf(t.status, INVOICE_STATUSES)),
    check("invoices_currency_check", sql`${t.currency} = ${sql.raw(`'${CURRENCY}'`)}`),
    check("invoices_sequence_check", sql`${t.sequence} > 0`),
    check("invoices_amounts_check", sql`${t.totalCents} >= 0 and ${t.paidCents} >= 0 and ${t.paidCents} <= ${t.totalCents}`),
    check("invoices_dates_check", sql`${t.dueDate} >= ${t.issueDate} and (${t.periodFrom} is null) = (${t.periodTo} is null) and (${t.periodTo} is null or ${t.periodTo} >= ${t.periodFrom})`),
    check("invoices_sent_check", sql`(${t.status} = 'draft') = (${t.sentAt} is null) or ${t.status} = 'void'`),
    check("invoices_void_check", sql`(${t.status} = 'void') = (${t.voidedAt} is not null) and (${t.voidedAt} is null) = (${t.voidReason} is null)`),
    check("invoices_note_check", sql`length(${t.note}) <= ${sql.raw(String(INVOICE_LIMITS.noteMax))}`),
    check("invoices_void_reason_check", sql`${t.voidReason} is null or (${nonBlank(t.voidReason)} and length(${t.voidReason}) <= ${sql.raw(String(INVOICE_LIMITS.voidReasonMax))})`),
  ],
);

/**
 * One line of an invoice: a lesson (its booking), a charged late cancellation (its booking), or an
 * extra the teacher adds (books, a recital fee). The description cites what it is for and is fixed
 * when the line is made. A booking is on at most one invoice that is not void: the partial unique
 * index, kept with `released` when the invoice is voided.
 */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: id(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: smallint().notNull(),
    kind: text().notNull(),
    bookingId: uuid().references(() => bookings.id, { onDelete: "set null" }),
    description: text().notNull(),
    /** A second line of detail: attendance, or the cancellation rule that applied. */
    detail: text().notNull().default(""),
    quantity: smallint().notNull().default(1),
    unitCents: integer().notNull(),
    amountCents: integer().notNull(),
    /** True once its invoice is void: the booking can go on another invoice. */
    released: boolean().notNull().default(false),
    /**
     * Issue 45: 0 on a household's invoice; k (1, 2, …) on the k-th guardian's share invoice of a
     * split, so one booking is on each share once and on no other invoice.
     */
    share: smallint().notNull().default(0),
  },
  (t) => [
    index("invoice_lines_invoice_idx").on(t.invoiceId, t.position),
    uniqueIndex("invoice_lines_booking_once_key").on(t.bookingId, t.share).where(sql`${t.bookingId} is not null and not ${t.released}`),
    check("invoice_lines_share_check", sql`${t.share} between 0 and ${sql.raw(String(SPLIT_ENTRIES_MAX))}`),
    check("invoice_lines_kind_check", oneOf(t.kind, INVOICE_LINE_KINDS)),
    // An extra never cites a booking; a lesson line keeps its booking (null only if that row is ever deleted).
    check("invoice_lines_booking_check", sql`${t.kind} <> 'extra' or ${t.bookingId} is null`),
    check("invoice_lines_amount_check", sql`${t.unitCents} >= 0 and ${t.quantity} between 1 and ${sql.raw(String(INVOICE_LIMITS.extraQuantityMax))} and ${t.amountCents} = ${t.unitCents} * ${t.quantity}`),
    check("invoice_lines_description_check", sql`${nonBlank(t.description)} and length(${t.description}) <= ${sql.raw(String(INVOICE_LIMITS.lineDescriptionMax))}`),
  ],
);

/** A payment the teacher recorded as received outside the app. */
export const invoicePayments = pgTable(
  "invoice_payments",
  {
    id: id(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    amountCents: integer().notNull(),
    paidOn: date({ mode: "string" }).notNull(),
    method: text().notNull(),
    note: text().notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("invoice_payments_invoice_idx").on(t.invoiceId, t.paidOn),
    check("invoice_payments_amount_check", sql`${t.amountCents} > 0`),
    check("invoice_payments_method_check", oneOf(t.method, PAYMENT_METHODS)),
    check("invoice_payments_note_check", sql`length(${t.note}) <= ${sql.raw(String(INVOICE_LIMITS.paymentNoteMax))}`),
  ],
);

/**
 * A family's credit with a teacher (issue 40), as a ledger: a void invoice's payments and money
 * received before any invoice (a payment on account: its date, method and note) come in, and go
 * out applied to the family's open invoices (as `credit` payments on them). Each entry cites the
 * invoice that caused it, or is the payment itself. The balance (the sum) is never negative:
 * entries of one family and teacher are written under one advisory lock (family-credit.repo.ts).
 */
export const familyCreditEntries = pgTable(
  "family_credit_entries",
  {
    id: id(),
    teacherId: uuid().references(() => teacherProfiles.id, { onDelete: "set null" }),
    parentId: uuid().references(() => parentProfiles.id, { onDelete: "set null" }),
    kind: text().notNull(),
    amountCents: integer().notNull(),
    invoiceId: uuid().references(() => invoices.id, { onDelete: "cascade" }),
    paidOn: date({ mode: "string" }),
    method: text(),
    note: text().notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("family_credit_entries_family_idx").on(t.teacherId, t.parentId, t.createdAt),
    check("family_credit_entries_kind_check", oneOf(t.kind, CREDIT_ENTRY_KINDS)),
    check("family_credit_entries_amount_check", sql`(${t.kind} in ('void_credit', 'payment_on_account') and ${t.amountCents} > 0) or (${t.kind} = 'credit_applied' and ${t.amountCents} < 0)`),
    // A payment on account is the money itself (a date, a method); every other entry cites its invoice.
    check(
      "family_credit_entries_cause_check",
      sql`(${t.kind} = 'payment_on_account') = (${t.invoiceId} is null and ${t.paidOn} is not null and ${t.method} is not null)`,
    ),
    check("family_credit_entries_method_check", sql`${t.method} is null or ${oneOf(t.method, RECORDED_PAYMENT_METHODS)}`),
    check("family_credit_entries_note_check", sql`length(${t.note}) <= ${sql.raw(String(INVOICE_LIMITS.paymentNoteMax))}`),
  ],
);

/**
 * A prepaid lesson package (issue 40): the family paid `price_cents` on `paid_on` for `lessons`
 * lessons with the teacher, usable until `valid_until` (the teacher's zone). Attended lessons and
 * charged late cancellations draw it down (lesson_package_draws).
 */
export const lessonPackages = pgTable(
  "lesson_packages",
  {
    id: id(),
    teacherId: uuid().references(() => teacherProfiles.id, { onDelete: "set null" }),
    parentId: uuid().references(() => parentProfiles.id, { onDelete: "set null" }),
    lessons: smallint().notNull(),
    priceCents: integer().notNull(),
    validUntil: date({ mode: "string" }).notNull(),
    paidOn: date({ mode: "string" }).notNull(),
    method: text().notNull(),
    note: text().notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("lesson_packages_family_idx").on(t.teacherId, t.parentId, t.validUntil),
    check("lesson_packages_lessons_check", sql`${t.lessons} between ${sql.raw(String(PACKAGE_LIMITS.lessonsMin))} and ${sql.raw(String(PACKAGE_LIMITS.lessonsMax))}`),
    check("lesson_packages_price_check", sql`${t.priceCents} between ${sql.raw(String(PACKAGE_LIMITS.priceMinCents))} and ${sql.raw(String(PACKAGE_LIMITS.priceMaxCents))}`),
    check("lesson_packages_valid_check", sql`${t.validUntil} >= ${t.paidOn}`),
    check("lesson_packages_method_check", oneOf(t.method, RECORDED_PAYMENT_METHODS)),
    check("lesson_packages_note_check", sql`length(${t.note}) <= ${sql.raw(String(INVOICE_LIMITS.paymentNoteMax))}`),
  ],
);

/**
 * One lesson of a package used by a booking (an attended lesson or a charged late cancellation),
 * worth `amount_cents` (packageLessonCents). A booking uses at most one package lesson, and a
 * package's lesson numbers are unique: the database itself refuses a package drawn twice for one number.
 */
export const lessonPackageDraws = pgTable(
  "lesson_package_draws",
  {
    id: id(),
    packageId: uuid()
      .notNull()
      .references(() => lessonPackages.id, { onDelete: "cascade" }),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    lessonNumber: smallint().notNull(),
    amountCents: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("lesson_package_draws_booking_key").on(t.bookingId),
    uniqueIndex("lesson_package_draws_number_key").on(t.packageId, t.lessonNumber),
    check("lesson_package_draws_number_check", sql`${t.lessonNumber} between 1 and ${sql.raw(String(PACKAGE_LIMITS.lessonsMax))}`),
    check("lesson_package_draws_amount_check", sql`${t.amountCents} >= 0`),
  ],
);

/**
 * Issue 45: how a teacher splits a household's invoices between its guardians: by shares (basis
 * points summing to 100 %) or per student (each student's lines to one guardian). Read when an
 * invoice is made; a split naming a guardian who has left the household no longer applies (the
 * household gets one invoice, and the teacher is told why).
 */
export const householdSplits = pgTable(
  "household_splits",
  {
    teacherId: uuid()
      .notNull()
      .references(() => teacherProfiles.id, { onDelete: "cascade" }),
    householdId: uuid()
      .notNull()
      .references(() => parentProfiles.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teacherId, t.householdId] }), check("household_splits_kind_check", sql`${t.kind} in ('shares', 'per_student')`)],
);

/**
 * One entry of a split: a guardian's share (basis points), or a student whose lines go to a
 * guardian. guardian_id goes null when that guardian deletes their account: the split then names
 * someone gone and stops applying, rather than silently sharing among the rest.
 */
export const householdSplitEntries = pgTable(
  "household_split_entries",
  {
    teacherId: uuid().notNull(),
    householdId: uuid().notNull(),
    position: smallint().notNull(),
    guardianId: uuid().references(() => parentProfiles.id, { onDelete: "set null" }),
    studentId: uuid().references(() => studentProfiles.id, { onDelete: "cascade" }),
    basisPoints: smallint(),
  },
  (t) => [
    primaryKey({ columns: [t.teacherId, t.householdId, t.position] }),
    foreignKey({ columns: [t.teacherId, t.householdId], foreignColumns: [householdSplits.teacherId, householdSplits.householdId], name: "household_split_entries_split_fk" }).onDelete("cascade"),
    check("household_split_entries_position_check", sql`${t.position} between 1 and ${sql.raw(String(SPLIT_ENTRIES_MAX))}`),
    check("household_split_entries_share_check", sql`(${t.studentId} is null) = (${t.basisPoints} is not null) and (${t.basisPoints} is null or ${t.basisPoints} between 0 and ${sql.raw(String(BASIS_POINTS_WHOLE))})`),
  ],
);
