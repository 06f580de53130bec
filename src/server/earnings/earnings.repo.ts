import { and, asc, eq, gte, inArray, lt, max, min, sql } from "drizzle-orm";
import type { BookingType } from "../../shared/booking/booking.constants";
import type { CancelledBy } from "../../shared/lessons/cancellation.rules";
import { STATEMENT_STATUSES } from "../../shared/earnings/earnings.rules";
import { joinBookingParties } from "../db/booking-parties";
import type { Executor } from "../db/client";
import { heldLesson } from "../db/held-lessons";
import { bookings, bookingSlots, lessonPackageDraws, parentProfiles, studentProfiles, teacherProfiles } from "../db/schema";

/** Whose lessons a statement reads: a teacher's (earnings) or a parent's (billing). */
export type StatementOwner = { teacherId: string } | { parentId: string };

function ownedBy(owner: StatementOwner) {
  return and(
    "teacherId" in owner ? eq(bookings.teacherId, owner.teacherId) : eq(bookings.parentId, owner.parentId),
    // STATEMENT_STATUSES, without requests withdrawn before they were ever accepted.
    inArray(bookings.status, [...STATEMENT_STATUSES]),
    heldLesson(),
  );
}

/** One lesson; a side whose account was deleted reads as nulls (the service names it). */
export interface StatementRow {
  bookingId: string;
  status: string;
  attendance: string | null;
  bookingType: BookingType;
  cancelledBy: CancelledBy | null;
  lateCancel: boolean | null;
  startsAt: Date;
  studentName: string | null;
  parentName: string | null;
  teacherId: string | null;
  teacherName: string | null;
  priceCents: number | null;
  priceEstimated: boolean;
  cancelChargeCents: number | null;
}

/**
 * The owner's accepted and cancelled lessons starting in [from, to), in time order, with the
 * price stored on each (issue 28; never the teacher's current rate). The other side is a left join: a teacher keeps the lessons of a family
 * that deleted their account, and a family those of a teacher who did (issue 26).
 */
export async function listStatementLessons(db: Executor, owner: StatementOwner, from: Date, to: Date): Promise<StatementRow[]> {
  const query = db
    .select({
      bookingId: bookings.id,
      status: bookings.status,
      attendance: bookings.attendance,
      bookingType: bookings.bookingType,
      cancelledBy: bookings.cancelledBy,
      lateCancel: bookings.lateCancel,
      startsAt: bookingSlots.startsAt,
      studentName: sql<string>`${studentProfiles.firstName} || ' ' || ${studentProfiles.lastName}`,
      parentName: sql<string>`${parentProfiles.firstName} || ' ' || ${parentProfiles.lastName}`,
      teacherId: teacherProfiles.id,
      teacherName: sql<string>`${teacherProfiles.firstName} || ' ' || ${teacherProfiles.lastName}`,
      // A lesson a prepaid package paid (issue 40) counts at the package's per-lesson price, what
      // the family actually paid for it, so the statement agrees with the money received.
      priceCents: sql<number | null>`coalesce(${lessonPackageDraws.amountCents}, ${bookings.priceCents})`,
      priceEstimated: sql<boolean>`${bookings.priceEstimated} and ${lessonPackageDraws.id} is null`,
      cancelChargeCents: sql<number | null>`case when ${bookings.cancelChargeCents} is null then null else coalesce(${lessonPackageDraws.amountCents}, ${bookings.cancelChargeCents}) end`,
    })
    .from(bookings)
    .$dynamic();
  const rows = await joinBookingParties(query)
    .leftJoin(lessonPackageDraws, eq(lessonPackageDraws.bookingId, bookings.id))
    .where(and(ownedBy(owner), gte(bookingSlots.startsAt, from), lt(bookingSlots.startsAt, to)))
    .orderBy(asc(bookingSlots.startsAt), asc(bookings.id));
  return rows as StatementRow[];
}

/** The first and last start of the owner's counted lessons (for the year picker); nulls when there are none. */
export async function lessonSpan(db: Executor, owner: StatementOwner): Promise<{ first: Date | null; last: Date | null }> {
  const [row] = await db
    .select({ first: min(bookingSlots.startsAt), last: max(bookingSlots.startsAt) })
    .from(bookings)
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .where(ownedBy(owner));
  return { first: row?.first ?? null, last: row?.last ?? null };
}

/** The teacher's zone: earnings months are counted in it. */
export async function findTeacherTerms(db: Executor, teacherId: string) {
  const [row] = await db
    .select({
      timeZone: teacherProfiles.timeZone,
    })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.id, teacherId));
  return row ?? null;
}
