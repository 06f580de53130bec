import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { CreditEventKind, CreditReturnReason } from "../../shared/lessons/credits.rules";
import type { Executor } from "../db/client";
import { teacherInGoodStanding } from "../db/account-standing";
import { bookings, bookingSlots, makeUpCreditEvents, makeUpCredits, studentProfiles, teacherProfiles } from "../db/schema";

/**
 * SQL of the make-up credit ledger (src/shared/lessons/credits.rules.ts). A credit row holds its
 * current state (used_by_booking_id while it pays for a request or lesson, voided_at once void);
 * make_up_credit_events holds every step, written in the transaction of the change.
 */

/** Credits of a parent's students (or a teacher's), with the instant of the lesson each was issued for. */
function creditQuery(db: Executor) {
  const issuedFor = alias(bookings, "issued_for");
  const issuedSlot = alias(bookingSlots, "issued_slot");
  return db
    .select({
      id: makeUpCredits.id,
      issuedAt: makeUpCredits.issuedAt,
      usedAt: makeUpCredits.usedAt,
      voidedAt: makeUpCredits.voidedAt,
      issuedForStartsAt: issuedSlot.startsAt,
      studentId: studentProfiles.id,
      studentFirstName: studentProfiles.firstName,
      studentLastName: studentProfiles.lastName,
      // Null once the teacher deleted their account: the family keeps the (voided) history.
      teacherId: makeUpCredits.teacherId,
      teacherFirstName: teacherProfiles.firstName,
      teacherLastName: teacherProfiles.lastName,
      // A suspended teacher cannot be booked (issue 41): the panel offers no profile to book from.
      teacherCanTeach: sql<boolean>`coalesce(${teacherInGoodStanding(sql`${makeUpCredits.teacherId}`)}, false)`,
    })
    .from(makeUpCredits)
    .innerJoin(studentProfiles, eq(studentProfiles.id, makeUpCredits.studentId))
    .leftJoin(teacherProfiles, eq(teacherProfiles.id, makeUpCredits.teacherId))
    .innerJoin(issuedFor, eq(issuedFor.id, makeUpCredits.issuedForBookingId))
    .innerJoin(issuedSlot, eq(issuedSlot.id, issuedFor.slotId));
}
export type CreditRow = Awaited<ReturnType<typeof creditsOfParent>>[number];

export function creditsOfParent(db: Executor, parentId: string) {
  return creditQuery(db)
    .where(eq(studentProfiles.parentId, parentId))
    .orderBy(asc(studentProfiles.firstName), asc(studentProfiles.id), asc(teacherProfiles.lastName), asc(makeUpCredits.teacherId), asc(makeUpCredits.issuedAt));
}

export function creditsOfTeacher(db: Executor, teacherId: string) {
  return creditQuery(db)
    .where(eq(makeUpCredits.teacherId, teacherId))
    .orderBy(asc(studentProfiles.firstName), asc(studentProfiles.id), asc(makeUpCredits.issuedAt));
}

/** The history of these credits, with the start of the booking each step concerns (the service orders the steps). */
export async function eventsOfCredits(db: Executor, creditIds: string[]) {
  if (creditIds.length === 0) return [];
  return db
    .select({
      creditId: makeUpCreditEvents.creditId,
      kind: makeUpCreditEvents.kind,
      reason: makeUpCreditEvents.reason,
      at: makeUpCreditEvents.at,
      bookingStartsAt: bookingSlots.startsAt,
    })
    .from(makeUpCreditEvents)
    .leftJoin(bookings, eq(bookings.id, makeUpCreditEvents.bookingId))
    .leftJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .where(inArray(makeUpCreditEvents.creditId, creditIds))
    .orderBy(asc(makeUpCreditEvents.creditId), asc(makeUpCreditEvents.at), asc(makeUpCreditEvents.id));
}

export interface CreditEventWrite {
  creditId: string;
  kind: CreditEventKind;
  bookingId: string | null;
  reason: CreditReturnReason | null;
  at: Date;
}

