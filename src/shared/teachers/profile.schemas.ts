import { z } from "zod";
import type { TeacherReviewStatus } from "../operator/operator.constants";
import { IN_PERSON_PLACES, type InPersonPlace } from "../booking/booking.constants";
import { optionalAddressSchema, optionalMeetingUrlSchema } from "../booking/lesson-place.schemas";
import { boundedText, oneLineText, requiredText } from "../text.schemas";
import { isIanaTimeZone } from "../time-zone.rules";
import {
  AGE_GROUPS,
  EDUCATION_BACKGROUNDS,
  INSTRUMENT_KEYS,
  LESSON_FORMAT_KEYS,
  TEACHER_EXPERIENCE,
  TEACHING_METHODS,
  US_STATE_CODES,
  type Instrument,
  type LessonFormat,
  type UsState,
} from "./teachers.constants";

/**
 * The signed-in teacher's own profile (Teacher settings), dashboard and discovery switch. The
 * settings form and PATCH /api/teachers/me validate with the same fields (decisions.md section 3).
 */

export const NAME_MAX_LENGTH = 100;
export const PLACE_MAX_LENGTH = 100;
export const LONG_TEXT_MAX_LENGTH = 2000;
export const HOURLY_RATE_MAX = 10_000;

export const RATE_ORDER_MESSAGE = "Minimum hourly rate cannot be greater than maximum rate";
export const NOTHING_TO_UPDATE_MESSAGE = "Nothing to update";
export const TEACHER_PROFILE_NOT_FOUND_MESSAGE = "Teacher profile not found";
export const TIME_ZONE_MESSAGE = "Choose a valid time zone";
export const INSTRUMENTS_MESSAGE = "Choose at least one instrument";
export const IN_PERSON_PLACE_LABELS: Record<InPersonPlace, string> = { studio: "At my studio", family_home: "At the family's home" };
export const STUDIO_ADDRESS_REQUIRED_MESSAGE = "Enter your studio's address: families who book an in-person lesson are told it once you accept";
export const INTRO_VIDEO_URL_MESSAGE = "The introduction video can only be removed here; upload a new one to replace it";

/** A US state by its two-letter code (the application and settings offer a list). */
export const stateSchema = z.enum(US_STATE_CODES as [UsState, ...UsState[]], { error: "Choose your state" });

/** A set of choices from a fixed list, each at most once. */
function choiceList<T extends string>(values: readonly T[], label: string) {
  return z
    .array(z.enum(values as [T, ...T[]], { error: `Choose ${label} from the list` }), { error: `${label} must be a list` })
    .refine((list) => new Set(list).size === list.length, `Each of the ${label} can be chosen only once`);
}

export const timeZoneSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "Time zone is required" : TIME_ZONE_MESSAGE) })
  .max(64, TIME_ZONE_MESSAGE)
  .refine(isIanaTimeZone, TIME_ZONE_MESSAGE);

/** Whole dollars per hour, 0 or more (spec section 5: rate inputs min 0). */
function hourlyRateSchema(label: string) {
  const message = `${label} must be a whole number from 0 to ${HOURLY_RATE_MAX}`;
  return z
    .number({ error: (issue) => (issue.input === undefined ? `${label} is required` : message) })
    .int(message)
    .min(0, message)
    .max(HOURLY_RATE_MAX, message);
}

const rateOrderHolds = (profile: { hourlyRateMin?: number | undefined; hourlyRateMax?: number | undefined }) =>
  profile.hourlyRateMin === undefined || profile.hourlyRateMax === undefined || profile.hourlyRateMin <= profile.hourlyRateMax;

export const teacherProfileFields = {
  firstName: oneLineText("First name", NAME_MAX_LENGTH),
  lastName: oneLineText("Last name", NAME_MAX_LENGTH),
  phone: requiredText("Phone", 30).regex(/^[0-9()+\-.\s]*$/, "Phone may contain only digits, spaces and ( ) + - ."),
  city: oneLineText("City", PLACE_MAX_LENGTH),
  state: stateSchema,
  bio: boundedText("Bio", LONG_TEXT_MAX_LENGTH),
  educationBackground: z.enum(EDUCATION_BACKGROUNDS, { error: "Choose an education background from the list" }),
  teachingExperienceYears: z.enum(TEACHER_EXPERIENCE, { error: "Choose your teaching experience from the list" }),
  teachingMethods: choiceList(TEACHING_METHODS, "teaching methods"),
  ageGroupsTaught: choiceList(AGE_GROUPS, "age groups"),
  teachingStyleDescription: requiredText("Teaching style description", LONG_TEXT_MAX_LENGTH),
  lessonFormat: z.enum(LESSON_FORMAT_KEYS as [LessonFormat, ...LessonFormat[]], {
    error: "Choose a lesson format: in person, online or both",
  }),
  hourlyRateMin: hourlyRateSchema("Minimum hourly rate"),
  hourlyRateMax: hourlyRateSchema("Maximum hourly rate"),
  timeZone: timeZoneSchema,
  instruments: choiceList(INSTRUMENT_KEYS, "instruments").refine((list) => list.length > 0, INSTRUMENTS_MESSAGE),
  /** Where and how (issue 26): the default link of online lessons and intro calls; blank for none. */
  meetingUrl: optionalMeetingUrlSchema,
  inPersonPlace: z.enum(IN_PERSON_PLACES, { error: "Choose where in-person lessons happen: at your studio or at the family's home" }),
  studioAddress: optionalAddressSchema("Studio address"),
};

