import { z } from "zod";
import type { BookingFormat, BookingType } from "../booking/booking.constants";
import type { LessonPlace, PartyContact } from "../booking/lesson-place.rules";
import { isRealInstant, NOT_A_REAL_TIME_MESSAGE } from "../instants.rules";
import { boundedText } from "../text.schemas";

export const LESSON_NOTE_MAX = 5000;
export const LESSON_NOT_FOUND_MESSAGE = "Lesson not found";

/** Cancel one lesson, or it and every later lesson of its weekly series. */
export const cancelLessonSchema = z.object({
  scope: z.enum(["one", "rest_of_series"], { error: "Choose whether to cancel this lesson or the rest of its series" }),
});
export type CancelLessonInput = z.infer<typeof cancelLessonSchema>;

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
  student: { id: string; firstName: string; lastName: string };
  teacher: { id: string; firstName: string; lastName: string; timeZone: string };
  /** The teacher's notice window, and the last instant a parent cancels with a make-up credit. */
  noticeHours: number;
  freeCancellationUntil: string;
  cancelledAt: string | null;
  cancelledBy: "parent" | "teacher" | null;
  lateCancel: boolean | null;
  attendance: "attended" | "missed" | null;
  lessonNote: string | null;
  /** The lesson was booked with a make-up credit. */
  madeUp: boolean;
}

export interface CancelResult {
  lessons: LessonDTO[];
  /** Make-up credits the cancellation gave the student (0 for a parent's late cancel). */
  creditsIssued: number;
}

export type CreditStatusDTO = "available" | "used" | "expired";

/** The credits of one student with one teacher, oldest first. */
export interface CreditLedgerDTO {
  student: { id: string; firstName: string; lastName: string };
  teacher: { id: string; firstName: string; lastName: string };
  summary: { issued: number; used: number; expired: number; available: number };
  credits: { id: string; issuedAt: string; expiresAt: string; status: CreditStatusDTO; usedAt: string | null; issuedForStartsAt: string }[];
}

export const NO_CREDIT_MESSAGE = "There is no make-up credit left for this student with this teacher.";
export const CREDIT_ONE_LESSON_MESSAGE = "A make-up credit books one full lesson: choose a single time.";
