import { parentClock } from "../../shared/time-zone.rules";
import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { BookingType } from "../../shared/booking/booking.constants";
import type { InvoiceLineKind, InvoiceStatus, LateCancelCharge, PaymentMethod } from "../../shared/invoices/invoices.constants";
import type { InvoiceLineDTO } from "../../shared/invoices/invoices.schemas";
import type { Executor } from "../db/client";
import { heldLessonAs } from "../db/held-lessons";
import { familyOfTeacher } from "../db/relationships";
import { bookings, bookingSlots, invoiceLines, invoicePayments, invoices, parentProfiles, teacherProfiles, user } from "../db/schema";

/** The teacher as an invoice names them, and what invoicing needs from their settings. */
export async function teacherForInvoice(db: Executor, teacherId: string) {
  const [row] = await db
    .select({
      id: teacherProfiles.id,
      firstName: teacherProfiles.firstName,
      lastName: teacherProfiles.lastName,
      phone: teacherProfiles.phone,
      timeZone: teacherProfiles.timeZone,
      paymentInstructions: teacherProfiles.paymentInstructions,
      lateCancelCharge: teacherProfiles.lateCancelCharge,
      email: user.email,
    })
    .from(teacherProfiles)
    .innerJoin(user, eq(user.id, teacherProfiles.userId))
    .where(eq(teacherProfiles.id, teacherId));
  return row ? { ...row, lateCancelCharge: row.lateCancelCharge as LateCancelCharge } : null;
}

/** One of the teacher's families (a held lesson or a class: relationships.ts), with their contact. */
export async function familyContactOfTeacher(db: Executor, teacherId: string, parentId: string) {
  const [row] = await db
    .select({ id: parentProfiles.id, firstName: parentProfiles.firstName, lastName: parentProfiles.lastName, email: user.email })
    .from(parentProfiles)
    .innerJoin(user, eq(user.id, parentProfiles.userId))
    .where(
      and(
        eq(parentProfiles.id, parentId),
        familyOfTeacher(sql`${teacherId}`, sql`${parentProfiles.id}`),
      ),
    );
  return row ?? null;
}

/** The family's current name and email (a draft is sent with them, not with what they were at creation). */
export async function familyContact(db: Executor, parentId: string) {
  const [row] = await db
    .select({ firstName: parentProfiles.firstName, lastName: parentProfiles.lastName, email: user.email })
    .from(parentProfiles)
    .innerJoin(user, eq(user.id, parentProfiles.userId))
    .where(eq(parentProfiles.id, parentId));
  return row ?? null;
}

/**
 * What a lesson line can be made from: an attended lesson with a price (an intro call at $0 is
 * left out), or a late cancellation that the policy charged. Either only while no invoice that
 * is not void holds it. A lesson a package covered (issue 40) is also one: `covered` tells which.
 */
export const lessonOnInvoice = sql`(
  (b.status = 'accepted' and b.attendance = 'attended' and b.price_cents is not null and (b.price_cents > 0 or b.booking_type <> 'intro'))
  or (b.status = 'cancelled' and b.cancel_charge_cents is not null and b.cancel_charge_cents > 0)
) and not exists (select 1 from invoice_lines l where l.booking_id = b.id and not l.released)`;
const covered = sql`exists (select 1 from lesson_package_draws d where d.booking_id = b.id)`;
const invoiceable = sql`${lessonOnInvoice} and not ${covered}`;

export interface InvoiceableLesson {
  bookingId: string;
  status: "accepted" | "cancelled";
  bookingType: BookingType;
  startsAt: Date;
  endsAt: Date;
  cancelledAt: Date | null;
  priceCents: number;
  priceEstimated: boolean;
  cancelChargeCents: number | null;
  cancelNoticeHours: number | null;
  studentName: string | null;
  /** The lesson's student (a per-student split gives their lines to one guardian, issue 45). */
  studentId: string | null;
  /** The package lesson that covered it (issue 40), when one did. */
  covered: { lessonNumber: number; lessons: number; priceCents: number } | null;
}

/** Raw statements answer `{ rows }` on both drivers (PGlite and node-postgres). */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

const toDate = (value: unknown): Date | null => (value === null || value === undefined ? null : value instanceof Date ? value : new Date(value as string));

