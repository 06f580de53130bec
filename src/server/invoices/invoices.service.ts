import { DELETED_TEACHER_NAME } from "../../shared/accounts/accounts.constants";
import { instantFromLocal, localDateTime } from "../../shared/calendar/calendar-views.rules";
import { AppError } from "../../shared/errors";
import { lineOnReadersClock } from "../../shared/invoices/invoice-format.rules";
import { addDays, balanceCents, datesAtSending, invoiceNumber, invoiceState, teacherInitials } from "../../shared/invoices/invoice-state.rules";
import { CURRENCY, INVOICE_LIMITS } from "../../shared/invoices/invoices.constants";
import {
  DUE_MESSAGE,
  type CreateInvoiceData,
  type InvoiceDTO,
  type InvoiceFamilyDTO,
  type InvoicePreviewDTO,
  type InvoicePreviewQuery,
  type InvoiceSummaryDTO,
  type RecordPaymentInput,
  type UpdateInvoiceInput,
  type VoidInvoiceInput,
  PAYMENT_METHOD_LABELS,
} from "../../shared/invoices/invoices.schemas";
import { formatMoney, sumCents } from "../../shared/invoices/money.rules";
import type { Executor } from "../db/client";
import { transactionWithRetry } from "../db/retry-transaction";
import { pgConstraint, pgErrorCode } from "../http/errors";
import type { Deps } from "../deps";
import { invoiceEmail, invoiceVoidEmail, paymentReceiptEmail } from "./invoices.emails";
import { sidesActive } from "../db/account-standing";
import type { MailMessage } from "../mail";
import { announceInvoiceChange } from "./invoice-live-events";
import { renderInvoicePdf } from "./invoice-pdf";
import * as creditRepo from "./family-credit.repo";
import { applyFamilyCredit, creditVoidedPayments } from "./family-credit.service";
import { extraLineRow, lessonsToInvoice, previewLines } from "./invoice-lines";
import { insertShareInvoices } from "./invoice-shares";
import * as splitRepo from "./invoice-split.repo";
import { splitInForce } from "./invoice-split.service";
import * as repo from "./invoices.repo";

export const INVOICE_NOT_FOUND = "Invoice not found";
export const NO_LINES_MESSAGE = "There is nothing to invoice: this family has no attended lessons or charged late cancellations in that range that are not already on an invoice, and no extra lines were added.";
export const SENT_NOT_EDITABLE = "Sent invoices cannot be edited. Void it and create a new one.";
export const ALREADY_REPLACED = "This void invoice already has a replacement. Open it from the void invoice instead.";
export const LESSON_TAKEN_MESSAGE = "One of these lessons was just put on another invoice. Refresh and try again.";

const notFound = () => new AppError("not_found", INVOICE_NOT_FOUND);
const today = (now: Date, timeZone: string) => localDateTime(now, timeZone).date;


export const RANGE_TOO_LONG = "A range can be at most a year (366 days)";
export const RANGE_TOO_LATE = "The end date can be at most 31 days from today";

/** A range of lessons to invoice: at most a year, ending no more than a month ahead (late cancellations of lessons soon to come). */
function checkRange(from: string, to: string, todayLocal: string): void {
  if (to > addDays(from, 365)) throw new AppError("validation", RANGE_TOO_LONG, { fields: { to: RANGE_TOO_LONG } });
  if (to > addDays(todayLocal, 31)) throw new AppError("validation", RANGE_TOO_LATE, { fields: { to: RANGE_TOO_LATE } });
}

/** [from, to] as local calendar days in the teacher's zone → [start of from, start of the day after to). */
function localRange(from: string, to: string, timeZone: string): { start: Date; end: Date } {
  return { start: instantFromLocal(from, "00:00", timeZone), end: instantFromLocal(addDays(to, 1), "00:00", timeZone) };
}


/** Money is recorded when it was received: never on a day still to come (the teacher's calendar). */
export function refuseFuturePayment(paidOn: string, todayLocal: string): void {
  if (paidOn <= todayLocal) return;
  const message = "The payment date cannot be in the future.";
  throw new AppError("validation", message, { fields: { paidOn: message } });
}

