import { z } from "zod";
import { BOOKING_TYPES, CHOSEN_FORMATS, type BookingFormat, type BookingStatus } from "./booking.constants";
import { monthOutsideBookingRange } from "./booking-horizon.rules";
import { UNAVAILABLE_REASONS } from "./bookable.rules";
import { SERIES_MAX_LESSONS, SERIES_MIN_LESSONS, seriesRepeatSchema } from "../lessons/series.rules";
import { CREDIT_ONE_LESSON_MESSAGE } from "../lessons/lessons.schemas";
import { EARLIEST_YEAR, isRealInstant, LATEST_YEAR } from "../instants.rules";
import { isIanaTimeZone } from "../time-zone.rules";

/** IANA zone names known to this runtime (the viewer's and the teacher's). */
export const timeZoneSchema = z
  .string({ error: "Time zone is required" })
  .max(64, "Unknown time zone")
  .refine(isIanaTimeZone, "Unknown time zone");

export const bookingTypeSchema = z.enum(Object.keys(BOOKING_TYPES) as [keyof typeof BOOKING_TYPES], {
  error: "Booking type must be intro or full",
});

export const slotsQuerySchema = z.object({
  month: z
    .string({ error: "Month is required" })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Month must look like 2026-11")
    // Only months that can hold a bookable time: a far past or future month is refused, not computed.
    .superRefine((month, ctx) => {
      if (!/^\d{4}-\d{2}$/.test(month)) return;
      const problem = monthOutsideBookingRange(month, new Date());
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  timeZone: timeZoneSchema,
  type: bookingTypeSchema,
});
export type SlotsQuery = z.infer<typeof slotsQuerySchema>;


const isoTime = z.iso
  .datetime({ offset: true, error: "Each time must be an ISO date-time" })
  .refine(isRealInstant, `Each time must be a real date between ${EARLIEST_YEAR} and ${LATEST_YEAR}`);

/** Most selections in one request; enough for a month of weekly lessons. */
export const MAX_SLOTS_PER_REQUEST = 10;

export const SERIES_FULL_ONLY_MESSAGE = "Only a Full Lesson can repeat every week";
export const SERIES_ONE_TIME_MESSAGE = "Choose one time: the first lesson of the weekly series";
export const SKIP_WITHOUT_SERIES_MESSAGE = "Only a weekly series can skip dates";
export const SKIP_NOT_IN_SERIES_MESSAGE = "A skipped time is not one of the series' lessons";
export const SERIES_TOO_FEW_LEFT_MESSAGE = `After the skipped dates fewer than ${SERIES_MIN_LESSONS} lessons are left: book a single lesson instead`;

export const createBookingSchema = z
  .object({
    teacherId: z.uuid({ error: "Choose a teacher" }),
    studentId: z.uuid({ error: "Please choose a student" }),
    bookingType: bookingTypeSchema,
    /**
     * How the lessons take place (issue 26): in person or online for a full lesson, online or by
     * phone for an intro call, as the chosen times offer (lesson-place.rules.ts). A client may
     * leave it out only where the times offer a single format.
     */
    format: z.enum(CHOSEN_FORMATS, { error: "Choose how the lesson takes place: in_person, online or phone" }).optional(),
    classId: z.uuid({ error: "Class not found" }).optional(),
    startTimes: z
      .array(isoTime, { error: "Please select at least one time" })
      .min(1, "Please select at least one time")
      .max(MAX_SLOTS_PER_REQUEST, `Select at most ${MAX_SLOTS_PER_REQUEST} times in one request`),
    /** Every week from the one start time, for a number of weeks or until a date (issue 14). */
    repeat: seriesRepeatSchema.optional(),
    /** Lessons of the series the parent leaves out (their start instants), e.g. the taken ones. */
    skip: z.array(isoTime, { error: "Skipped times must be a list" }).max(SERIES_MAX_LESSONS, `Skip at most ${SERIES_MAX_LESSONS} dates`).optional(),
    /** Book one make-up lesson with one of the student's credits with this teacher (issue 14). */
    useMakeUpCredit: z.boolean({ error: "Use a make-up credit must be true or false" }).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.repeat && input.bookingType !== "full") ctx.addIssue({ code: "custom", path: ["repeat"], message: SERIES_FULL_ONLY_MESSAGE });
    if (input.repeat && input.startTimes.length !== 1) ctx.addIssue({ code: "custom", path: ["startTimes"], message: SERIES_ONE_TIME_MESSAGE });
    if (!input.repeat && input.skip?.length) ctx.addIssue({ code: "custom", path: ["skip"], message: SKIP_WITHOUT_SERIES_MESSAGE });
    if (input.useMakeUpCredit && (input.bookingType !== "full" || input.startTimes.length !== 1 || input.repeat)) {
      ctx.addIssue({ code: "custom", path: ["useMakeUpCredit"], message: CREDIT_ONE_LESSON_MESSAGE });
    }
  });
/** What the route receives after parsing, and what the panel sends. */
export type CreateBookingInput = z.output<typeof createBookingSchema>;
export type CreateBookingRequest = z.input<typeof createBookingSchema>;

/**
 * A 409's `details` when some wanted times cannot be booked: every one of them, with why; and,
 * when one is too soon, the teacher's lead time (so the panel can say "less than 12 hours from now").
 */
export const unavailableDetailsSchema = z.object({
  unavailable: z.array(z.object({ startsAt: z.string(), reason: z.enum(UNAVAILABLE_REASONS) })),
  leadHours: z.number().optional(),
});
export type UnavailableDetails = z.infer<typeof unavailableDetailsSchema>;

export interface SlotDTO {
  startsAt: string;
  endsAt: string;
  format: string;
}

export interface SlotsResponse {
  teacherTimeZone: string;
  /** The teacher's lead time: no time sooner than now + this many hours is offered (the panel says so). */
  leadHours: number;
  /** Minutes the teacher keeps free around each lesson: two chosen times closer than this cannot both be booked. */
  bufferMinutes: number;
  /** Viewer-local date "yyyy-MM-dd" → open slots that start that day. */
  days: Record<string, SlotDTO[]>;
}

export interface BookingRequestDTO {
  id: string;
  status: BookingStatus;
  /** A pending request that can no longer be accepted: its time has come, or 72 h passed unanswered. */
  expired: boolean;
  bookingType: "intro" | "full";
  /** How it takes place; a request shows only this, never a link, an address or a phone number. */
  format: BookingFormat;
  startsAt: string;
  endsAt: string;
  createdAt: string;
  /** The weekly series this lesson is one of (decided as a whole while pending); null for a single lesson. */
  seriesId: string | null;
  /** id null and the name "Deleted user" (or "Deleted teacher") once that side deleted their account. */
  student: { id: string | null; firstName: string; lastName: string };
  teacher: { id: string | null; firstName: string; lastName: string; timeZone: string };
  /**
   * A make-up request (issue 26): the start of the lesson whose make-up credit pays for it, shown
   * to the teacher as "Make-up lesson (credit from {date})"; null for a normal request, and once
   * the credit came back (declined, withdrawn, expired).
   */
  makeUpCreditFrom: string | null;
  /** The teacher's reason for declining, or either side's for cancelling (issue 26); null when none was given. */
  declineReason: string | null;
  cancelReason: string | null;
  /** Who did what (issue 45): the guardian who asked, by name; null when not recorded or their account is gone. */
  requestedBy: string | null;
  /**
   * The teacher's list only: an online lesson or call that cannot be accepted yet, as no meeting
   * link exists for this student (MEETING_LINK_NEEDED_MESSAGE). Absent in the family's list.
   */
  meetingLinkNeeded?: boolean;
  /**
   * The price agreed for this lesson in cents (issue 28), set when it was accepted: 0 for an intro
   * call, null while pending (and for lessons of a deleted teacher accepted before prices existed).
   */
  priceCents: number | null;
  /** Accepted before prices existed: the low end of the teacher's range was stored, marked "Estimated". */
  priceEstimated: boolean;
  /**
   * The teacher's list only: the price the accept dialog offers (the family's last agreed price
   * with this teacher, else the low end of the listed range; 0 for an intro call).
   */
  suggestedPriceCents?: number;
}

export const SLOT_TAKEN_MESSAGE = "That time was just booked. Please choose another time.";
/** Another request of the same teacher held the schedule too long (a 409: nothing was stored, try again). */
export const SCHEDULE_BUSY_MESSAGE = "That time is busy, please try again.";
export const PAST_REQUEST_MESSAGE = "This request's time has passed, so it can no longer be accepted.";
export const PAST_TIME_MESSAGE = "That time has already passed. Please choose another time.";
export const TIME_OFF_MESSAGE = "The teacher is away that day. Please choose another time.";
export const BUFFER_CONFLICT_MESSAGE = "That time is too close to another of the teacher's lessons. Please choose another time.";
/** A series (or several times) with some lessons that cannot be booked: the 409 lists them in `details`. */
export function someUnavailableMessage(count: number, total: number): string {
  return `${count} of the ${total} chosen times cannot be booked. Skip ${count === 1 ? "it" : "them"} or choose another time.`;
}
export const EXPIRED_REQUEST_MESSAGE = "This request expired after 72 hours without an answer, so it can no longer be accepted.";
