import { guardianName } from "../db/guardian-name";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Interval, SlotWindow } from "../../shared/booking/slots.rules";
import { MAX_BUFFER_MINUTES, type TimeOffRange } from "../../shared/lessons/time-off.rules";
import type { Executor } from "../db/client";
import { alias } from "drizzle-orm/pg-core";
import { bookingPartyColumns, joinBookingParties, type WithBothSides } from "../db/booking-parties";
import { preparedRows } from "../db/prepared-statements";
import { discoverableTeacherAs } from "../db/discoverable";
import {
  bookings,
  bookingSlots,
  calendarEvents,
  lessonSeries,
  makeUpCredits,
  studentMeetingLinks,
  studentProfiles,
  teacherProfiles,
} from "../db/schema";

export interface SlotSources {
  timeZone: string;
  isDiscoverable: boolean;
  windows: SlotWindow[];
  /** Booked spans touching [from, to) widened by the longest buffer, so the buffer can be applied. */
  taken: Interval[];
  timeOff: TimeOffRange[];
  /** Busy times from the teacher's own calendars (issue 46) touching [from, to). */
  busy: Interval[];
  bufferMinutes: number;
  /** How soon before a start the teacher takes requests (lead-time.rules.ts). */
  leadHours: number;
}

/**
 * Everything a teacher's open slots are built from, in one round trip (the month calendar asks
 * for it on every visit): the zone, whether the teacher is bookable, the weekly windows, the days
 * off, buffer and lead time, and the booked spans near [from, to) (`exceptSlotIds` left out: a lesson being
 * moved does not block its own new time). Null when there is no such teacher.
 */
export async function slotSources(db: Executor, teacherId: string, from: Date, to: Date, exceptSlotIds: readonly string[] = []): Promise<SlotSources | null> {
  const reach = MAX_BUFFER_MINUTES * 60_000;
  const takenFrom = new Date(from.getTime() - reach).toISOString();
  const takenTo = new Date(to.getTime() + reach).toISOString();
  // Local days off of any zone that can touch [from, to): one UTC day either side is enough.
  const firstDay = new Date(from.getTime() - 86_400_000).toISOString().slice(0, 10);
  const lastDay = new Date(to.getTime() + 86_400_000).toISOString().slice(0, 10);
  const except = exceptSlotIds.length > 0 ? sql`and s.id not in (${sql.join(exceptSlotIds.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``;
  // Prepared: the calendar asks for this on every visit, and planning it cost more than running it.
  // Instants as float8 milliseconds through date_part, not extract: extract's numeric made a month
  // of a busy teacher's 225 imported times cost 4.8 ms on PGlite against 1.9 (issue 46's bench).
  const [row] = await preparedRows<{
    timeZone: string;
    isDiscoverable: boolean;
    bufferMinutes: number;
    leadHours: number;
    windows: [number, string, string, string][];
    taken: [number, number][];
    timeOff: [string, string][];
    busy: [number, number][];
  }>(
    db,
    sql`
      select tp.time_zone as "timeZone", ${discoverableTeacherAs("tp")} as "isDiscoverable", tp.buffer_minutes as "bufferMinutes",
        tp.lead_hours as "leadHours",
        coalesce((select json_agg(json_build_array(a.day_of_week, a.start_time, a.end_time, a.format))
                    from teacher_availability a where a.teacher_id = tp.id), '[]'::json) as windows,
        coalesce((select json_agg(json_build_array(round(date_part('epoch', s.starts_at) * 1000),
                                                   round(date_part('epoch', s.ends_at) * 1000)))
                    from booking_slots s
                   where s.teacher_id = tp.id and s.status = 'booked' ${except}
                     and tstzrange(s.starts_at, s.ends_at, '[)') && tstzrange(${takenFrom}::timestamptz, ${takenTo}::timestamptz, '[)')),
                 '[]'::json) as taken,
        coalesce((select json_agg(json_build_array(o.start_date, o.end_date))
                    from teacher_time_off o
                   where o.teacher_id = tp.id and o.end_date >= ${firstDay}::date and o.start_date <= ${lastDay}::date),
                 '[]'::json) as "timeOff",
        coalesce((select json_agg(json_build_array(round(date_part('epoch', b.starts_at) * 1000),
                                                   round(date_part('epoch', b.ends_at) * 1000)))
                    from teacher_busy_times b
                   where b.teacher_id = tp.id
                     and tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')),
                 '[]'::json) as busy
        from teacher_profiles tp
       where tp.id = ${teacherId}
    `,
  );
  if (!row) return null;
  return {
    timeZone: row.timeZone,
    isDiscoverable: row.isDiscoverable,
    bufferMinutes: Number(row.bufferMinutes),
    leadHours: Number(row.leadHours),
    windows: row.windows.map(([dayOfWeek, startTime, endTime, format]) => ({ dayOfWeek, startTime, endTime, format })),
    taken: row.taken.map(([startsAt, endsAt]) => ({ startsAt: new Date(startsAt), endsAt: new Date(endsAt) })),
    timeOff: row.timeOff.map(([startDate, endDate]) => ({ startDate, endDate })),
    busy: row.busy.map(([startsAt, endsAt]) => ({ startsAt: new Date(startsAt), endsAt: new Date(endsAt) })),
  };
}

export async function findStudentOfParent(db: Executor, studentId: string, parentId: string) {
  const [row] = await db
    .select({ id: studentProfiles.id, firstName: studentProfiles.firstName, lastName: studentProfiles.lastName })
    .from(studentProfiles)
    .where(and(eq(studentProfiles.id, studentId), eq(studentProfiles.parentId, parentId)));
  return row ?? null;
}

/** Longest a booking transaction waits for a lock, and longest one statement of it may run. */
export const SCHEDULE_LOCK_TIMEOUT = "2s";
export const SCHEDULE_STATEMENT_TIMEOUT = "5s";

/**
 * First statement of every transaction that changes a teacher's booked times: waits for (and holds
 * until commit) the teacher's advisory lock, so such transactions of one teacher run one after the
 * other. Without it, concurrent inserts of overlapping times wait on each other inside the
 * exclusion constraint and PostgreSQL kills some as deadlocked. The timeouts bound the wait: a
 * request that cannot get its turn in time fails (and rolls back) instead of hanging.
 */
export async function lockTeacherSchedule(tx: Executor, teacherId: string) {
  // set_config(…, true) is SET LOCAL: both end with the transaction.
  await tx.execute(
    sql`select set_config('lock_timeout', ${SCHEDULE_LOCK_TIMEOUT}, true), set_config('statement_timeout', ${SCHEDULE_STATEMENT_TIMEOUT}, true)`,
  );
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${teacherId}::text, 0))`);
}

