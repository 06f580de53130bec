import { sql } from "drizzle-orm";
import { check, date, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { bookings } from "./booking";
import { createdAt, id, instant } from "./columns";
import { studentProfiles } from "./students";
import { teacherProfiles } from "./teachers";

/**
 * Make-up credit ledger (src/shared/lessons/credits.rules.ts): issued by a cancellation with
 * credit (at most one per cancelled lesson), used by at most one make-up booking, expired 120
 * days after issue (computed from issued_at, not stored).
 */
export const makeUpCredits = pgTable(
  "make_up_credits",
  {
    id: id(),
    teacherId: uuid()
      .notNull()
      .references(() => teacherProfiles.id, { onDelete: "cascade" }),
    studentId: uuid()
      .notNull()
      .references(() => studentProfiles.id, { onDelete: "cascade" }),
    issuedForBookingId: uuid()
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: "cascade" }),
    issuedAt: instant().notNull(),
    usedByBookingId: uuid()
      .unique()
      .references(() => bookings.id, { onDelete: "set null" }),
    usedAt: instant(),
  },
  (t) => [
    index("make_up_credits_student_teacher_idx").on(t.studentId, t.teacherId),
  ],
);

/** Days a teacher does not teach, in the teacher's zone, both dates inclusive. */
export const teacherTimeOff = pgTable(
  "teacher_time_off",
  {
    id: id(),
    teacherId: uuid()
      .notNull()
      .references(() => teacherProfiles.id, { onDelete: "cascade" }),
    startDate: date({ mode: "string" }).notNull(),
    endDate: date({ mode: "string" }).notNull(),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("teacher_time_off_teacher_idx").on(t.teacherId, t.startDate),
    check("teacher_time_off_order_check", sql`${t.endDate} >= ${t.startDate}`),
  ],
);

