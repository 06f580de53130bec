import { createHash, randomBytes } from "node:crypto";
import { familyLessonEventTitle } from "../../shared/booking/booking.rules";
import { partyContact } from "../../shared/booking/lesson-place.rules";
import { eventInstants } from "../../shared/calendar/calendar-views.rules";
import { DELETED_TEACHER_NAME } from "../../shared/accounts/accounts.constants";
import { EVENT_NOT_FOUND_MESSAGE, type CalendarEventDTO, type EventData, type EventRangeQuery } from "../../shared/calendar/calendar.schemas";
import { AppError } from "../../shared/errors";
import { findProfileIds } from "../auth";
import type { Executor } from "../db/client";
import type { Deps } from "../deps";
import { eventsToIcs } from "./calendar-ics";
import * as repo from "./calendar.repo";

/** An event as a viewer sees it, with what calendar files add (SEQUENCE, the last change). */
export type SeenEvent = CalendarEventDTO & Pick<repo.StoredEvent, "sequence" | "updatedAt">;

/** A range read returns at most this many events: a busy month is far below it. */
export const MAX_EVENTS_PER_READ = 500;
/** A feed lists lessons and events from 90 days back to a year ahead, at most this many. */
export const MAX_FEED_EVENTS = 2000;
const FEED_PAST_MS = 90 * 86_400_000;
const FEED_FUTURE_MS = 366 * 86_400_000;
/**
 * A cancelled lesson stays in feeds as STATUS:CANCELLED this long after it was cancelled (issue 46):
 * a calendar app that only drops what disappears (Google keeps it) is told to take it off, and a
 * month is longer than any app goes without refreshing.
 */
export const FEED_KEEPS_CANCELLED_MS = 30 * 86_400_000;

export const LESSON_LOCKED_MESSAGE =
  "Lessons booked through a request are changed or cancelled from the booking, not the calendar.";
export const STUDENT_NOT_FOUND_MESSAGE = "Student not found";
export const FEED_NOT_FOUND_MESSAGE = "Calendar feed not found";

/** The scope comes from the session only: the user's own events and their students'. */
async function scopeOf(deps: Pick<Deps, "db">, userId: string): Promise<repo.EventScope> {
  const { parentId } = await findProfileIds(deps.db, userId);
  return { userId, studentIds: parentId ? await repo.studentIdsOfParent(deps.db, parentId) : [] };
}

/**
 * An event as one viewer sees it. A lesson belongs to the teacher, and its stored title names the
 * student ("Lesson with Mia"), which is the teacher's view. The family reads it through their
 * student, and for them the lesson is with the teacher: "Lesson with Casey Keys (Mia)". The
 * calendar, the dashboard's next 7 days and the .ics files all read through here.
 */
function asSeenBy(userId: string, stored: repo.StoredEvent): SeenEvent {
  const { lesson, ...event } = stored;
  if (event.eventType !== "lesson") return event;
  // Where and how was decided by the booking's status (repo); the contact is the other side's.
  const contact = event.place && lesson.bookingStatus ? partyContact(lesson.bookingStatus, event.ownerUserId === userId ? lesson.family : lesson.teacher) : null;
  if (event.ownerUserId === userId) return { ...event, contact };
  return {
    ...event,
    contact,
    title: familyLessonEventTitle(lesson.bookingType ?? "full", lesson.teacherName ?? DELETED_TEACHER_NAME, event.student?.firstName ?? null),
  };
}

async function eventsInRange(
  deps: Pick<Deps, "db">,
  scope: repo.EventScope,
  range: { from: Date; to: Date; studentId?: string },
  limit: number,
): Promise<SeenEvent[]> {
  const events = await repo.listInRange(deps.db, scope, range, limit);
  return events.map((event) => asSeenBy(scope.userId, event));
}

async function eventInScope(deps: Pick<Deps, "db">, scope: repo.EventScope, eventId: string): Promise<SeenEvent | null> {
  const event = await repo.findInScope(deps.db, scope, eventId);
  return event ? asSeenBy(scope.userId, event) : null;
}

export async function listEvents(deps: Pick<Deps, "db">, userId: string, query: EventRangeQuery): Promise<CalendarEventDTO[]> {
  return eventsInRange(deps, await scopeOf(deps, userId), query, MAX_EVENTS_PER_READ);
}

/**
 * What starts in [from, to) for a dashboard summary (parent's next 7 days), read through the same
 * scope as the calendar itself; at most `limit`.
 */
export async function eventsStartingIn(
  deps: Pick<Deps, "db">,
  userId: string,
  range: { from: Date; to: Date },
  limit: number,
): Promise<CalendarEventDTO[]> {
  const events = await eventsInRange(deps, await scopeOf(deps, userId), range, MAX_EVENTS_PER_READ);
  return events.filter((event) => new Date(event.startsAt) >= range.from).slice(0, limit);
}

/** Turns the dialog's local date and times (in the viewer's zone) into what is stored. */
function toWrite(scope: repo.EventScope, input: EventData): repo.EventWrite {
  // Only a parent names a student, and only one of their own (a teacher has none in scope).
  if (input.studentId && !scope.studentIds.includes(input.studentId)) {
    throw new AppError("not_found", STUDENT_NOT_FOUND_MESSAGE);
  }
  const { startsAt, endsAt } = eventInstants(input);
  return {
    title: input.title,
    eventType: input.eventType,
    startsAt,
    endsAt,
    studentId: input.studentId ?? null,
    notes: input.notes ? input.notes : null,
  };
}

