import { check, index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { EVENT_STATUSES, EVENT_TYPES } from "../../../shared/calendar/calendar.constants";
import { user } from "./auth";
import { bookings } from "./booking";
import { createdAt, id, instant, nonBlank, oneOf } from "./columns";
import { studentProfiles } from "./students";
import { teacherProfiles } from "./teachers";

/** One shape for create, read and update (decisions.md section 1). */
export const calendarEvents = pgTable(
  "calendar_events",
  {
    id: id(),
    ownerUserId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Null once the family deleted their account: the teacher's lesson stays, with "Deleted user". */
    studentId: uuid().references(() => studentProfiles.id, { onDelete: "set null" }),
    teacherId: uuid().references(() => teacherProfiles.id, { onDelete: "set null" }),
    bookingId: uuid().references(() => bookings.id, { onDelete: "set null" }),
    title: text().notNull(),
    eventType: text().notNull().default("custom"),
    startsAt: instant().notNull(),
    endsAt: instant().notNull(),
    notes: text(),
    status: text().notNull().default("upcoming"),
    /**
     * RFC 5545 SEQUENCE: raised by a trigger (migration 0025) on every change of what a calendar app
     * shows, whoever writes the row; Google ignores a changed event whose SEQUENCE did not grow.
     */
    sequence: integer().notNull().default(0),
    /** Last change of what a calendar app shows (same trigger): a cancelled lesson stays in feeds 30 days from it. */
    updatedAt: instant().notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index("calendar_events_owner_starts_idx").on(t.ownerUserId, t.startsAt),
    index("calendar_events_student_starts_idx").on(t.studentId, t.startsAt),
    index("calendar_events_teacher_starts_idx").on(t.teacherId, t.startsAt),
    check("calendar_events_order_check", sql`${t.endsAt} > ${t.startsAt}`),
    check("calendar_events_type_check", oneOf(t.eventType, EVENT_TYPES)),
    check("calendar_events_status_check", oneOf(t.status, EVENT_STATUSES)),
    check("calendar_events_title_check", nonBlank(t.title)),
  ],
);

/**
 * A user's private iCalendar subscription (decisions.md: Link Calendar). Only the SHA-256 of the
 * secret token is kept: a copy of the database does not give anyone's feed URL away. One row per
 * user; regenerating replaces the hash, which revokes the old URL.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: text()
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  tokenHash: text().notNull().unique(),
  createdAt: createdAt(),
});

/**
 * A teacher's own calendar read for busy times (issue 46): the private iCalendar address Google,
 * Apple or Outlook gives, fetched every 15 minutes by the jobs runner (calendar/busy-calendars.jobs.ts).
 * The address is a secret (anyone holding it reads the calendar): it is never sent back whole. The
 * validators and the last fetch's outcome are kept for the conditional request and for the teacher.
 */
export const teacherCalendars = pgTable(
  "teacher_calendars",
  {
    id: id(),
    teacherId: uuid()
      .notNull()
      .references(() => teacherProfiles.id, { onDelete: "cascade" }),
    url: text().notNull(),
    label: text().notNull(),
    etag: text(),
    lastModified: text(),
    /** When the stored busy times were last expanded from a full answer (a 304 keeps them; a daily full fetch moves the horizon). */
    expandedAt: instant(),
    lastSuccessAt: instant(),
    lastAttemptAt: instant(),
    /** The last failure in plain words, cleared by the next success. */
    lastError: text(),
    lastErrorAt: instant(),
    /** Server time of the last fetch (download, parse, expansion and store), for operators and the bench. */
    lastFetchMs: integer(),
    busyCount: integer().notNull().default(0),
    nextFetchAt: instant().notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("teacher_calendars_teacher_url_unique").on(t.teacherId, t.url),
    index("teacher_calendars_next_fetch_idx").on(t.nextFetchAt),
    check("teacher_calendars_label_check", nonBlank(t.label)),
  ],
);

/**
 * Busy intervals expanded from a teacher's calendars over the booking horizon (overlapping ones
 * merged per calendar). No titles: families are only ever told the teacher is busy, and the
 * teacher's own app already has the details.
 */
export const teacherBusyTimes = pgTable(
  "teacher_busy_times",
  {
    calendarId: uuid()
      .notNull()
      .references(() => teacherCalendars.id, { onDelete: "cascade" }),
    teacherId: uuid()
      .notNull()
      .references(() => teacherProfiles.id, { onDelete: "cascade" }),
    startsAt: instant().notNull(),
    endsAt: instant().notNull(),
  },
  (t) => [
    // The slots query asks "this teacher's busy times overlapping [from, to)", whatever their length.
    index("teacher_busy_times_teacher_range_idx").using("gist", t.teacherId, sql`tstzrange(${t.startsAt}, ${t.endsAt}, '[)')`),
    index("teacher_busy_times_calendar_idx").on(t.calendarId),
    check("teacher_busy_times_order_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