/**
 * The family's invoiceable lessons with this teacher starting in [from, to), in time order; with
 * `covered`, the lessons a package covered instead (an invoice lists them at $0.00, issue 40).
 */
export async function invoiceableLessons(db: Executor, teacherId: string, parentId: string, from: Date, to: Date, which: "charged" | "covered" = "charged"): Promise<InvoiceableLesson[]> {
  const result = await db.execute(sql`
    select b.id as "bookingId", b.status, b.booking_type as "bookingType", s.starts_at as "startsAt", s.ends_at as "endsAt",
           b.cancelled_at as "cancelledAt", b.price_cents as "priceCents", b.price_estimated as "priceEstimated",
           b.cancel_charge_cents as "cancelChargeCents", b.cancel_notice_hours as "cancelNoticeHours",
           case when st.id is null then null else st.first_name || ' ' || st.last_name end as "studentName", st.id as "studentId",
           d.lesson_number as "lessonNumber", p.lessons as "packageLessons", p.price_cents as "packagePriceCents"
      from bookings b
      join booking_slots s on s.id = b.slot_id
      left join student_profiles st on st.id = b.student_id
      left join lesson_package_draws d on d.booking_id = b.id
      left join lesson_packages p on p.id = d.package_id
     where b.teacher_id = ${teacherId} and b.parent_id = ${parentId}
       and s.starts_at >= ${from.toISOString()}::timestamptz and s.starts_at < ${to.toISOString()}::timestamptz
       and ${lessonOnInvoice} and ${which === "covered" ? sql`d.id is not null` : sql`d.id is null`}
     order by s.starts_at, b.id
  `);
  return rowsOf(result).map((row) => ({
    bookingId: String(row.bookingId),
    status: row.status as "accepted" | "cancelled",
    bookingType: row.bookingType as BookingType,
    startsAt: toDate(row.startsAt)!,
    endsAt: toDate(row.endsAt)!,
    cancelledAt: toDate(row.cancelledAt),
    priceCents: Number(row.priceCents ?? 0),
    priceEstimated: Boolean(row.priceEstimated),
    cancelChargeCents: row.cancelChargeCents === null ? null : Number(row.cancelChargeCents),
    cancelNoticeHours: row.cancelNoticeHours === null ? null : Number(row.cancelNoticeHours),
    studentName: (row.studentName as string | null) ?? null,
    studentId: (row.studentId as string | null) ?? null,
    covered:
      row.lessonNumber === null || row.lessonNumber === undefined
        ? null
        : { lessonNumber: Number(row.lessonNumber), lessons: Number(row.packageLessons), priceCents: Number(row.packagePriceCents) },
  }));
}

/** The teacher's families (relationships.ts), and what of theirs is not yet on an invoice. */
export async function familiesOfTeacher(db: Executor, teacherId: string) {
  const result = await db.execute(sql`
    select p.id as "parentId", p.first_name || ' ' || p.last_name as "familyName",
           count(b.id) filter (where ${invoiceable}) as "uninvoicedCount",
           coalesce(sum(case when b.status = 'cancelled' then b.cancel_charge_cents else b.price_cents end) filter (where ${invoiceable}), 0) as "uninvoicedCents"
      from parent_profiles p
      left join bookings b on b.parent_id = p.id and b.teacher_id = ${teacherId} and ${heldLessonAs("b")}
     where ${familyOfTeacher(sql`${teacherId}`, sql`p.id`)}
     group by p.id, p.first_name, p.last_name
     order by p.last_name, p.first_name, p.id
  `);
  return rowsOf(result).map((row) => ({
    parentId: String(row.parentId),
    familyName: String(row.familyName),
    uninvoicedCount: Number(row.uninvoicedCount),
    uninvoicedCents: Number(row.uninvoicedCents),
  }));
}

/**
 * Takes the teacher's next number of the year. The upsert locks the counter row until the
 * transaction ends: a second invoice of the same teacher waits here, then reads the first one's
 * lines (so overlapping ranges never share a lesson) and the next number; a rollback gives the
 * number back, so numbers have no gaps.
 */