export async function insertSeries(tx: Executor, series: { teacherId: string; studentId: string; parentId: string; lessonCount: number }): Promise<string> {
  const [row] = await tx.insert(lessonSeries).values(series).returning({ id: lessonSeries.id });
  return row!.id;
}

export async function insertRequest(
  tx: Executor,
  request: {
    teacherId: string;
    studentId: string;
    parentId: string;
    guardianId: string;
    bookingType: string;
    classId: string | null;
    seriesId: string | null;
    slots: { startsAt: Date; endsAt: Date; format: string }[];
  },
): Promise<string[]> {
  const ids: string[] = [];
  for (const slot of request.slots) {
    const [created] = await tx
      .insert(bookingSlots)
      .values({ teacherId: request.teacherId, startsAt: slot.startsAt, endsAt: slot.endsAt, format: slot.format })
      .returning({ id: bookingSlots.id });
    const [booking] = await tx
      .insert(bookings)
      .values({
        slotId: created!.id,
        teacherId: request.teacherId,
        studentId: request.studentId,
        parentId: request.parentId,
        requestedByGuardianId: request.guardianId,
        bookingType: request.bookingType,
        format: slot.format,
        classId: request.classId,
        seriesId: request.seriesId,
      })
      .returning({ id: bookings.id });
    ids.push(booking!.id);
  }
  return ids;
}

/** The make-up credit paying for a request (issue 26), and the lesson that credit was issued for. */
const paidBy = alias(makeUpCredits, "paid_by_credit");
const creditFor = alias(bookings, "credit_issued_for");
const creditForSlot = alias(bookingSlots, "credit_issued_slot");

const requestColumns = {
  id: bookings.id,
  status: bookings.status,
  bookingType: bookings.bookingType,
  format: bookings.format,
  createdAt: bookings.createdAt,
  seriesId: bookings.seriesId,
  slotId: bookings.slotId,
  declineReason: bookings.declineReason,
  cancelReason: bookings.cancelReason,
  parentId: bookings.parentId,
  priceCents: bookings.priceCents,
  priceEstimated: bookings.priceEstimated,
  requestedBy: guardianName(bookings.requestedByGuardianId),
  ...bookingPartyColumns,
  makeUpCreditFrom: creditForSlot.startsAt,
  /** Whether an online lesson of this request could be accepted: a link for the student, or the teacher's default. */
  hasMeetingLink: sql<boolean>`(coalesce(${studentMeetingLinks.url}, ${teacherProfiles.meetingUrl}) is not null)`,
};

function requestQuery(db: Executor) {
  return joinBookingParties(db.select(requestColumns).from(bookings).$dynamic())
    .leftJoin(paidBy, eq(paidBy.usedByBookingId, bookings.id))
    .leftJoin(creditFor, eq(creditFor.id, paidBy.issuedForBookingId))
    .leftJoin(creditForSlot, eq(creditForSlot.id, creditFor.slotId))
    .leftJoin(studentMeetingLinks, and(eq(studentMeetingLinks.teacherId, bookings.teacherId), eq(studentMeetingLinks.studentId, bookings.studentId)));
}
/** A request as the lists read it: a side that deleted their account reads as nulls. */
export type RequestListRow = Awaited<ReturnType<typeof listPendingForTeacher>>[number];
/** A request both of whose sides still exist (hasBothSides): what emails are made from. */
export type RequestRow = WithBothSides<RequestListRow>;

