import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
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