/**
 * A teacher who gives in-person lessons at a studio must say where it is: that address is what a
 * family is told once such a lesson is accepted, and without it they would not know where to go.
 * Teaching online only, or travelling to families (their address comes from the family's
 * settings), needs none; an address kept anyway stays for later. No meeting link is required
 * here: an online lesson simply cannot be accepted until one exists (MEETING_LINK_NEEDED_MESSAGE),
 * which lets a new teacher save the rest of their settings first.
 */
export function studioAddressMissing(place: { lessonFormat: LessonFormat; inPersonPlace: InPersonPlace; studioAddress: string | null }): boolean {
  return place.lessonFormat !== "online" && place.inPersonPlace === "studio" && !place.studioAddress;
}

/** The settings form: every editable field (the video is handled apart, see `introVideoUrl`). */
export const teacherSettingsFormSchema = z
  .object(teacherProfileFields)
  .refine(rateOrderHolds, { path: ["hourlyRateMin"], message: RATE_ORDER_MESSAGE })
  .refine((form) => !studioAddressMissing(form), { path: ["studioAddress"], message: STUDIO_ADDRESS_REQUIRED_MESSAGE });
export type TeacherSettingsFormInput = z.input<typeof teacherSettingsFormSchema>;
export type TeacherSettingsForm = z.output<typeof teacherSettingsFormSchema>;

/**
 * PATCH /api/teachers/me: any subset of the editable fields, at least one. The video URL is
 * set only by the upload endpoint; here it may only be cleared (null), so no client can point a
 * profile at an arbitrary address. Rate order and the studio address against the stored values
 * are checked by the service.
 */
export const teacherProfileUpdateSchema = z
  .object({
    ...teacherProfileFields,
    introVideoUrl: z.null({ error: INTRO_VIDEO_URL_MESSAGE }),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, NOTHING_TO_UPDATE_MESSAGE)
  .refine(rateOrderHolds, { path: ["hourlyRateMin"], message: RATE_ORDER_MESSAGE });
export type TeacherProfileUpdate = z.output<typeof teacherProfileUpdateSchema>;

/** GET /api/teachers/me. */
export interface TeacherProfile {
  id: string;
  firstName: string;
  lastName: string;
  /** The sign-in address; never changed through the profile. */
  email: string;
  phone: string;
  city: string;
  state: string;
  bio: string;
  educationBackground: (typeof EDUCATION_BACKGROUNDS)[number];
  teachingExperienceYears: (typeof TEACHER_EXPERIENCE)[number];
  teachingMethods: (typeof TEACHING_METHODS)[number][];
  ageGroupsTaught: (typeof AGE_GROUPS)[number][];
  teachingStyleDescription: string;
  lessonFormat: LessonFormat;
  hourlyRateMin: number;
  hourlyRateMax: number;
  timeZone: string;
  instruments: Instrument[];
  /** The default meeting link; a per-student link (My Students) wins for that student. */
  meetingUrl: string | null;
  inPersonPlace: InPersonPlace;
  studioAddress: string | null;
  introVideoUrl: string | null;
  isDiscoverable: boolean;
  discoveryEnabledAt: string | null;
  updatedAt: string;
}

// ---------------------------------------------------------------------------------------------
// Dashboard and discovery.

export const discoveryUpdateSchema = z.object({
  enabled: z.boolean({ error: "Say whether you want to be discoverable (true or false)" }),
});
export type DiscoveryUpdate = z.output<typeof discoveryUpdateSchema>;

/** PUT /api/teachers/me/discovery. */
export interface DiscoveryStatus {
  isDiscoverable: boolean;
  discoveryEnabledAt: string | null;
}

/** The four stat tiles of the dashboard (decisions.md: real figures). */
export interface TeacherStats {
  /** Requests waiting for an answer, as the Requests panel lists them: a weekly series is one; expired ones are not. */
  pendingRequests: number;
  /** Accepted bookings whose slot starts between now and seven days from now. */
  upcomingLessonsThisWeek: number;
  /** Distinct students with an accepted booking or in an active class of this teacher. */
  activeStudents: number;
  activeClasses: number;
}

/** GET /api/teachers/me/dashboard. */
export interface TeacherDashboard extends DiscoveryStatus {
  firstName: string;
  /** Issue 27: where the application stands; discovery can be switched on only once approved. */
  reviewStatus: TeacherReviewStatus;
  /** The operator's request for changes, or the reason of a rejection. */
  reviewMessage: string | null;
  /** Where a teacher writes about the review (issue 41: a rejection shows it instead of pointing to an email). */
  supportEmail: string;
  lastName: string;
  pendingRequests: number;
  stats: TeacherStats;
}

/** POST /api/teachers/me/application/resubmit (issue 27). */
export interface ResubmitResult {
  reviewStatus: "pending";
  submittedForReviewAt: string;
}
