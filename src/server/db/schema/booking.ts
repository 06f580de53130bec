import { sql } from "drizzle-orm";
import { check, foreignKey, index, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import {
  BOOKING_FORMATS,
  BOOKING_STATUSES,
  BOOKING_TYPES,
  SLOT_STATUSES,
} from "../../../shared/booking/booking.constants";
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
    teacherId: uuid()
      .notNull()
      .references(() => teacherProfiles.id, { onDelete: "cascade" }),
    startsAt: instant().notNull(),
    endsAt: instant().notNull(),
    format: text().notNull(),
    status: text().notNull().default("booked"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("booking_slots_id_teacher_key").on(t.id, t.teacherId),
    index("booking_slots_teacher_starts_idx").on(t.teacherId, t.startsAt),
    check("booking_slots_order_check", sql`${t.endsAt} > ${t.startsAt}`),
    check("booking_slots_status_check", oneOf(t.status, SLOT_STATUSES)),
    check("booking_slots_format_check", oneOf(t.format, BOOKING_FORMATS)),
  ],
);

export const bookings = pgTable(
  "bookings",
  {
    id: id(),
    slotId: uuid().notNull().unique(),
    teacherId: uuid().notNull(),
    studentId: uuid()
      .notNull()
      .references(() => studentProfiles.id, { onDelete: "cascade" }),
    /** The parent who asked; the student's parent at the time of the request. */
    parentId: uuid()
      .notNull()
      .references(() => parentProfiles.id, { onDelete: "cascade" }),
    bookingType: text().notNull(),
    format: text().notNull(),
    status: text().notNull().default("pending"),
    classId: uuid().references(() => classes.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    decidedAt: instant(),
  },
  (t) => [
    // The slot must belong to the same teacher as the booking.
    foreignKey({
      name: "bookings_slot_teacher_fk",
      columns: [t.slotId, t.teacherId],
      foreignColumns: [bookingSlots.id, bookingSlots.teacherId],
    }).onDelete("cascade"),
    index("bookings_teacher_status_created_idx").on(t.teacherId, t.status, t.createdAt),
    index("bookings_student_idx").on(t.studentId),
    index("bookings_parent_idx").on(t.parentId),
    check("bookings_type_check", oneOf(t.bookingType, Object.keys(BOOKING_TYPES))),
    check("bookings_status_check", oneOf(t.status, BOOKING_STATUSES)),
    check("bookings_format_check", oneOf(t.format, BOOKING_FORMATS)),
    check("bookings_decided_check", sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
  ],
);
