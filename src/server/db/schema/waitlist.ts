import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { BOOKING_TYPES, CHOSEN_FORMATS } from "../../../shared/booking/booking.constants";
import type { WaitWindow } from "../../../shared/waitlist/waitlist-windows.rules";
import { WAITLIST_OFFER_STATUSES } from "../../../shared/waitlist/waitlist.schemas";
import { bookings } from "./booking";
import { createdAt, id, instant, oneOf } from "./columns";
import { parentIdColumn, studentIdColumn, teacherIdColumn } from "./owner-columns";
import { teacherProfiles } from "./teachers";

/**
 * A family waiting for a time with a teacher (issue 44): a student, a lesson type and format,
 * and weekly windows on the parent's clock. Matched until `expiresAt` (90 days after joining or
 * the last renewal) unless closed by the family or the teacher.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: id(),
    teacherId: teacherIdColumn(),
    parentId: parentIdColumn(),
    studentId: studentIdColumn(),
    bookingType: text().notNull(),
    format: text().notNull(),
    windows: jsonb().$type<WaitWindow[]>().notNull(),
    timeZone: text().notNull(),
    repeatWeeks: smallint(),
    createdAt: createdAt(),
    expiresAt: instant().notNull(),
    closedAt: instant(),
    closedByTeacher: boolean().notNull().default(false),
  },
  (t) => [
    index("waitlist_entries_teacher_idx").on(t.teacherId, t.createdAt),
    index("waitlist_entries_parent_idx").on(t.parentId),
    // One live entry per student, teacher and lesson type: a second join edits the first instead.
    uniqueIndex("waitlist_entries_live_key").on(t.teacherId, t.studentId, t.bookingType).where(sql`${t.closedAt} is null`),
    check("waitlist_entries_type_check", oneOf(t.bookingType, Object.keys(BOOKING_TYPES))),
    check("waitlist_entries_format_check", oneOf(t.format, CHOSEN_FORMATS)),
    check("waitlist_entries_repeat_check", sql`${t.repeatWeeks} is null or ${t.repeatWeeks} between 2 and 26`),
  ],
);

/**
 * A freed time offered to one family (issue 44). At most one open offer per teacher and start
 * (`waitlist_offers_open_time_key`): a time is held for one family at a time, and passes on
 * when it expires or is declined. A claim turns it `claimed` with one conditional UPDATE, so ten
 * taps give one booking request.
 */
export const waitlistOffers = pgTable(
  "waitlist_offers",
  {
    id: id(),
    entryId: uuid()
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: "cascade" }),
    teacherId: teacherIdColumn(),
    parentId: parentIdColumn(),
    startsAt: instant().notNull(),
    endsAt: instant().notNull(),
    status: text().notNull().default("open"),
    offeredAt: createdAt(),
    expiresAt: instant().notNull(),
    decidedAt: instant(),
    /** The offer also went by email (at most one such email per family per day). */
    emailed: boolean().notNull().default(false),
    bookingId: uuid().references(() => bookings.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("waitlist_offers_open_time_key").on(t.teacherId, t.startsAt).where(sql`${t.status} = 'open'`),
    // A family is offered one time once (a passed offer goes to the next family, never back).
    uniqueIndex("waitlist_offers_entry_time_key").on(t.entryId, t.startsAt),
    index("waitlist_offers_parent_idx").on(t.parentId, t.status),
    check("waitlist_offers_status_check", oneOf(t.status, WAITLIST_OFFER_STATUSES)),
    check("waitlist_offers_order_check", sql`${t.endsAt} > ${t.startsAt} and ${t.expiresAt} > ${t.offeredAt}`),
  ],
);

/** A teacher's waitlist settings; a teacher without a row has the defaults (open, offers on, 2 hours). */
export const waitlistSettings = pgTable(
  "waitlist_settings",
  {
    teacherId: uuid()
      .primaryKey()
      .references(() => teacherProfiles.id, { onDelete: "cascade" }),
    open: boolean().notNull().default(true),
    offersEnabled: boolean().notNull().default(true),
    holdMinutes: integer().notNull().default(120),
  },
  (t) => [check("waitlist_settings_hold_check", sql`${t.holdMinutes} between 15 and 1440`)],
);