export async function takeInvoiceNumber(tx: Executor, teacherId: string, year: number): Promise<number> {
  const result = await tx.execute(sql`
    insert into invoice_counters (teacher_id, year, last_number) values (${teacherId}, ${year}, 1)
    on conflict (teacher_id, year) do update set last_number = invoice_counters.last_number + 1
    returning last_number as "lastNumber"
  `);
  return Number((rowsOf(result)[0] as { lastNumber: unknown }).lastNumber);
}

export type NewInvoice = typeof invoices.$inferInsert;
export type NewInvoiceLine = Omit<typeof invoiceLines.$inferInsert, "invoiceId">;

export async function insertInvoice(tx: Executor, invoice: NewInvoice, lines: NewInvoiceLine[]): Promise<string> {
  const [row] = await tx.insert(invoices).values(invoice).returning({ id: invoices.id });
  const id = row!.id;
  if (lines.length) await tx.insert(invoiceLines).values(lines.map((line) => ({ ...line, invoiceId: id })));
  return id;
}

const invoiceColumns = {
  id: invoices.id,
  teacherId: invoices.teacherId,
  parentId: invoices.parentId,
  numberingTeacherId: invoices.numberingTeacherId,
  number: invoices.number,
  year: invoices.year,
  status: invoices.status,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  periodFrom: invoices.periodFrom,
  periodTo: invoices.periodTo,
  note: invoices.note,
  totalCents: invoices.totalCents,
  paidCents: invoices.paidCents,
  teacherName: invoices.teacherName,
  teacherEmail: invoices.teacherEmail,
  teacherLeftContact: invoices.teacherLeftContact,
  teacherPhone: invoices.teacherPhone,
  teacherTimeZone: invoices.teacherTimeZone,
  paymentInstructions: invoices.paymentInstructions,
  familyName: invoices.familyName,
  familyEmail: invoices.familyEmail,
  guardianId: invoices.guardianId,
  guardianName: invoices.guardianName,
  guardianEmail: invoices.guardianEmail,
  shareNote: invoices.shareNote,
  splitGroupId: invoices.splitGroupId,
  createdAt: invoices.createdAt,
  sentAt: invoices.sentAt,
  overdueAt: invoices.overdueAt,
  paidAt: invoices.paidAt,
  voidedAt: invoices.voidedAt,
  voidReason: invoices.voidReason,
  replacesInvoiceId: invoices.replacesInvoiceId,
};

export type InvoiceRow = Omit<Awaited<ReturnType<typeof selectInvoices>>[number], "status"> & { status: InvoiceStatus };

function selectInvoices(db: Executor) {
  return db.select(invoiceColumns).from(invoices);
}

/**
 * Who may see an invoice: its teacher; its family once it was sent (drafts are the teacher's).
 * Issue 45: `parentId` is the household, `guardianId` the signed-in guardian. A household's
 * invoice is every guardian's; a share invoice only its guardian's (even after they left the household).
 */
export interface InvoiceReader {
  teacherId: string | null;
  parentId: string | null;
  guardianId?: string | null;
}

/** A guardian's invoices: the household's unsplit ones and their own shares. */
function familySide(parentId: string, guardianId: string | null | undefined) {
  const household = and(eq(invoices.parentId, parentId), isNull(invoices.shareNote));
  return guardianId ? or(household, eq(invoices.guardianId, guardianId))! : household!;
}

function readableBy(reader: InvoiceReader) {
  const sides = [];
  if (reader.teacherId) sides.push(eq(invoices.teacherId, reader.teacherId));
  if (reader.parentId) sides.push(and(familySide(reader.parentId, reader.guardianId), ne(invoices.status, "draft")));
  return sides.length ? or(...sides)! : sql`false`;
}

export async function findInvoice(db: Executor, invoiceId: string, reader: InvoiceReader): Promise<InvoiceRow | null> {
  const [row] = await selectInvoices(db).where(and(eq(invoices.id, invoiceId), readableBy(reader)));
  return (row as InvoiceRow | undefined) ?? null;
}

/** The teacher's invoice, locked until the transaction ends (every change of an invoice starts here). */
export async function lockTeacherInvoice(tx: Executor, teacherId: string, invoiceId: string): Promise<InvoiceRow | null> {
  const [row] = await selectInvoices(tx)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.teacherId, teacherId)))
    .for("update");
  return (row as InvoiceRow | undefined) ?? null;
}

