import { sql } from "drizzle-orm";
import { boolean, check, foreignKey, index, integer, pgTable, primaryKey, smallint, text, unique, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { LESSON_PRICE_MAX_CENTS } from "../../../shared/invoices/invoices.constants";
import { ATTENDANCE, BOOKING_FORMATS, BOOKING_STATUSES, BOOKING_TYPES, CANCELLED_BY, SLOT_STATUSES } from "../../../shared/booking/booking.constants";
import { parentProfiles } from "./accounts";
import { classes } from "./classes";
import { createdAt, id, instant, oneOf } from "./columns";
import { studentProfiles } from "./students";
import { teacherProfiles } from "./teachers";

/**
 * A span of a teacher's time taken by one booking, as UTC instants. The exclusion constraint
 * `booking_slots_no_overlap` (custom migration) forbids two `booked` slots of one teacher that
 * overlap; a slot stays `booked` while its booking is pending or accepted, and is `released` in
 * the same transaction that declines the booking.
 */
export const bookingSlots = pgTable(
  "booking_slots",
  {
    id: id(),
    /**
     * Null once the teacher deleted their account (issue 26): the family keeps the lesson, shown
     * with "Deleted teacher"; the update cascades to the booking through bookings_slot_teacher_fk.
     */
    teacherId: uuid().references(() => teacherProfiles.id, { onDelete: "set null" }),
    startsAt: instant().notNull(),
    endsAt: instant().notNull(),
    format: text().notNull(),
    status: text().notNull().default("booked"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("booking_slots_id_teacher_key").on(t.id, t.teacherId),
    index("booking_slots_teacher_starts_idx").on(t.teacherId, t.startsAt),
    // The reminder sweep reads every teacher's lessons starting in the next hours (lessons/reminders.repo.ts).
    index("booking_slots_starts_idx").on(t.startsAt),
    check("booking_slots_order_check", sql`${t.endsAt} > ${t.startsAt}`),
    check("booking_slots_status_check", oneOf(t.status, SLOT_STATUSES)),
    check("booking_slots_format_check", oneOf(t.format, BOOKING_FORMATS)),
  ],
);

/**
 * A weekly series asked for in one request (issue 14): each occurrence is its own row in
 * `bookings` (with its own slot and, once accepted, its own calendar event) pointing here. The
 * teacher accepts or declines the series as a whole; afterwards each lesson lives on its own.
 */
export const lessonSeries = pgTable(
  "lesson_series",
  {
    id: id(),
    /** Each side is null once that account is deleted; the other side keeps the series. */
    teacherId: uuid().references(() => teacherProfiles.id, { onDelete: "set null" }),
    parentId: uuid().references(() => parentProfiles.id, { onDelete: "set null" }),
    studentId: uuid().references(() => studentProfiles.id, { onDelete: "set null" }),
    /** How many lessons were asked for (2-26), before any were cancelled. */
    lessonCount: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("lesson_series_teacher_idx").on(t.teacherId),
    check("lesson_series_count_check", sql`${t.lessonCount} between 2 and 26`),
  ],
);

export const bookings = pgTable(
  "bookings",
  {
    id: id(),
    slotId: uuid().notNull().unique(),
    /**
     * The teacher, student and parent are null once that account is deleted (issue 26,
     * decisions.md section 6): the other side keeps its past lessons, shown with "Deleted user"
     * or "Deleted teacher".
     */
    teacherId: uuid(),
    studentId: uuid().references(() => studentProfiles.id, { onDelete: "set null" }),
    /** The parent who asked; the student's parent at the time of the request. */
    parentId: uuid().references(() => parentProfiles.id, { onDelete: "set null" }),
    bookingType: text().notNull(),
    format: text().notNull(),
    status: text().notNull().default("pending"),
    classId: uuid().references(() => classes.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    decidedAt: instant(),
    /** Set when the booking is one occurrence of a weekly series (issue 14). */
    seriesId: uuid().references(() => lessonSeries.id, { onDelete: "set null" }),
    cancelledAt: instant(),
    cancelledBy: text(),
    /**
     * Issue 45, who did what: the guardian (their own parent profile) who asked for the lesson, and
     * the one who cancelled it when the family did. Null for what happened before households, for
     * what the teacher or the platform did, and once that guardian's account is gone.
     */
    requestedByGuardianId: uuid().references((): AnyPgColumn => parentProfiles.id, { onDelete: "set null" }),
    cancelledByGuardianId: uuid().references((): AnyPgColumn => parentProfiles.id, { onDelete: "set null" }),
    /** The guardian who last moved the lesson to another time; null when the teacher moved it last. */
    movedByGuardianId: uuid().references((): AnyPgColumn => parentProfiles.id, { onDelete: "set null" }),
    /** Cancelled inside the teacher's notice window (src/shared/lessons/cancellation.rules.ts). */
    lateCancel: boolean(),
    /** Recorded by the teacher after the lesson's start; null until then. */
    attendance: text(),
    attendanceAt: instant(),
    /** The teacher's note after the lesson: what was covered, what to practise. */
    lessonNote: text(),
    /** The teacher's optional reason for declining the request or cancelling the lesson (issue 26). */
    declineReason: text(),
    cancelReason: text(),
    /**
     * Set when the lesson was cancelled because one side can no longer take part: they deleted
     * their account, or the desk suspended the teacher (issue 41). Never late, never charged.
     */
    cancelledForClosedAccount: boolean().notNull().default(false),
    /**
     * The price agreed for this lesson, in cents (issue 28), set when the teacher accepts: a full
     * lesson's confirmed price, 0 for an intro call. It never follows the teacher's listed range.
     * `priceEstimated`: lessons accepted before prices existed got the low end of the range.
     */
    priceCents: integer(),
    priceEstimated: boolean().notNull().default(false),
    /**
     * A late cancellation by the family that the teacher's policy charged when it happened (cents),
     * and the notice window of that policy (hours): the invoice line cites both. Null otherwise.
     */
    cancelChargeCents: integer(),
    cancelNoticeHours: smallint(),
  },
  (t) => [
    // The slot must belong to the same teacher as the booking.
    foreignKey({
      name: "bookings_slot_teacher_fk",
      columns: [t.slotId, t.teacherId],
      foreignColumns: [bookingSlots.id, bookingSlots.teacherId],
    })
      .onDelete("cascade")
      // A deleted teacher's slots lose their teacher (set null), and so do their bookings.
      .onUpdate("cascade"),
    index("bookings_teacher_status_created_idx").on(t.teacherId, t.status, t.createdAt),
    index("bookings_student_idx").on(t.studentId),
    index("bookings_parent_idx").on(t.parentId),
    check("bookings_type_check", oneOf(t.bookingType, Object.keys(BOOKING_TYPES))),
    check("bookings_status_check", oneOf(t.status, BOOKING_STATUSES)),
    check("bookings_format_check", oneOf(t.format, BOOKING_FORMATS)),
    check("bookings_decided_check", sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
    check(
      "bookings_cancelled_check",
      sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null) and (${t.cancelledAt} is null) = (${t.cancelledBy} is null)`,
    ),
    check("bookings_cancelled_by_check", sql`${t.cancelledBy} is null or ${oneOf(t.cancelledBy, CANCELLED_BY)}`),
    check("bookings_attendance_check", sql`${t.attendance} is null or ${oneOf(t.attendance, ATTENDANCE)}`),
    check("bookings_lesson_note_check", sql`length(${t.lessonNote}) <= 5000`),
    check("bookings_reasons_check", sql`length(${t.declineReason}) <= 500 and length(${t.cancelReason}) <= 500`),
    index("bookings_series_idx").on(t.seriesId),
    check("bookings_price_check", sql`${t.priceCents} is null or ${t.priceCents} between 0 and ${sql.raw(String(LESSON_PRICE_MAX_CENTS))}`),
    check(
      "bookings_cancel_charge_check",
      sql`${t.cancelChargeCents} is null or (${t.status} = 'cancelled' and ${t.cancelChargeCents} > 0 and ${t.cancelChargeCents} <= ${t.priceCents} and ${t.cancelNoticeHours} is not null)`,
    ),
    // The expiry sweep reads only pending requests, a small part of all bookings (booking/request-expiry.repo.ts).
    index("bookings_pending_created_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A teacher's meeting link for one student (issue 26), used instead of the teacher's default
 * link for that student's online lessons and intro calls.
 */
export const studentMeetingLinks = pgTable(
  "student_meeting_links",
  {
    teacherId: uuid()
      .notNull()
      .references(() => teacherProfiles.id, { onDelete: "cascade" }),
    studentId: uuid()
      .notNull()
      .references(() => studentProfiles.id, { onDelete: "cascade" }),
    url: text().notNull(),
    updatedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.teacherId, t.studentId] }),
    check("student_meeting_links_url_check", sql`${t.url} ~ '^https?://' and length(${t.url}) <= 500`),
  ],
);
