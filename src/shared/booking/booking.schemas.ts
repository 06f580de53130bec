import { z } from "zod";
import { BOOKING_TYPES } from "./booking.constants";
import { monthOutsideBookingRange } from "./booking-horizon.rules";

/** IANA zone names known to this runtime (the viewer's and the teacher's). */
export const timeZoneSchema = z
  .string({ error: "Time zone is required" })
  .max(64, "Unknown time zone")
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, "Unknown time zone");

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


/** Most selections in one request; enough for a month of weekly lessons. */
export const MAX_SLOTS_PER_REQUEST = 10;

export const createBookingSchema = z.object({
  teacherId: z.uuid({ error: "Choose a teacher" }),
  studentId: z.uuid({ error: "Please choose a student" }),
  bookingType: bookingTypeSchema,
  /** The lesson format the parent wants; defaults from the slot's window. */
  format: z.enum(["in_person", "online"], { error: "Format must be in_person or online" }).optional(),
  classId: z.uuid({ error: "Class not found" }).optional(),
  startTimes: z
    .array(z.iso.datetime({ offset: true, error: "Each time must be an ISO date-time" }), { error: "Please select at least one time" })
    .min(1, "Please select at least one time")
    .max(MAX_SLOTS_PER_REQUEST, `Select at most ${MAX_SLOTS_PER_REQUEST} times in one request`),
  /** Book a make-up lesson with one of the student's credits with this teacher (issue 14). */
  useMakeUpCredit: z.boolean({ error: "Use a make-up credit must be true or false" }).optional(),
});
export type CreateBookingInput = z.infer<typeof createBookingSchema>;

export interface SlotDTO {
  startsAt: string;
  endsAt: string;
  format: string;
}

export interface SlotsResponse {
  teacherTimeZone: string;
  /** Viewer-local date "yyyy-MM-dd" → open slots that start that day. */
  days: Record<string, SlotDTO[]>;
}

export interface BookingRequestDTO {
  id: string;
  status: "pending" | "accepted" | "declined";
  /** A pending request that can no longer be accepted: its time has come, or 72 h passed unanswered. */
  expired: boolean;
  bookingType: "intro" | "full";
  format: string;
  startsAt: string;
  endsAt: string;
  createdAt: string;
  student: { id: string; firstName: string; lastName: string };
  teacher: { id: string; firstName: string; lastName: string; timeZone: string };
}

export const SLOT_TAKEN_MESSAGE = "That time was just booked. Please choose another time.";
/** Another request of the same teacher held the schedule too long (a 409: nothing was stored, try again). */
export const SCHEDULE_BUSY_MESSAGE = "That time is busy, please try again.";
export const PAST_REQUEST_MESSAGE = "This request's time has passed, so it can no longer be accepted.";
export const EXPIRED_REQUEST_MESSAGE = "This request expired after 72 hours without an answer, so it can no longer be accepted.";