export async function invoiceById(db: Executor, invoiceId: string): Promise<InvoiceRow | null> {
  const [row] = await selectInvoices(db).where(eq(invoices.id, invoiceId));
  return (row as InvoiceRow | undefined) ?? null;
}

export async function teacherInvoiceRows(db: Executor, teacherId: string, parentId?: string): Promise<InvoiceRow[]> {
  const rows = await selectInvoices(db)
    .where(and(eq(invoices.teacherId, teacherId), parentId ? eq(invoices.parentId, parentId) : undefined))
    .orderBy(desc(invoices.issueDate), desc(invoices.sequence));
  return rows as InvoiceRow[];
}

/** A guardian's invoices from every teacher (the household's and their own shares, issue 45); drafts are never shown to families. */
export async function familyInvoiceRows(db: Executor, parentId: string, guardianId: string | null, numberingTeacherId?: string): Promise<InvoiceRow[]> {
  const rows = await selectInvoices(db)
    .where(
      and(
        familySide(parentId, guardianId),
        ne(invoices.status, "draft"),
        numberingTeacherId ? eq(invoices.numberingTeacherId, numberingTeacherId) : undefined,
      ),
    )
    .orderBy(desc(invoices.issueDate), desc(invoices.sequence));
  return rows as InvoiceRow[];
}

/** A line as the answer gives it, with its invoice and place. */
export interface LineRow extends InvoiceLineDTO {
  invoiceId: string;
  position: number;
  /** The lesson's start (a lesson or late-cancellation line whose booking is still there). */
  startsAt: Date | null;
}

export async function invoiceLineRows(db: Executor, invoiceIds: string[]): Promise<LineRow[]> {
  if (!invoiceIds.length) return [];
  const rows = await db
    .select({
      id: invoiceLines.id,
      invoiceId: invoiceLines.invoiceId,
      position: invoiceLines.position,
      kind: invoiceLines.kind,
      bookingId: invoiceLines.bookingId,
      description: invoiceLines.description,
      detail: invoiceLines.detail,
      quantity: invoiceLines.quantity,
      unitCents: invoiceLines.unitCents,
      amountCents: invoiceLines.amountCents,
      estimated: sql<boolean>`coalesce(${bookings.priceEstimated}, false) and ${invoiceLines.kind} = 'lesson'`,
      startsAt: bookingSlots.startsAt,
    })
    .from(invoiceLines)
    .leftJoin(bookings, eq(bookings.id, invoiceLines.bookingId))
    .leftJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .where(inArray(invoiceLines.invoiceId, invoiceIds))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
  return rows.map((row) => ({ ...row, kind: row.kind as InvoiceLineKind, estimated: Boolean(row.estimated) }));
}

export interface PaymentRow {
  id: string;
  invoiceId: string;
  amountCents: number;
  paidOn: string;
  method: PaymentMethod;
  note: string;
  createdAt: Date;
}

export async function paymentRows(db: Executor, invoiceIds: string[]): Promise<PaymentRow[]> {
  if (!invoiceIds.length) return [];
  const rows = await db
    .select({
      id: invoicePayments.id,
      invoiceId: invoicePayments.invoiceId,
      amountCents: invoicePayments.amountCents,
      paidOn: invoicePayments.paidOn,
      method: invoicePayments.method,
      note: invoicePayments.note,
      createdAt: invoicePayments.createdAt,
    })
    .from(invoicePayments)
    .where(inArray(invoicePayments.invoiceId, invoiceIds))
    .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.createdAt));
  return rows.map((row) => ({ ...row, method: row.method as PaymentMethod }));
}

/** Issue 41: a departing teacher's contact for families who still owe them, on every invoice of theirs. */
export async function setTeacherLeftContact(tx: Executor, teacherId: string, contact: string): Promise<void> {
  await tx.update(invoices).set({ teacherLeftContact: contact }).where(eq(invoices.teacherId, teacherId));
}

export async function updateInvoiceRow(tx: Executor, invoiceId: string, values: Partial<typeof invoices.$inferInsert>): Promise<void> {
  await tx.update(invoices).set({ ...values, updatedAt: new Date() }).where(eq(invoices.id, invoiceId));
}

