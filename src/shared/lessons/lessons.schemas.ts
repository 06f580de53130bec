import { z } from "zod";
import type { BookingFormat, BookingType } from "../booking/booking.constants";
import type { LessonPlace, PartyContact } from "../booking/lesson-place.rules";
import type { CreditEventKind, CreditReturnReason } from "./credits.rules";
import { isRealInstant, NOT_A_REAL_TIME_MESSAGE } from "../instants.rules";
import { boundedText } from "../text.schemas";
import { reasonSchema } from "../booking/reason.schemas";
import type { LateCancelCharge } from "../invoices/invoices.constants";

export const LESSON_NOTE_MAX = 5000;
export const LESSON_NOT_FOUND_MESSAGE = "Lesson not found";

/**
 * Cancel one lesson, or it and every later lesson of its weekly series, optionally saying why (the
 * teacher's dialog asks; the other side reads it in the app and the email).
 */
export const cancelLessonSchema = z.object({
  scope: z.enum(["one", "rest_of_series"], { error: "Choose whether to cancel this lesson or the rest of its series" }),
  reason: reasonSchema.optional(),
});
export type CancelLessonInput = z.input<typeof cancelLessonSchema>;
export type CancelLesson = z.output<typeof cancelLessonSchema>;

export const rescheduleLessonSchema = z.object({
  startsAt: z.iso.datetime({ offset: true, error: "Choose a new time" }).refine(isRealInstant, NOT_A_REAL_TIME_MESSAGE),
});
export type RescheduleLessonInput = z.infer<typeof rescheduleLessonSchema>;

/** What the teacher records after a lesson's start. "cancelled" cancels it (the student gets a credit). */
export const LESSON_OUTCOMES = ["attended", "missed", "cancelled"] as const;
export type LessonOutcome = (typeof LESSON_OUTCOMES)[number];

export const attendanceSchema = z.object({
  outcome: z.enum(LESSON_OUTCOMES, { error: "Choose attended, missed or cancelled" }),
  /** What was covered, what to practise; blank for none (the form always sends it). */
  note: boundedText("Lesson note", LESSON_NOTE_MAX),
});
export type AttendanceInput = z.input<typeof attendanceSchema>;

export type LessonStatus = "pending" | "accepted" | "declined" | "cancelled" | "expired";

/** One booked lesson as either side sees it, with what the viewer may do with it. */
export interface LessonDTO {
  id: string;
  status: LessonStatus;
  bookingType: BookingType;
  format: BookingFormat;
  startsAt: string;
  endsAt: string;
  seriesId: string | null;
  classId: string | null;
  /**
   * Where and how (issue 26): the format always; the meeting link, the address or the phone
   * numbers only to the lesson's two sides and only once it is accepted (lesson-place.rules.ts).
   */
  place: LessonPlace;
  /** How to reach the other side (the teacher, or the family), once accepted; null otherwise. */
  contact: PartyContact | null;
  /** id null and the name "Deleted user" (or "Deleted teacher") once that side deleted their account. */
  student: { id: string | null; firstName: string; lastName: string };
  teacher: { id: string | null; firstName: string; lastName: string; timeZone: string };
  /** The teacher's notice window, and the last instant a parent cancels with a make-up credit. */
  noticeHours: number;
  freeCancellationUntil: string;
  cancelledAt: string | null;
  cancelledBy: "parent" | "teacher" | null;
  /**
   * Who did what (issue 45): the guardian who asked for the lesson, and the one who cancelled it
   * when the family did, by name; null when not recorded or that account is gone.
   */
  requestedBy: string | null;
  cancelledByGuardian: string | null;
  /** The guardian who last moved the lesson (null when the teacher did, or it never moved). */
  movedByGuardian: string | null;
  /** Why the side that cancelled did (issue 26); null when no reason was given. */
  cancelReason: string | null;
  lateCancel: boolean | null;
  /**
   * Cancelled because the teacher can no longer teach here (issue 41: suspended, or closed their
   * account), not by the teacher's choice: read "{first name} can no longer teach on Music Lessons".
   */
  teacherCannotTeach: boolean;
  attendance: "attended" | "missed" | null;
  lessonNote: string | null;
  /** The lesson was booked with a make-up credit. */
  madeUp: boolean;
  /**
   * The price agreed when the teacher accepted (issue 28), in cents: 0 for an intro call; null
   * while pending, and for a deleted teacher's lesson accepted before prices existed.
   */
  priceCents: number | null;
  /** Accepted before prices existed: the low end of the range was stored, shown as "Estimated". */
  priceEstimated: boolean;
  /**
   * What the family's late cancellation was charged under the teacher's policy then (cents); null
   * when nothing was charged. `lateCancelCharge`: the policy in force now, for the cancel dialog.
   */
  cancelChargeCents: number | null;
  lateCancelCharge: LateCancelCharge;
}

export interface CancelResult {
  lessons: LessonDTO[];
  /** Make-up credits the cancellation gave the student (0 for a parent's late cancel). */
  creditsIssued: number;
  /** Make-up credits that were paying for the cancelled requests or lessons and came back to the family (issue 26). */
  creditsReturned: number;
}

export type CreditStatusDTO = "available" | "used" | "expired" | "voided";

/** One step of a credit's history (issue 26): issued, spent on a request, given back (why), voided. */
export interface CreditEventDTO {
  kind: CreditEventKind;
  reason: CreditReturnReason | null;
  at: string;
  /** The start of the lesson the step concerns (issued for, spent on, given back from); null when unknown. */
  lessonStartsAt: string | null;
}

/** The credits of one student with one teacher, oldest first. */
export interface CreditLedgerDTO {
  student: { id: string; firstName: string; lastName: string };
  /**
   * id null and the name DELETED_TEACHER_NAME once the teacher deleted their account (the credits
   * are then void); canTeach false once the teacher can no longer teach here (suspended or gone).
   */
  teacher: { id: string | null; firstName: string; lastName: string; canTeach: boolean };
  summary: { issued: number; used: number; expired: number; voided: number; available: number };
  credits: {
    id: string;
    issuedAt: string;
    expiresAt: string;
    status: CreditStatusDTO;
    usedAt: string | null;
    voidedAt: string | null;
    issuedForStartsAt: string;
    /** Every step, oldest first. */
    history: CreditEventDTO[];
  }[];
}

export const NO_CREDIT_MESSAGE = "There is no make-up credit left for this student with this teacher.";
export const CREDIT_ONE_LESSON_MESSAGE = "A make-up credit books one full lesson: choose a single time.";