export async function insertEvents(tx: Executor, events: CreditEventWrite[]) {
  if (events.length === 0) return;
  await tx.insert(makeUpCreditEvents).values(events);
}

/** New credits (at most one per cancelled lesson: a second issue for it is skipped); returns those stored. */
export async function insertCredits(tx: Executor, credits: { teacherId: string; studentId: string; bookingId: string }[], now: Date) {
  if (credits.length === 0) return [];
  return tx
    .insert(makeUpCredits)
    .values(credits.map((c) => ({ teacherId: c.teacherId, studentId: c.studentId, issuedForBookingId: c.bookingId, issuedAt: now })))
    .onConflictDoNothing()
    .returning({ id: makeUpCredits.id, bookingId: makeUpCredits.issuedForBookingId });
}

/**
 * Marks the oldest usable credit of this student with this teacher as used by `bookingId`, in the
 * caller's transaction. The row lock and the `used_by_booking_id is null` test make two
 * concurrent uses of one credit take it once: the second finds none (or the next credit).
 */
export async function claimCredit(tx: Executor, input: { teacherId: string; studentId: string; bookingId: string; now: Date; issuedAfter: Date }) {
  const [candidate] = await tx
    .select({ id: makeUpCredits.id })
    .from(makeUpCredits)
    .where(
      and(
        eq(makeUpCredits.teacherId, input.teacherId),
        eq(makeUpCredits.studentId, input.studentId),
        isNull(makeUpCredits.usedByBookingId),
        isNull(makeUpCredits.voidedAt),
        gt(makeUpCredits.issuedAt, input.issuedAfter),
        sql`${makeUpCredits.issuedAt} <= ${input.now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(makeUpCredits.issuedAt), asc(makeUpCredits.id))
    .limit(1)
    .for("update");
  if (!candidate) return null;
  const [used] = await tx
    .update(makeUpCredits)
    .set({ usedByBookingId: input.bookingId, usedAt: input.now })
    .where(and(eq(makeUpCredits.id, candidate.id), isNull(makeUpCredits.usedByBookingId), isNull(makeUpCredits.voidedAt)))
    .returning({ id: makeUpCredits.id });
  return used?.id ?? null;
}

/** The credits paying for these bookings, locked until the transaction ends (in id order). */
export async function lockCreditsSpentOn(tx: Executor, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return [];
  return tx
    .select({ id: makeUpCredits.id, bookingId: makeUpCredits.usedByBookingId, voidedAt: makeUpCredits.voidedAt })
    .from(makeUpCredits)
    .where(inArray(makeUpCredits.usedByBookingId, [...bookingIds]))
    .orderBy(asc(makeUpCredits.id))
    .for("update");
}

/**
 * The credit stops paying for the booking and can be spent again. Only while it still pays for
 * that booking: false when another transaction gave it back first.
 */
export async function markReturned(tx: Executor, creditId: string, bookingId: string): Promise<boolean> {
  const rows = await tx
    .update(makeUpCredits)
    .set({ usedByBookingId: null, usedAt: null })
    .where(and(eq(makeUpCredits.id, creditId), eq(makeUpCredits.usedByBookingId, bookingId)))
    .returning({ id: makeUpCredits.id });
  return rows.length > 0;
}

/** A teacher's credits that are neither paying for anything nor void, locked (in id order). */
export async function lockUnspentCreditsOfTeacher(tx: Executor, teacherId: string) {
  return tx
    .select({ id: makeUpCredits.id })
    .from(makeUpCredits)
    .where(and(eq(makeUpCredits.teacherId, teacherId), isNull(makeUpCredits.usedByBookingId), isNull(makeUpCredits.voidedAt)))
    .orderBy(asc(makeUpCredits.id))
    .for("update");
}

export async function markVoided(tx: Executor, creditIds: string[], now: Date) {
  if (creditIds.length === 0) return;
  await tx
    .update(makeUpCredits)
    .set({ voidedAt: now })
    .where(and(inArray(makeUpCredits.id, creditIds), isNull(makeUpCredits.voidedAt), isNull(makeUpCredits.usedByBookingId)));
}
