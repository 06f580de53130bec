import { eq } from "drizzle-orm";
import { bookings, teacherProfiles } from "../../src/server/db/schema";
import type { Deps } from "../../src/server/deps";
import { createInvoice, sendInvoice } from "../../src/server/invoices/invoices.service";
import { createInvoiceSchema, type CreateInvoiceInput, type InvoiceDTO } from "../../src/shared/invoices/invoices.schemas";
import type { LateCancelCharge } from "../../src/shared/invoices/invoices.constants";
import { createBooking } from "./bookings";
import { cancelLesson, recordAttendance } from "./lesson-history";

/**
 * Prices and charges as acceptance and late cancellation store them (issue 28; those flows are
 * another part's), written straight to the booking so invoices can be tested on their own.
 */
export async function setLessonPrice(deps: Pick<Deps, "db">, bookingId: string, priceCents: number, options: { estimated?: boolean } = {}): Promise<void> {
  await deps.db.update(bookings).set({ priceCents, priceEstimated: options.estimated ?? false }).where(eq(bookings.id, bookingId));
}

/** A cancelled lesson the teacher's policy charged: `chargeCents` of its price, notice window `noticeHours`. */
export async function chargeLateCancel(deps: Pick<Deps, "db">, bookingId: string, charge: { chargeCents: number; noticeHours: number }): Promise<void> {
  await deps.db.update(bookings).set({ cancelChargeCents: charge.chargeCents, cancelNoticeHours: charge.noticeHours }).where(eq(bookings.id, bookingId));
}

export async function setBillingSettings(deps: Pick<Deps, "db">, teacherId: string, settings: { paymentInstructions?: string; lateCancelCharge?: LateCancelCharge }): Promise<void> {
  await deps.db.update(teacherProfiles).set(settings).where(eq(teacherProfiles.id, teacherId));
}

interface Family {
  teacherId: string;
  parentId: string;
  studentId: string;
}

/** An accepted lesson at `startsAt`, attended, at the agreed price. */
export async function attendedLesson(deps: Pick<Deps, "db">, family: Family, startsAt: Date, priceCents: number, options: { estimated?: boolean; bookingType?: "full" | "intro" } = {}) {
  const { bookingId } = await createBooking(deps, { ...family, startsAt, status: "accepted", ...(options.bookingType ? { bookingType: options.bookingType } : {}) });
  await recordAttendance(deps, bookingId, "attended");
  await setLessonPrice(deps, bookingId, priceCents, options);
  return bookingId;
}

/** A lesson the family cancelled `hoursBefore` its start, charged `chargeCents` of `priceCents` under a `noticeHours` policy. */
export async function lateCancelledLesson(
  deps: Pick<Deps, "db">,
  family: Family,
  startsAt: Date,
  charge: { priceCents: number; chargeCents: number; noticeHours: number; hoursBefore: number },
) {
  const { bookingId } = await createBooking(deps, { ...family, startsAt, status: "accepted" });
  await setLessonPrice(deps, bookingId, charge.priceCents);
  await cancelLesson(deps, bookingId, { by: "parent", late: true, at: new Date(startsAt.getTime() - charge.hoursBefore * 3_600_000) });
  await chargeLateCancel(deps, bookingId, charge);
  return bookingId;
}

/** A draft made through the service, as the create route makes it. */
export function draftInvoice(deps: Deps, teacherId: string, input: CreateInvoiceInput): Promise<InvoiceDTO> {
  return createInvoice(deps, teacherId, createInvoiceSchema.parse(input));
}

/** A draft made and sent (the family is emailed, as the send route does). */
export async function sentInvoice(deps: Deps, teacherId: string, input: CreateInvoiceInput): Promise<InvoiceDTO> {
  const draft = await createInvoice(deps, teacherId, createInvoiceSchema.parse(input));
  return sendInvoice(deps, teacherId, draft.id);
}