export async function requireTeacherRow(db: Executor, teacherId: string) {
  const teacher = await repo.teacherForInvoice(db, teacherId);
  if (!teacher) throw new AppError("not_found", "Teacher not found");
  return teacher;
}

export async function requireFamily(db: Executor, teacherId: string, parentId: string) {
  const family = await repo.familyContactOfTeacher(db, teacherId, parentId);
  if (!family) throw new AppError("not_found", "Family not found", { fields: { parentId: "Family not found" } });
  return family;
}

/** Account deletion (issue 41): what a departing teacher left for the families who still owe them. */
export async function leaveContactOnInvoices(tx: Executor, teacherId: string, contact: string): Promise<void> {
  await repo.setTeacherLeftContact(tx, teacherId, contact);
}

export function summary(row: repo.InvoiceRow): InvoiceSummaryDTO {
  // The teacher deleted their account (the row's side went null): named as everywhere else (issue 41).
  const teacherLeft = row.teacherId === null;
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    state: invoiceState(row),
    teacherId: row.numberingTeacherId,
    teacherName: teacherLeft ? DELETED_TEACHER_NAME : row.teacherName,
    teacherLeft,
    teacherLeftContact: teacherLeft ? row.teacherLeftContact : null,
    parentId: row.parentId,
    familyName: row.familyName,
    guardianId: row.guardianId,
    guardianName: row.guardianName,
    shareNote: row.shareNote,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    periodFrom: row.periodFrom,
    periodTo: row.periodTo,
    totalCents: row.totalCents,
    paidCents: row.paidCents,
    balanceCents: balanceCents(row),
    currency: CURRENCY,
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** The invoice as a reader sees it, lesson times on `readerZone`; only the teacher sees the other shares and the recipients (issue 45). */
async function toDto(db: Executor, row: repo.InvoiceRow, readerZone = row.teacherTimeZone, teacherView = false): Promise<InvoiceDTO> {
  const [lines, payments] = await Promise.all([repo.invoiceLineRows(db, [row.id]), repo.paymentRows(db, [row.id])]);
  const siblings = teacherView && row.splitGroupId ? await repo.splitSiblings(db, row.splitGroupId, row.id) : [];
  const recipients = teacherView ? await splitRepo.invoiceRecipients(db, row.id) : [];
  return {
    ...summary(row),
    note: row.note,
    // A teacher who left can no longer be reached or paid through these (issue 41).
    teacherEmail: row.teacherId === null ? "" : row.teacherEmail,
    teacherPhone: row.teacherId === null ? "" : row.teacherPhone,
    paymentInstructions: row.teacherId === null ? "" : row.paymentInstructions,
    familyEmail: row.familyEmail,
    guardianEmail: row.guardianEmail,
    otherShares: siblings.map((sibling) => ({
      id: sibling.id,
      number: sibling.number,
      guardianName: sibling.guardianName ?? "",
      shareNote: sibling.shareNote ?? "",
      totalCents: sibling.totalCents,
      state: invoiceState(sibling),
    })),
    recipients: recipients.map((recipient) => ({ name: recipient.name, email: recipient.email })),
    voidReason: row.voidReason,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    replacesInvoiceId: row.replacesInvoiceId,
    lines: lines.map((line) => ({
      id: line.id,
      kind: line.kind,
      bookingId: line.bookingId,
      description: lineOnReadersClock(line.description, line.startsAt, row.teacherTimeZone, readerZone),
      detail: line.detail,
      quantity: line.quantity,
      unitCents: line.unitCents,
      amountCents: line.amountCents,
      estimated: line.estimated,
    })),
    payments: payments.map((payment) => ({
      id: payment.id,
      amountCents: payment.amountCents,
      paidOn: payment.paidOn,
      method: payment.method,
      note: payment.note,
      createdAt: payment.createdAt.toISOString(),
    })),
  };
}

export async function invoiceFamilies(deps: Pick<Deps, "db">, teacherId: string): Promise<InvoiceFamilyDTO[]> {
  return repo.familiesOfTeacher(deps.db, teacherId);
}

export async function previewInvoice(deps: Pick<Deps, "db">, teacherId: string, query: InvoicePreviewQuery, now = new Date()): Promise<InvoicePreviewDTO> {
  const teacher = await requireTeacherRow(deps.db, teacherId);
  checkRange(query.from, query.to, today(now, teacher.timeZone));
  await requireFamily(deps.db, teacherId, query.parentId);
  const { start, end } = localRange(query.from, query.to, teacher.timeZone);
  const lines = previewLines(await lessonsToInvoice(deps.db, teacherId, query.parentId, start, end), teacher.timeZone);
  return { lines, totalCents: sumCents(lines.map((line) => line.amountCents)) };
}

/** The partial unique index on invoice_lines(booking_id) is the backstop of the counter's lock. */
export function conflictOf(error: unknown): AppError | null {
  const code = pgErrorCode(error);
  if (code === "23505" && pgConstraint(error) === "invoices_replaces_once_key") return new AppError("conflict", ALREADY_REPLACED);
  if (code === "23505") return new AppError("conflict", LESSON_TAKEN_MESSAGE);
  if (code === "40P01" || code === "40001") return new AppError("conflict", "Another change to your invoices happened at the same moment. Please try again.");
  return null;
}

export async function createInvoice(deps: Pick<Deps, "db">, teacherId: string, parsed: CreateInvoiceData, now = new Date()): Promise<InvoiceDTO> {
  const teacher = await requireTeacherRow(deps.db, teacherId);
  const family = await requireFamily(deps.db, teacherId, parsed.parentId);
  if (parsed.replacesInvoiceId && !(await repo.isTeacherVoidInvoice(deps.db, teacherId, parsed.replacesInvoiceId))) {
    throw new AppError("validation", "Only a void invoice of yours can be replaced", { fields: { replacesInvoiceId: "Only a void invoice of yours can be replaced" } });
  }
  const issueDate = today(now, teacher.timeZone);
  checkRange(parsed.from, parsed.to, issueDate);
  const year = Number(issueDate.slice(0, 4));
  const { start, end } = localRange(parsed.from, parsed.to, teacher.timeZone);
  let invoiceIds: string[];
  try {
    invoiceIds = await transactionWithRetry(deps.db, async (tx) => {
      // The counter row's lock comes FIRST: a second invoice of this teacher waits here, then sees
      // the first one's lines when it selects the lessons below.
      const sequence = await repo.takeInvoiceNumber(tx, teacherId, year);
      // Checked after the counter's lock: a second replacement made at the same moment waits above, then sees the first.
      if (parsed.replacesInvoiceId && (await repo.hasReplacement(tx, parsed.replacesInvoiceId))) throw new AppError("conflict", ALREADY_REPLACED);
      const lessons = await lessonsToInvoice(tx, teacherId, parsed.parentId, start, end);
      const lessonLines = previewLines(lessons, teacher.timeZone);
      const studentOf = new Map(lessons.map((lesson) => [lesson.bookingId, lesson.studentId]));
      const lines: repo.NewInvoiceLine[] = [
        ...lessonLines.map((line, index) => ({
          position: index + 1,
          kind: line.kind,
          bookingId: line.bookingId,
          description: line.description,
          detail: line.detail,
          quantity: 1,
          unitCents: line.amountCents,
          amountCents: line.amountCents,
        })),
        ...parsed.extraLines.map((extra, index) => extraLineRow(extra, lessonLines.length + index + 1)),
      ];
      // Throwing rolls the counter back too: the number is given back, no gap.
      if (lines.every((line) => line.kind === "package")) throw new AppError("conflict", NO_LINES_MESSAGE);
      const invoice = {
        teacherId,
        parentId: family.id,
        numberingTeacherId: teacherId,
        number: invoiceNumber(teacherInitials(teacher.firstName, teacher.lastName), year, sequence),
        year,
        sequence,
        status: "draft" as const,
        issueDate,
        dueDate: addDays(issueDate, parsed.dueDays),
        periodFrom: parsed.from,
        periodTo: parsed.to,
        note: parsed.note,
        totalCents: sumCents(lines.map((line) => line.amountCents)),
        teacherName: `${teacher.firstName} ${teacher.lastName}`,
        teacherEmail: teacher.email,
        teacherPhone: teacher.phone,
        teacherTimeZone: teacher.timeZone,
        paymentInstructions: teacher.paymentInstructions,
        familyName: `${family.firstName} ${family.lastName}`,
        familyEmail: family.email,
        replacesInvoiceId: parsed.replacesInvoiceId ?? null,
      };
      // Issue 45: with the household's split in force, one invoice per guardian with their share of each line.
      const split = await splitInForce(tx, teacherId, family.id);
      if (!split) return [await repo.insertInvoice(tx, invoice, lines)];
      return insertShareInvoices(tx, split, invoice, lines, studentOf, teacher);
    });
  } catch (error) {
    throw conflictOf(error) ?? error;
  }
  // With a split, the first guardian's share; the teacher's view of it lists the others.
  return readInvoice(deps, { teacherId, parentId: null }, invoiceIds[0]!);
}

export async function readInvoice(deps: Pick<Deps, "db">, reader: repo.InvoiceReader, invoiceId: string): Promise<InvoiceDTO> {
  const row = await repo.findInvoice(deps.db, invoiceId, reader);
  if (!row) throw notFound();
  // The invoice's teacher reads it on their clock; the family on theirs (issue 40).
  const family = row.teacherId !== reader.teacherId && row.parentId !== null;
  // A guardian reads on their own clock (issue 45); a share's guardian who left still has one.
  const familyZoneOf = reader.guardianId ?? row.guardianId ?? row.parentId!;
  return family ? toDto(deps.db, row, await repo.familyTimeZone(deps.db, familyZoneOf)) : toDto(deps.db, row, row.teacherTimeZone, true);
}

/**
 * Runs a change of one of the teacher's invoices with its row locked; answers the invoice after
 * it. A change that may move the family's credit (send, void) takes the family's credit lock
 * first, before any invoice row (family-credit.repo.ts).
 */
async function changeInvoice(
  deps: Pick<Deps, "db">,
  teacherId: string,
  invoiceId: string,
  change: (tx: Executor, row: repo.InvoiceRow) => Promise<void>,
  options: { familyCredit?: boolean } = {},
): Promise<InvoiceDTO> {
  try {
    await transactionWithRetry(deps.db, async (tx) => {
      if (options.familyCredit) {
        const parentId = await repo.invoiceFamily(tx, teacherId, invoiceId);
        if (parentId) await creditRepo.lockFamilyCredit(tx, teacherId, parentId);
      }
      const row = await repo.lockTeacherInvoice(tx, teacherId, invoiceId);
      if (!row) throw notFound();
      await change(tx, row);
    });
  } catch (error) {
    throw conflictOf(error) ?? error;
  }
  return readInvoice(deps, { teacherId, parentId: null }, invoiceId);
}

export async function updateInvoice(deps: Pick<Deps, "db">, teacherId: string, invoiceId: string, input: UpdateInvoiceInput): Promise<InvoiceDTO> {
  return changeInvoice(deps, teacherId, invoiceId, async (tx, row) => {
    if (row.status !== "draft") throw new AppError("conflict", SENT_NOT_EDITABLE);
    if (input.dueDate !== undefined && (input.dueDate < row.issueDate || input.dueDate > addDays(row.issueDate, INVOICE_LIMITS.dueDaysMax))) {
      throw new AppError("validation", DUE_MESSAGE, { fields: { dueDate: DUE_MESSAGE } });
    }
    if (input.removeLineIds?.length) {
      const lines = await repo.invoiceLineRows(tx, [invoiceId]);
      const lessonLineIds = new Set(lines.filter((line) => line.kind !== "extra").map((line) => line.id));
      if (input.removeLineIds.some((id) => !lessonLineIds.has(id))) {
        throw new AppError("validation", "Only lesson lines of this invoice can be removed", { fields: { removeLineIds: "Only lesson lines of this invoice can be removed" } });
      }
      await repo.deleteLines(tx, invoiceId, input.removeLineIds);
    }
    if (input.extraLines) {
      await repo.deleteExtraLines(tx, invoiceId);
      const base = 1000; // after every lesson line; renumbered below
      await repo.insertLines(
        tx,
        invoiceId,
        input.extraLines.map((extra, index) => extraLineRow(extra, base + index)),
      );
    }
    const remaining = await repo.invoiceLineRows(tx, [invoiceId]);
    // Lines a package covered charge nothing: a draft of only those would be an invoice for $0.00.
    if (remaining.every((line) => line.kind === "package")) throw new AppError("conflict", "An invoice needs at least one line. To drop it, void it instead.");
    const totalCents = await repo.renumberLines(tx, invoiceId);
    await repo.updateInvoiceRow(tx, invoiceId, {
      totalCents,
      ...(input.dueDate !== undefined ? { dueDate: input.dueDate } : {}),
      ...(input.note !== undefined ? { note: input.note } : {}),
    });
  });
}

export async function sendInvoice(deps: Pick<Deps, "db" | "mailer" | "env" | "logger" | "driver">, teacherId: string, invoiceId: string, now = new Date()): Promise<InvoiceDTO> {
  const teacher = await requireTeacherRow(deps.db, teacherId);
  const dto = await changeInvoice(
    deps,
    teacherId,
    invoiceId,
    async (tx, row) => {
      if (row.status === "sent") throw new AppError("conflict", "This invoice was already sent.");
      if (row.status === "void") throw new AppError("conflict", "A void invoice cannot be sent. Create a new one.");
      const family = row.parentId ? await repo.familyContact(tx, row.parentId) : null;
      if (!family) throw new AppError("conflict", "This family closed their account; the invoice cannot be sent.");
      // A share invoice (issue 45) is sent to its guardian, with their contact as it is now.
      const guardian = row.shareNote ? (row.guardianId ? await splitRepo.guardianContact(tx, row.guardianId) : null) : undefined;
      if (guardian === null) throw new AppError("conflict", "The guardian this share is for closed their account; it cannot be sent. Void it, change the split, and make the invoice again.");
      // An invoice is issued the day it goes out (issue 40): a draft made weeks ago is dated today
      // and keeps its due period, so it is never overdue on arrival.
      const dates = datesAtSending(row, today(now, teacher.timeZone));
      // Contacts and how to pay are copied as they are at sending; later changes leave the sent invoice as it was.
      await repo.updateInvoiceRow(tx, invoiceId, {
        status: "sent",
        sentAt: now,
        ...dates,
        paymentInstructions: teacher.paymentInstructions,
        teacherName: `${teacher.firstName} ${teacher.lastName}`,
        teacherEmail: teacher.email,
        teacherPhone: teacher.phone,
        familyName: `${family.firstName} ${family.lastName}`,
        familyEmail: family.email,
        ...(guardian ? { guardianName: guardian.name, guardianEmail: guardian.email } : {}),
      });
      // The family's credit (a void invoice's payments) pays it first; the email says what is left.
      await applyFamilyCredit(tx, teacherId, row.parentId!, dates.issueDate, now);
      // The family's email, with the invoice as sent, is stored with the sending: it exists exactly
      // when the invoice is sent, and the jobs runner retries it while the mail server fails.
      const mails = await invoiceMails(tx, invoiceId, async (invoice) => invoiceEmail(deps.env.PUBLIC_URL, invoice, "sent", await renderInvoicePdf(invoice)));
      for (const mail of mails) await deps.mailer.enqueue(tx, mail);
    },
    { familyCredit: true },
  );
  await announceInvoiceChange(deps, invoiceId, "sent");
  return dto;
}

export async function recordPayment(deps: Pick<Deps, "db" | "mailer" | "env" | "logger" | "driver">, teacherId: string, invoiceId: string, input: RecordPaymentInput, now = new Date()): Promise<InvoiceDTO> {
  const dto = await changeInvoice(deps, teacherId, invoiceId, async (tx, row) => {
    if (row.status === "draft") throw new AppError("conflict", "Send the invoice before recording a payment.");
    if (row.status === "void") throw new AppError("conflict", "This invoice is void: payments cannot be recorded on it.");
    const balance = balanceCents(row);
    if (balance === 0) throw new AppError("conflict", "This invoice is already paid in full.");
    if (input.amountCents > balance) {
      const message = `The balance is ${formatMoney(balance)}: a payment can be at most that.`;
      throw new AppError("validation", message, { fields: { amountCents: message } });
    }
    refuseFuturePayment(input.paidOn, today(now, row.teacherTimeZone));
    await repo.insertPayment(tx, { invoiceId, amountCents: input.amountCents, paidOn: input.paidOn, method: input.method, note: input.note ?? "" });
    const paidCents = row.paidCents + input.amountCents;
    await repo.updateInvoiceRow(tx, invoiceId, { paidCents, paidAt: paidCents >= row.totalCents ? now : null });
    // The family's receipt is stored with the payment (issue 40): it exists exactly when the payment does.
    await tellFamily(deps, tx, invoiceId, (invoice) =>
      paymentReceiptEmail(deps.env.PUBLIC_URL, invoice, { amountCents: input.amountCents, paidOn: input.paidOn, methodLabel: PAYMENT_METHOD_LABELS[input.method] }),
    );
  });
  await announceInvoiceChange(deps, invoiceId, "payment");
  return dto;
}

/** Stores an email to the invoice's family in the change's transaction, unless the family's account is gone or suspended. */
async function tellFamily(deps: Pick<Deps, "mailer">, tx: Executor, invoiceId: string, mail: (invoice: InvoiceDTO) => MailMessage): Promise<void> {
  if (!(await sidesActive(tx, { invoiceId })).parent) return;
  for (const message of await invoiceMails(tx, invoiceId, mail)) await deps.mailer.enqueue(tx, message);
}

/**
 * Each recipient's copy of an email about an invoice (issue 45): a household's invoice goes to
 * every guardian of the household, a share invoice to its guardian only; each is addressed by
 * name. Suspended and deleted accounts get none. Every invoice email is always sent (no setting).
 */
export async function invoiceMails(db: Executor, invoiceId: string, mail: (invoice: InvoiceDTO) => MailMessage | Promise<MailMessage>): Promise<MailMessage[]> {
  const row = await repo.invoiceById(db, invoiceId);
  if (!row) return [];
  const mails: MailMessage[] = [];
  // Sequential: it may run in the change's transaction. Each guardian reads lesson times on their own clock.
  for (const recipient of await splitRepo.invoiceRecipients(db, invoiceId)) {
    const invoice = await toDto(db, row, await repo.familyTimeZone(db, recipient.guardianId));
    mails.push(await mail({ ...invoice, familyName: recipient.name, familyEmail: recipient.email }));
  }
  return mails;
}

/**
 * Voiding: a draft or a sent invoice, paid or not. Its lessons become invoiceable again (lines
 * released). Payments recorded on it stay on it (the record of what was received, and when) and
 * their sum becomes the family's credit, which pays the replacement (issue 40): nothing is billed twice.
 */
export async function voidInvoice(deps: Pick<Deps, "db" | "mailer" | "env" | "logger" | "driver">, teacherId: string, invoiceId: string, input: VoidInvoiceInput, now = new Date()): Promise<InvoiceDTO> {
  const dto = await changeInvoice(
    deps,
    teacherId,
    invoiceId,
    async (tx, row) => {
      if (row.status === "void") throw new AppError("conflict", "This invoice is already void.");
      await repo.releaseLines(tx, invoiceId);
      await repo.updateInvoiceRow(tx, invoiceId, { status: "void", voidedAt: now, voidReason: input.reason });
      await creditVoidedPayments(tx, row, today(now, row.teacherTimeZone), now);
      // A draft never reached the family; a sent invoice did, so they are told why it is void.
      if (row.status === "sent") await tellFamily(deps, tx, invoiceId, (invoice) => invoiceVoidEmail(deps.env.PUBLIC_URL, invoice));
    },
    { familyCredit: true },
  );
  await announceInvoiceChange(deps, invoiceId, "void");
  return dto;
}

/** The invoice as its emails show it (the reminder job), whoever asks; null when it is gone. */
export async function invoiceForMail(db: Executor, invoiceId: string): Promise<InvoiceDTO | null> {
  const row = await repo.invoiceById(db, invoiceId);
  // Every email about an invoice goes to its family: their clock (a share's guardian: theirs).
  const zoneOf = row?.guardianId ?? row?.parentId;
  return row ? toDto(db, row, zoneOf ? await repo.familyTimeZone(db, zoneOf) : row.teacherTimeZone) : null;
}
