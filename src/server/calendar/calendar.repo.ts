import { and, asc, eq, gt, gte, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { BookingStatus, BookingType } from "../../shared/booking/booking.constants";
import { lessonPlaceOfColumns, type LessonPlace } from "../../shared/booking/lesson-place.rules";
import type { EventStatus, EventType } from "../../shared/calendar/calendar.constants";
import type { CalendarEventDTO } from "../../shared/calendar/calendar.schemas";
import { activeAccount } from "../db/account-standing";
import { parentZoneOf } from "../db/parent-zone";
import type { Executor } from "../db/client";
import { bookings, calendarEvents, calendarFeeds, parentProfiles, studentMeetingLinks, studentProfiles, teacherProfiles, user } from "../db/schema";

const parentUser = alias(user, "parent_user");

/**
 * Whose events a user may read (decisions.md: calendars scoped per user): their own (a teacher's
 * lessons are owned by the teacher) and, for a parent, those about their students.
 */
export interface EventScope {
  userId: string;
  studentIds: readonly string[];
}

/**
 * No event lasts longer than this: one created in the dialog lies within one local day (25 hours
 * on the day clocks go back), a lesson is at most an hour. It turns "overlaps [from, to)" into a
 * bounded range on starts_at, which the (owner|student, starts_at) indexes answer.
 */
export const LONGEST_EVENT_MS = 26 * 3600_000;

function scopeCondition(scope: EventScope): SQL {
  const own = eq(calendarEvents.ownerUserId, scope.userId);
  return scope.studentIds.length ? or(own, inArray(calendarEvents.studentId, [...scope.studentIds]))! : own;
}

const eventColumns = {
  id: calendarEvents.id,
  ownerUserId: calendarEvents.ownerUserId,
  studentId: calendarEvents.studentId,
  teacherId: calendarEvents.teacherId,
  bookingId: calendarEvents.bookingId,
  title: calendarEvents.title,
  eventType: calendarEvents.eventType,
  startsAt: calendarEvents.startsAt,
  endsAt: calendarEvents.endsAt,
  notes: calendarEvents.notes,
  status: calendarEvents.status,
  sequence: calendarEvents.sequence,
  updatedAt: calendarEvents.updatedAt,
  studentFirstName: studentProfiles.firstName,
  studentLastName: studentProfiles.lastName,
  teacherFirstName: teacherProfiles.firstName,
  teacherLastName: teacherProfiles.lastName,
  bookingType: bookings.bookingType,
  // Where and how, and each side's contact (issue 26); told by the service to the lesson's two sides.
  bookingFormat: bookings.format,
  bookingStatus: bookings.status,
  teacherEmail: teacherProfiles.email,
  teacherPhone: teacherProfiles.phone,
  teacherMeetingUrl: teacherProfiles.meetingUrl,
  studentMeetingUrl: studentMeetingLinks.url,
  inPersonPlace: teacherProfiles.inPersonPlace,
  studioAddress: teacherProfiles.studioAddress,
  parentFirstName: parentProfiles.firstName,
  parentLastName: parentProfiles.lastName,
  parentPhone: parentProfiles.phone,
  parentEmail: parentUser.email,
  familyAddress: parentProfiles.address,
};

type EventRow = Awaited<ReturnType<typeof selectEvents>>[number];

/**
 * An event as stored, with what the service needs to title a lesson for the family: the
 * teacher's name (null once the teacher's profile is gone) and the booking's type.
 */
export interface StoredEvent extends CalendarEventDTO {
  /** RFC 5545 SEQUENCE and the last change (issue 46), for feeds and .ics files. */
  sequence: number;
  updatedAt: string;
  lesson: {
    teacherName: string | null;
    bookingType: BookingType | null;
    /** The booking's status (the event's own stays "upcoming" or "completed" while it is accepted). */
    bookingStatus: BookingStatus | null;
    teacher: PartySource;
    family: PartySource;
  };
}

export type PartySource = { firstName: string | null; lastName: string | null; email: string | null; phone: string | null } | null;

/** A booking's where and how, from its columns; null for an event without a booking. */
function placeOf(row: EventRow): LessonPlace | null {
  if (!row.bookingFormat || !row.bookingStatus) return null;
  return lessonPlaceOfColumns({ ...row, format: row.bookingFormat, status: row.bookingStatus });
}

function toStored(row: EventRow): StoredEvent {
  return {
    id: row.id,
    ownerUserId: row.ownerUserId,
    studentId: row.studentId,
    teacherId: row.teacherId,
    bookingId: row.bookingId,
    title: row.title,
    eventType: row.eventType as EventType,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    notes: row.notes,
    status: row.status as EventStatus,
    sequence: row.sequence,
    updatedAt: row.updatedAt.toISOString(),
    student:
      row.studentId && row.studentFirstName !== null && row.studentLastName !== null
        ? { id: row.studentId, firstName: row.studentFirstName, lastName: row.studentLastName }
        : null,
    place: placeOf(row),
    // Decided per viewer by the service (the other side of the lesson).
    contact: null,
    lesson: {
      teacherName: row.teacherFirstName !== null && row.teacherLastName !== null ? `${row.teacherFirstName} ${row.teacherLastName}` : null,
      // The column's CHECK constraint admits only the booking types.
      bookingType: row.bookingType as BookingType | null,
      bookingStatus: row.bookingStatus as BookingStatus | null,
      teacher: row.teacherFirstName === null ? null : { firstName: row.teacherFirstName, lastName: row.teacherLastName, email: row.teacherEmail, phone: row.teacherPhone },
      family: row.parentFirstName === null ? null : { firstName: row.parentFirstName, lastName: row.parentLastName, email: row.parentEmail, phone: row.parentPhone },
    },
  };
}

function selectEvents(db: Executor) {
  return db
    .select(eventColumns)
    .from(calendarEvents)
    .leftJoin(studentProfiles, eq(studentProfiles.id, calendarEvents.studentId))
    .leftJoin(teacherProfiles, eq(teacherProfiles.id, calendarEvents.teacherId))
    .leftJoin(bookings, eq(bookings.id, calendarEvents.bookingId))
    .leftJoin(studentMeetingLinks, and(eq(studentMeetingLinks.teacherId, bookings.teacherId), eq(studentMeetingLinks.studentId, bookings.studentId)))
    .leftJoin(parentProfiles, eq(parentProfiles.id, bookings.parentId))
    .leftJoin(parentUser, eq(parentUser.id, parentProfiles.userId));
}

/** Events of the scope overlapping [from, to), by start, at most `limit`. */
export async function listInRange(
  db: Executor,
  scope: EventScope,
  range: { from: Date; to: Date; studentId?: string },
  limit: number,
): Promise<StoredEvent[]> {
  const rows = await selectEvents(db)
    .where(
      and(
        scopeCondition(scope),
        gte(calendarEvents.startsAt, new Date(range.from.getTime() - LONGEST_EVENT_MS)),
        lt(calendarEvents.startsAt, range.to),
        gt(calendarEvents.endsAt, range.from),
        range.studentId ? eq(calendarEvents.studentId, range.studentId) : undefined,
      ),
    )
    .orderBy(asc(calendarEvents.startsAt), asc(calendarEvents.id))
    .limit(limit);
  return rows.map(toStored);
}

/** One event, only if it is in the scope. */
export async function findInScope(db: Executor, scope: EventScope, eventId: string): Promise<StoredEvent | null> {
  const [row] = await selectEvents(db).where(and(eq(calendarEvents.id, eventId), scopeCondition(scope)));
  return row ? toStored(row) : null;
}

export async function studentIdsOfParent(db: Executor, parentId: string): Promise<string[]> {
  const rows = await db.select({ id: studentProfiles.id }).from(studentProfiles).where(eq(studentProfiles.parentId, parentId));
  return rows.map((r) => r.id);
}

export interface EventWrite {
  title: string;
  eventType: EventType;
  startsAt: Date;
  endsAt: Date;
  studentId: string | null;
  notes: string | null;
}

export async function insertEvent(db: Executor, ownerUserId: string, event: EventWrite): Promise<string> {
  const [row] = await db
    .insert(calendarEvents)
    .values({ ...event, ownerUserId, status: "upcoming" })
    .returning({ id: calendarEvents.id });
  return row!.id;
}

export async function updateEvent(db: Executor, eventId: string, event: EventWrite): Promise<void> {
  await db.update(calendarEvents).set(event).where(eq(calendarEvents.id, eventId));
}

export async function deleteEvent(db: Executor, eventId: string): Promise<void> {
  await db.delete(calendarEvents).where(eq(calendarEvents.id, eventId));
}

/**
 * The reader's zone names their .ics files (issue 41: a New York parent's file said Chicago, the
 * teacher's): a teacher's own zone, else the parent's clock (db/parent-zone.ts: chosen, reported,
 * else UTC); null for an account with neither profile (the file then names no zone).
 */
export async function readerTimeZoneOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({
      teacher: sql<string | null>`(select time_zone from teacher_profiles where user_id = ${userId})`,
      parent: sql<string | null>`(select ${parentZoneOf("p")} from parent_profiles p where p.user_id = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  return row?.teacher ?? row?.parent ?? null;
}

export async function findFeed(db: Executor, userId: string) {
  const [row] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row ?? null;
}

/** Replaces the user's token hash: the old URL stops working in the same statement. */
export async function upsertFeed(db: Executor, userId: string, tokenHash: string): Promise<Date> {
  const now = new Date();
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: now } })
    .returning({ createdAt: calendarFeeds.createdAt });
  return row!.createdAt;
}

export async function deleteFeed(db: Executor, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

export async function feedOwner(db: Executor, tokenHash: string): Promise<{ userId: string; name: string } | null> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId, name: user.name })
    .from(calendarFeeds)
    .innerJoin(user, eq(user.id, calendarFeeds.userId))
    // A suspended (or deleted) account's feed answers nothing (account-standing.ts): its families'
    // addresses and phones must not keep flowing to a calendar app.
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), activeAccount(sql`${calendarFeeds.userId}`)));
  return row ?? null;
}

/**
 * Account deletion: the user's feed (its URL stops working) and their own events, except lesson
 * events of bookings: those stay for the other side of the lesson (a family reads a deleted
 * teacher's past lessons through them).
 */
export async function deleteAccountEvents(tx: Executor, userId: string): Promise<void> {
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  await tx
    .delete(calendarEvents)
    .where(and(eq(calendarEvents.ownerUserId, userId), or(isNull(calendarEvents.bookingId), ne(calendarEvents.eventType, "lesson"))));
}
