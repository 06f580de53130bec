import { sql } from "drizzle-orm";
import { check, date, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { bookings } from "./booking";
import { CREDIT_EVENT_KINDS, CREDIT_RETURN_REASONS } from "../../../shared/lessons/credits.rules";
import { createdAt, id, instant, oneOf } from "./columns";
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
    /** Null once the teacher deleted their account; the credit is then void (voided_at). */
    teacherId: uuid().references(() => teacherProfiles.id, { onDelete: "set null" }),
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
    /** A credit that can never be used (its teacher left); its history says why. */
    voidedAt: instant(),
  },
  (t) => [
    index("make_up_credits_student_teacher_idx").on(t.studentId, t.teacherId),
    // A teacher's students (relationships.ts studentsTaughtBy): read by teacher, not scanned.
    index("make_up_credits_teacher_student_idx").on(t.teacherId, t.studentId),
  ],
);

/**
 * Each step of a credit's life (issue 26): issued, spent on a request, returned (the request was
 * declined, withdrawn or expired, or the teacher cancelled the lesson it paid for), voided.
 * Written in the transaction of the change it records; never updated.
 */
export const makeUpCreditEvents = pgTable(
  "make_up_credit_events",
  {
    id: id(),
    creditId: uuid()
      .notNull()
      .references(() => makeUpCredits.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    /** The booking the step concerns (the one it was spent on or returned from). */
    bookingId: uuid().references(() => bookings.id, { onDelete: "set null" }),
    /** Why it came back or was voided: declined, withdrawn, expired, teacher_cancelled, teacher_left. */
    reason: text(),
    at: createdAt(),
  },
  (t) => [
    index("make_up_credit_events_credit_idx").on(t.creditId, t.at),
    check("make_up_credit_events_kind_check", oneOf(t.kind, CREDIT_EVENT_KINDS)),
    check("make_up_credit_events_reason_check", sql`${t.reason} is null or ${oneOf(t.reason, CREDIT_RETURN_REASONS)}`),
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

