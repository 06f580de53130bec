import { z } from "zod";
import { CHOSEN_FORMATS, type BookingType, type ChosenFormat } from "../booking/booking.constants";
import { bookingTypeSchema, timeZoneSchema } from "../booking/booking.schemas";
import { SERIES_MAX_LESSONS, SERIES_MIN_LESSONS } from "../lessons/series.rules";
import { timeOfDaySchema } from "../teachers/weekly-availability.schemas";
import { END_AFTER_START_MESSAGE, endsAfterStart } from "../teachers/weekly-availability.rules";
import { OFFER_HOLD_MINUTES } from "./waitlist-offers.rules";
import { overlappingWindows, type WaitWindow, type WindowInZone } from "./waitlist-windows.rules";

/** Request and response shapes of the waitlist (issue 44), for the forms and the routes. */

export const MAX_WAIT_WINDOWS = 7;
export const WAITLIST_ENTRY_NOT_FOUND_MESSAGE = "Waitlist entry not found";
export const WAITLIST_OFFER_NOT_FOUND_MESSAGE = "Offer not found";
export const WAITLIST_CLOSED_MESSAGE = "This teacher's waitlist is closed for now.";
export const ALREADY_WAITING_MESSAGE = "This student is already on this teacher's waitlist for that lesson type: edit that entry instead.";
export const ENTRY_CLOSED_MESSAGE = "This waitlist entry is closed. Join the waitlist again to wait for a time.";
export const TIME_JUST_TAKEN_MESSAGE = "This time was just taken. You stay on the waitlist for the next one.";
export const OFFER_PASSED_MESSAGE = "This offer has passed: it was held for you for a limited time. You stay on the waitlist for the next one.";
export const OVERLAPPING_WINDOWS_MESSAGE = "Two windows on the same day overlap: make them one window";
const DAY_MESSAGE = "Choose a day of the week";
const WEEKS_MESSAGE = `A weekly series has ${SERIES_MIN_LESSONS} to ${SERIES_MAX_LESSONS} lessons`;

export const waitWindowSchema = z
  .object({
    dayOfWeek: z.number({ error: DAY_MESSAGE }).int(DAY_MESSAGE).min(0, DAY_MESSAGE).max(6, DAY_MESSAGE),
    startTime: timeOfDaySchema("Start time"),
    endTime: timeOfDaySchema("End time"),
  })
  .refine(endsAfterStart, { path: ["endTime"], message: END_AFTER_START_MESSAGE })
  .transform((w) => w as WaitWindow);

/** What the family waits for: the same fields when joining and when editing. */
const entryFields = {
  bookingType: bookingTypeSchema,
  format: z.enum(CHOSEN_FORMATS, { error: "Choose how the lesson takes place: in_person, online or phone" }),
  windows: z
    .array(waitWindowSchema, { error: "Add at least one window" })
    .min(1, "Add at least one window")
    .max(MAX_WAIT_WINDOWS, `Add at most ${MAX_WAIT_WINDOWS} windows`),
  /** The parent's zone: the windows are wall-clock times there. */
  timeZone: timeZoneSchema,
  /** "Weekly from then on": a claim asks for a weekly series of this many lessons; left out: one lesson. */
  repeatWeeks: z
    .number({ error: WEEKS_MESSAGE })
    .int(WEEKS_MESSAGE)
    .min(SERIES_MIN_LESSONS, WEEKS_MESSAGE)
    .max(SERIES_MAX_LESSONS, WEEKS_MESSAGE)
    .optional(),
};

function checkEntry(entry: { bookingType: BookingType; format: ChosenFormat; windows: WaitWindow[]; repeatWeeks?: number | undefined }, ctx: z.RefinementCtx) {
  if (overlappingWindows(entry.windows)) ctx.addIssue({ code: "custom", path: ["windows"], message: OVERLAPPING_WINDOWS_MESSAGE });
  if (entry.bookingType === "intro" && entry.format === "in_person") {
    ctx.addIssue({ code: "custom", path: ["format"], message: "An intro call is online or by phone" });
  }
  if (entry.bookingType === "full" && entry.format === "phone") {
    ctx.addIssue({ code: "custom", path: ["format"], message: "A full lesson is in person or online" });
  }
  if (entry.repeatWeeks !== undefined && entry.bookingType !== "full") {
    ctx.addIssue({ code: "custom", path: ["repeatWeeks"], message: "Only a Full Lesson can repeat every week" });
  }
}

