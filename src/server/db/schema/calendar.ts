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
    studentId: uuid().references(() => studentProfiles.id, { onDelete: "cascade" }),
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

/** Secret token of a user's private iCalendar subscription URL (decisions.md: Link Calendar). */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: text()
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  token: text().notNull().unique(),
  createdAt: createdAt(),
});
