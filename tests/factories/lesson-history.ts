import { eq } from "drizzle-orm";
import type { CancelledBy } from "../../src/shared/lessons/cancellation.rules";
import { bookings, bookingSlots, calendarEvents, makeUpCreditEvents, makeUpCredits } from "../../src/server/db/schema";
import type { Deps } from "../../src/server/deps";

/**
 * What happens to a lesson after it is booked (issue 14), written straight to the columns of
 * migration 0007 as the cancel, attendance and credit flows leave them, so reports can be tested
 * before (and independently of) those flows. Each takes a booking made by createBooking.
 */

/** The teacher recorded the lesson attended or missed. */
export async function recordAttendance(deps: Pick<Deps, "db">, bookingId: string, attendance: "attended" | "missed"): Promise<void> {
  await deps.db.update(bookings).set({ attendance, attendanceAt: new Date() }).where(eq(bookings.id, bookingId));
  await deps.db
    .update(calendarEvents)
    .set({ status: attendance === "attended" ? "completed" : "upcoming" })
    .where(eq(calendarEvents.bookingId, bookingId));
}

/** A lesson cancelled by one side: its time released, its calendar event cancelled. */
export async function cancelLesson(
  deps: Pick<Deps, "db">,
  bookingId: string,
  options: { by?: CancelledBy; late?: boolean; at?: Date; withdrawnRequest?: boolean; chargeCents?: number; noticeHours?: number } = {},
): Promise<void> {
  const at = options.at ?? new Date();
  const [row] = await deps.db
    .update(bookings)
    .set({
      status: "cancelled",
      cancelledAt: at,
      cancelledBy: options.by ?? "parent",
      lateCancel: options.late ?? false,
      // A family's late cancel charged under the teacher's policy (issue 28), as the lessons service stores it.
      cancelChargeCents: options.chargeCents ?? null,
      cancelNoticeHours: options.chargeCents !== undefined ? (options.noticeHours ?? 24) : null,
      // A pending request withdrawn is decided by its cancellation, as the lessons service stores it.
      ...(options.withdrawnRequest ? { decidedAt: at } : {}),
    })
    .where(eq(bookings.id, bookingId))
    .returning({ slotId: bookings.slotId });
  await deps.db.update(bookingSlots).set({ status: "released" }).where(eq(bookingSlots.id, row!.slotId));
  await deps.db.update(calendarEvents).set({ status: "cancelled" }).where(eq(calendarEvents.bookingId, bookingId));
}

/** A make-up credit issued for a cancelled lesson; used by a make-up booking when one is given. */
export async function issueCredit(
  deps: Pick<Deps, "db">,
  credit: { teacherId: string; studentId: string; forBookingId: string; issuedAt: Date; usedByBookingId?: string; usedAt?: Date },
): Promise<string> {
  const [row] = await deps.db
    .insert(makeUpCredits)
    .values({
      teacherId: credit.teacherId,
      studentId: credit.studentId,
      issuedForBookingId: credit.forBookingId,
      issuedAt: credit.issuedAt,
      usedByBookingId: credit.usedByBookingId ?? null,
      usedAt: credit.usedAt ?? null,
    })
    .returning({ id: makeUpCredits.id });
  // Its history, as the cancel and booking flows write it (issue 26).
  await deps.db.insert(makeUpCreditEvents).values([
    { creditId: row!.id, kind: "issued", bookingId: credit.forBookingId, at: credit.issuedAt },
    ...(credit.usedByBookingId ? [{ creditId: row!.id, kind: "spent", bookingId: credit.usedByBookingId, at: credit.usedAt ?? credit.issuedAt }] : []),
  ]);
  return row!.id;
}