export const waitlistEntryUpdateSchema = z.object(entryFields).superRefine(checkEntry);
export type WaitlistEntryUpdate = z.output<typeof waitlistEntryUpdateSchema>;
export type WaitlistEntryUpdateInput = z.input<typeof waitlistEntryUpdateSchema>;

export const joinWaitlistSchema = z
  .object({
    teacherId: z.uuid({ error: "Choose a teacher" }),
    studentId: z.uuid({ error: "Please choose a student" }),
    ...entryFields,
  })
  .superRefine(checkEntry);
export type JoinWaitlist = z.output<typeof joinWaitlistSchema>;
export type JoinWaitlistInput = z.input<typeof joinWaitlistSchema>;

const HOLD_MESSAGE = `An offer is held for ${OFFER_HOLD_MINUTES.min} minutes to ${OFFER_HOLD_MINUTES.max / 60} hours`;

/** The teacher's waitlist settings. */
export const waitlistSettingsSchema = z.object({
  /** Families may join; closing it closes every waiting entry too. */
  open: z.boolean({ error: "Open must be true or false" }),
  /** Freed times are offered to waiting families. */
  offersEnabled: z.boolean({ error: "Offers on must be true or false" }),
  holdMinutes: z
    .number({ error: HOLD_MESSAGE })
    .int(HOLD_MESSAGE)
    .min(OFFER_HOLD_MINUTES.min, HOLD_MESSAGE)
    .max(OFFER_HOLD_MINUTES.max, HOLD_MESSAGE),
});
export type WaitlistSettings = z.infer<typeof waitlistSettingsSchema>;

export const WAITLIST_ENTRY_STATUSES = ["waiting", "expired", "closed"] as const;
export type WaitlistEntryStatus = (typeof WAITLIST_ENTRY_STATUSES)[number];

/** `open`: the family may claim it; the rest are what became of it. */
export const WAITLIST_OFFER_STATUSES = ["open", "claimed", "expired", "declined", "taken"] as const;
export type WaitlistOfferStatus = (typeof WAITLIST_OFFER_STATUSES)[number];

export interface WaitlistOfferDTO {
  id: string;
  entryId: string;
  teacherId: string;
  teacherName: string;
  studentFirstName: string;
  bookingType: BookingType;
  format: ChosenFormat;
  startsAt: string;
  endsAt: string;
  offeredAt: string;
  expiresAt: string;
  status: WaitlistOfferStatus;
  repeatWeeks: number | null;
  /**
   * Claiming it spends the student's make-up credit with this teacher (the credit is why the family
   * was offered it first): a single full lesson while the credit is usable.
   */
  usesMakeUpCredit: boolean;
}

/** A parent's entry, as the parent's dashboard shows it. */
export interface WaitlistEntryDTO {
  id: string;
  teacherId: string;
  teacherName: string;
  studentId: string;
  studentFirstName: string;
  bookingType: BookingType;
  format: ChosenFormat;
  windows: WaitWindow[];
  timeZone: string;
  repeatWeeks: number | null;
  status: WaitlistEntryStatus;
  /** Closed by the teacher (rather than by the family). */
  closedByTeacher: boolean;
  joinedAt: string;
  expiresAt: string;
}

export interface ParentWaitlist {
  entries: WaitlistEntryDTO[];
  /** Offers the family may claim now, soonest ending first. */
  offers: WaitlistOfferDTO[];
}

/** A family waiting, as the teacher's waitlist shows it: windows on the teacher's clock. */
export interface TeacherWaitlistEntryDTO {
  id: string;
  parentName: string;
  studentFirstName: string;
  bookingType: BookingType;
  format: ChosenFormat;
  windows: WindowInZone[];
  repeatWeeks: number | null;
  holdsCredit: boolean;
  joinedAt: string;
  expiresAt: string;
  /** An offer the family holds now, if any. */
  openOfferStartsAt: string | null;
}

export interface TeacherWaitlist {
  settings: WaitlistSettings;
  timeZone: string;
  entries: TeacherWaitlistEntryDTO[];
}

/** POST /api/waitlist/offers/:offerId/claim: the requests it sent (a weekly series: every lesson). */
export interface ClaimResult {
  bookingIds: string[];
}