/**
 * Pending requests of one teacher, soonest first (issue 41; the spec's newest first put a request
 * starting in 15 minutes below tomorrow's): the one to answer first is on top. A weekly series is
 * listed at its first lesson, which is also when it expires.
 */
export function listPendingForTeacher(db: Executor, teacherId: string) {
  return requestQuery(db)
    .where(and(eq(bookings.teacherId, teacherId), eq(bookings.status, "pending")))
    .orderBy(asc(bookingSlots.startsAt), desc(bookings.createdAt));
}

export function listForParent(db: Executor, parentId: string) {
  return requestQuery(db).where(eq(bookings.parentId, parentId)).orderBy(desc(bookings.createdAt), asc(bookingSlots.startsAt));
}

export async function findRequests(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return requestQuery(db).where(inArray(bookings.id, ids)).orderBy(asc(bookingSlots.startsAt));
}

/**
 * Holds the teacher's row against changes until commit while a lesson is accepted: removing a
 * meeting link (which takes the row FOR UPDATE) then waits, and counts the lesson being accepted.
 */
export async function holdTeacherRow(tx: Executor, teacherId: string) {
  await tx.select({ id: teacherProfiles.id }).from(teacherProfiles).where(eq(teacherProfiles.id, teacherId)).for("share");
}

const lockedColumns = {
  id: bookings.id,
  teacherId: bookings.teacherId,
  status: bookings.status,
  slotId: bookings.slotId,
  seriesId: bookings.seriesId,
  createdAt: bookings.createdAt,
};

/** Locks the booking row for the rest of the transaction, so accept and decline cannot interleave. */
export async function lockBooking(tx: Executor, bookingId: string) {
  const [row] = await tx.select(lockedColumns).from(bookings).where(eq(bookings.id, bookingId)).for("update");
  return row ?? null;
}

/** Locks every booking of a weekly series (in id order, so two deciders never wait on each other crosswise). */
export async function lockSeriesBookings(tx: Executor, seriesId: string) {
  return tx.select(lockedColumns).from(bookings).where(eq(bookings.seriesId, seriesId)).orderBy(asc(bookings.id)).for("update");
}

export async function setBookingStatus(
  tx: Executor,
  bookingIds: string[],
  status: "accepted" | "declined",
  at: Date,
  declineReason: string | null = null,
  priceCents: number | null = null,
) {
  await tx.update(bookings).set({ status, decidedAt: at, declineReason, priceCents }).where(inArray(bookings.id, bookingIds));
}

/**
 * What a teacher is offered when accepting (issue 28): their lowest listed hourly rate, and per
 * family the price last agreed with this teacher for a full lesson (the latest decided one; prices
 * estimated at migration were never agreed, so they do not count).
 */
export async function priceSuggestionSources(db: Executor, teacherId: string, parentIds: readonly string[]) {
  const [teacher] = await db.select({ hourlyRateMin: teacherProfiles.hourlyRateMin }).from(teacherProfiles).where(eq(teacherProfiles.id, teacherId));
  const lastAgreed = new Map<string, number>();
  if (parentIds.length > 0) {
    const rows = await db
      .selectDistinctOn([bookings.parentId], { parentId: bookings.parentId, priceCents: bookings.priceCents })
      .from(bookings)
      .where(
        and(
          eq(bookings.teacherId, teacherId),
          inArray(bookings.parentId, [...new Set(parentIds)]),
          eq(bookings.bookingType, "full"),
          eq(bookings.priceEstimated, false),
          sql`${bookings.priceCents} is not null`,
          sql`${bookings.decidedAt} is not null`,
        ),
      )
      .orderBy(bookings.parentId, desc(bookings.decidedAt), desc(bookings.createdAt));
    for (const row of rows) if (row.parentId !== null && row.priceCents !== null) lastAgreed.set(row.parentId, row.priceCents);
  }
  return { hourlyRateMin: teacher?.hourlyRateMin ?? null, lastAgreed };
}

export async function releaseSlots(tx: Executor, slotIds: string[]) {
  await tx.update(bookingSlots).set({ status: "released" }).where(inArray(bookingSlots.id, slotIds));
}

export async function insertLessonEvents(
  tx: Executor,
  events: { ownerUserId: string; teacherId: string; studentId: string; bookingId: string; title: string; startsAt: Date; endsAt: Date }[],
) {
  if (events.length === 0) return;
  await tx.insert(calendarEvents).values(events.map((event) => ({ ...event, eventType: "lesson", status: "upcoming" })));
}
