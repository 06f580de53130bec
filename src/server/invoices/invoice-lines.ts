import { BOOKING_TYPES } from "../../shared/booking/booking.constants";
import { DELETED_USER_NAME } from "../../shared/classes/classes.api";
import { lessonWhen } from "../../shared/invoices/invoice-format.rules";
import { INVOICE_LIMITS } from "../../shared/invoices/invoices.constants";
import type { InvoicePreviewLineDTO } from "../../shared/invoices/invoices.schemas";
import { coveredDetail } from "../../shared/invoices/lesson-package.rules";
import { formatMoney, lateCancelReason, lineAmount } from "../../shared/invoices/money.rules";
import type { Executor } from "../db/client";
import * as repo from "./invoices.repo";

/** An invoice's lines as they are made from the family's lessons and the teacher's extras. */

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * A lesson as its invoice line cites it: what, when (the teacher's zone), who, and why it is
 * charged (attended, or the late-cancellation rule that applied when it was cancelled).
 */
function describeLesson(lesson: repo.InvoiceableLesson, timeZone: string): Omit<InvoicePreviewLineDTO, "bookingId" | "startsAt" | "bookingType"> {
  const student = lesson.studentName ?? DELETED_USER_NAME;
  const what = `${BOOKING_TYPES[lesson.bookingType].label} · ${lessonWhen(lesson.startsAt, timeZone)} · ${student}`;
  const minutes = Math.round((lesson.endsAt.getTime() - lesson.startsAt.getTime()) / 60_000);
  if (lesson.covered) {
    // A package paid for it (issue 40): listed at $0.00, saying which package lesson it used.
    const { lessonNumber, lessons, priceCents } = lesson.covered;
    const description = lesson.status === "cancelled" ? `Late cancellation: ${what}` : what;
    return { kind: "package", description: clip(description, INVOICE_LIMITS.lineDescriptionMax), detail: coveredDetail(lessons, priceCents, lessonNumber), amountCents: 0, estimated: false };
  }
  if (lesson.status === "cancelled") {
    const charge = lesson.cancelChargeCents ?? 0;
    const detail = lateCancelReason({
      cancelledAt: lesson.cancelledAt ?? lesson.startsAt,
      startsAt: lesson.startsAt,
      noticeHours: lesson.cancelNoticeHours ?? 0,
      chargeCents: charge,
      priceCents: lesson.priceCents,
    });
    return { kind: "late_cancel", description: clip(`Late cancellation: ${what}`, INVOICE_LIMITS.lineDescriptionMax), detail, amountCents: charge, estimated: false };
  }
  return {
    kind: "lesson",
    description: clip(what, INVOICE_LIMITS.lineDescriptionMax),
    detail: `Attended (${minutes} min)${lesson.priceEstimated ? "; price estimated from the teacher's listed rate" : ""}`,
    amountCents: lesson.priceCents,
    estimated: lesson.priceEstimated,
  };
}

/** A line the teacher added (books, a recital fee) at its place on the invoice: quantity times unit price. */
export function extraLineRow(extra: { description: string; quantity: number; unitCents: number }, position: number) {
  return {
    position,
    kind: "extra" as const,
    bookingId: null,
    description: extra.description,
    detail: "",
    quantity: extra.quantity,
    unitCents: extra.unitCents,
    amountCents: lineAmount(extra.quantity, extra.unitCents),
  };
}

/**
 * A guardian's share of a line (issue 45): `cents` of it, the description noting the share unless
 * the line is wholly theirs under a per-student split; `share`: the guardian's place in the split.
 */
export function shareLineRow(line: repo.NewInvoiceLine, cents: number, note: string | null, share: number, position: number): repo.NewInvoiceLine {
  const whole = cents === line.amountCents;
  const suffix = note ? ` (${note})` : "";
  return {
    ...line,
    position,
    share,
    description: suffix ? `${clip(line.description, INVOICE_LIMITS.lineDescriptionMax - suffix.length)}${suffix}` : line.description,
    detail: whole ? line.detail : [line.detail, `share of ${formatMoney(line.amountCents)}`].filter(Boolean).join("; "),
    quantity: whole ? line.quantity : 1,
    unitCents: whole ? line.unitCents : cents,
    amountCents: cents,
  };
}

export function previewLines(lessons: repo.InvoiceableLesson[], timeZone: string): InvoicePreviewLineDTO[] {
  return lessons.map((lesson) => ({
    ...describeLesson(lesson, timeZone),
    bookingId: lesson.bookingId,
    startsAt: lesson.startsAt.toISOString(),
    bookingType: lesson.bookingType,
  }));
}

/**
 * The family's lessons in [start, end) not yet on an invoice, in time order: the charged ones and
 * those a package covered (issue 40). Only charged lines make something to invoice.
 */
export async function lessonsToInvoice(db: Executor, teacherId: string, parentId: string, start: Date, end: Date): Promise<repo.InvoiceableLesson[]> {
  const [charged, covered] = await Promise.all([
    repo.invoiceableLessons(db, teacherId, parentId, start, end),
    repo.invoiceableLessons(db, teacherId, parentId, start, end, "covered"),
  ]);
  return [...charged, ...covered].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.bookingId.localeCompare(b.bookingId));
}