export async function createEvent(deps: Pick<Deps, "db">, userId: string, input: EventData): Promise<CalendarEventDTO> {
  const scope = await scopeOf(deps, userId);
  const id = await repo.insertEvent(deps.db, userId, toWrite(scope, input));
  return (await eventInScope(deps, scope, id))!;
}

/**
 * An event the user may change: their own, and not a lesson (a booking's lesson is owned by its
 * booking: changing it here would leave the booking and the teacher's slot behind).
 */
async function ownEditable(deps: Pick<Deps, "db">, scope: repo.EventScope, eventId: string): Promise<CalendarEventDTO> {
  const event = await eventInScope(deps, scope, eventId);
  if (!event || event.ownerUserId !== scope.userId) throw new AppError("not_found", EVENT_NOT_FOUND_MESSAGE);
  if (event.eventType === "lesson" || event.bookingId) throw new AppError("conflict", LESSON_LOCKED_MESSAGE, { reason: "lesson_event" });
  return event;
}

export async function updateEvent(deps: Pick<Deps, "db">, userId: string, eventId: string, input: EventData): Promise<CalendarEventDTO> {
  const scope = await scopeOf(deps, userId);
  await ownEditable(deps, scope, eventId);
  await repo.updateEvent(deps.db, eventId, toWrite(scope, input));
  return (await eventInScope(deps, scope, eventId))!;
}

export async function deleteEvent(deps: Pick<Deps, "db">, userId: string, eventId: string): Promise<void> {
  const scope = await scopeOf(deps, userId);
  await ownEditable(deps, scope, eventId);
  await repo.deleteEvent(deps.db, eventId);
}

/** One event (e.g. a lesson) as a downloadable .ics file, if the user may see it. */
export async function eventIcs(deps: Pick<Deps, "db" | "env">, userId: string, eventId: string): Promise<string> {
  const event = await eventInScope(deps, await scopeOf(deps, userId), eventId);
  if (!event) throw new AppError("not_found", EVENT_NOT_FOUND_MESSAGE);
  return eventsToIcs([event], {
    name: event.title,
    host: new URL(deps.env.PUBLIC_URL).hostname,
    timeZone: await repo.readerTimeZoneOf(deps.db, userId),
  });
}

// --- Link Calendar: the private subscription feed --------------------------------------------

/** 32 random bytes: unguessable, and unrelated to the session (signing out does not change it). */
const TOKEN_PATTERN = /^([A-Za-z0-9_-]{43})\.ics$/;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface FeedStatus {
  active: boolean;
  createdAt: string | null;
}

export async function feedStatus(deps: Pick<Deps, "db">, userId: string): Promise<FeedStatus> {
  const feed = await repo.findFeed(deps.db, userId);
  return { active: feed !== null, createdAt: feed?.createdAt.toISOString() ?? null };
}

/**
 * A new secret URL, replacing (and so revoking) any earlier one. Only its hash is stored, so the
 * URL is shown this once; a user who loses it regenerates.
 */
export async function regenerateFeed(deps: Pick<Deps, "db" | "env">, userId: string): Promise<FeedStatus & { url: string }> {
  const token = randomBytes(32).toString("base64url");
  const createdAt = await repo.upsertFeed(deps.db, userId, hashToken(token));
  return { active: true, createdAt: createdAt.toISOString(), url: `${deps.env.PUBLIC_URL}/api/calendar/feed/${token}.ics` };
}

export async function revokeFeed(deps: Pick<Deps, "db">, userId: string): Promise<FeedStatus> {
  await repo.deleteFeed(deps.db, userId);
  return { active: false, createdAt: null };
}

/** Account deletion, in its transaction: the user's feed and own events go (lessons stay for the other side). */
export function deleteAccountData(tx: Executor, userId: string): Promise<void> {
  return repo.deleteAccountEvents(tx, userId);
}

/** The public feed: the token alone names the user; anything unknown is a 404. */
export async function feedIcs(deps: Pick<Deps, "db" | "env">, file: string, now = new Date()): Promise<string> {
  const token = TOKEN_PATTERN.exec(file)?.[1];
  const owner = token ? await repo.feedOwner(deps.db, hashToken(token)) : null;
  if (!owner) throw new AppError("not_found", FEED_NOT_FOUND_MESSAGE);
  const events = await eventsInRange(
    deps,
    await scopeOf(deps, owner.userId),
    { from: new Date(now.getTime() - FEED_PAST_MS), to: new Date(now.getTime() + FEED_FUTURE_MS) },
    MAX_FEED_EVENTS,
  );
  const keptSince = now.getTime() - FEED_KEEPS_CANCELLED_MS;
  return eventsToIcs(events.filter((event) => event.status !== "cancelled" || Date.parse(event.updatedAt) >= keptSince), {
    name: `Music lessons: ${owner.name}`,
    host: new URL(deps.env.PUBLIC_URL).hostname,
    timeZone: await repo.readerTimeZoneOf(deps.db, owner.userId),
  });
}