export async function deleteLines(tx: Executor, invoiceId: string, lineIds: string[]): Promise<void> {
  if (lineIds.length) await tx.delete(invoiceLines).where(and(eq(invoiceLines.invoiceId, invoiceId), inArray(invoiceLines.id, lineIds)));
}

export async function deleteExtraLines(tx: Executor, invoiceId: string): Promise<void> {
  await tx.delete(invoiceLines).where(and(eq(invoiceLines.invoiceId, invoiceId), eq(invoiceLines.kind, "extra")));
}

export async function insertLines(tx: Executor, invoiceId: string, lines: NewInvoiceLine[]): Promise<void> {
  if (lines.length) await tx.insert(invoiceLines).values(lines.map((line) => ({ ...line, invoiceId })));
}

/** Renumbers the lines 1..n in their order and returns the new total (the sum of the lines). */
export async function renumberLines(tx: Executor, invoiceId: string): Promise<number> {
  const lines = await tx
    .select({ id: invoiceLines.id, amountCents: invoiceLines.amountCents })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position), asc(invoiceLines.kind));
  let total = 0;
  for (const [index, line] of lines.entries()) {
    total += line.amountCents;
    await tx.update(invoiceLines).set({ position: index + 1 }).where(eq(invoiceLines.id, line.id));
  }
  return total;
}

export async function releaseLines(tx: Executor, invoiceId: string): Promise<void> {
  await tx.update(invoiceLines).set({ released: true }).where(eq(invoiceLines.invoiceId, invoiceId));
}

export async function insertPayment(tx: Executor, payment: typeof invoicePayments.$inferInsert): Promise<void> {
  await tx.insert(invoicePayments).values(payment);
}

/** The family's clock (parentClock: chosen, else reported, else UTC). */
export async function familyTimeZone(db: Executor, parentId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: parentProfiles.timeZone, reportedTimeZone: parentProfiles.reportedTimeZone })
    .from(parentProfiles)
    .where(eq(parentProfiles.id, parentId));
  return parentClock(row);
}

/** The other share invoices made with this one from the same household invoice (issue 45). */
export async function splitSiblings(db: Executor, splitGroupId: string, invoiceId: string): Promise<InvoiceRow[]> {
  const rows = await selectInvoices(db)
    .where(and(eq(invoices.splitGroupId, splitGroupId), ne(invoices.id, invoiceId)))
    .orderBy(asc(invoices.sequence));
  return rows as InvoiceRow[];
}

/** Whether a void invoice already has its one replacement (issue 40). */
export async function hasReplacement(db: Executor, voidInvoiceId: string): Promise<boolean> {
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.replacesInvoiceId, voidInvoiceId)).limit(1);
  return Boolean(row);
}

/** The family an invoice of the teacher's is for (null: no such invoice, or the family is gone). */
export async function invoiceFamily(db: Executor, teacherId: string, invoiceId: string): Promise<string | null> {
  const [row] = await db.select({ parentId: invoices.parentId }).from(invoices).where(and(eq(invoices.id, invoiceId), eq(invoices.teacherId, teacherId)));
  return row?.parentId ?? null;
}

/** A void invoice of the teacher's that a new one may name as replaced. */
export async function isTeacherVoidInvoice(db: Executor, teacherId: string, invoiceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.teacherId, teacherId), eq(invoices.status, "void")));
  return Boolean(row);
}

/** Payments recorded on the teacher's invoices with a payment date in [from, to] (calendar dates). */
export async function teacherPaymentsOfYear(db: Executor, teacherId: string, from: string, to: string) {
  return db
    .select({
      paidOn: invoicePayments.paidOn,
      amountCents: invoicePayments.amountCents,
      method: invoicePayments.method,
      note: invoicePayments.note,
      number: invoices.number,
      familyName: invoices.familyName,
    })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    // Money received only: credit applied from a void invoice was received once, on that invoice.
    .where(and(eq(invoices.teacherId, teacherId), sql`${invoicePayments.paidOn} between ${from} and ${to}`, ne(invoicePayments.method, "credit")))
    .orderBy(asc(invoicePayments.paidOn), asc(invoices.number));
}
