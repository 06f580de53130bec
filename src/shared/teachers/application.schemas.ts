import { z } from "zod";
import { boundedText } from "../text.schemas";
import { passwordSchema } from "../accounts/accounts.schemas";
import { emailSchema } from "../auth/auth.schemas";
import { isTimeOfDay, toStoredTime } from "./availability.rules";
import { RATE_ORDER_MESSAGE, stateSchema, teacherProfileFields } from "./profile.schemas";
import { isIanaTimeZone } from "../time-zone.rules";
import { END_AFTER_START_MESSAGE, endsAfterStart } from "./weekly-availability.rules";


/** The zones a US teacher picks from; the browser's own zone is offered too when it is not one of them. */
export const US_TIME_ZONES: Record<string, string> = {
  "America/New_York": "Eastern Time (New York)",
  "America/Chicago": "Central Time (Chicago)",
  "America/Denver": "Mountain Time (Denver)",
  "America/Phoenix": "Mountain Time, no DST (Phoenix)",
  "America/Los_Angeles": "Pacific Time (Los Angeles)",
  "America/Anchorage": "Alaska Time (Anchorage)",
  "Pacific/Honolulu": "Hawaii Time (Honolulu)",
};
export const DEFAULT_TIME_ZONE = "America/New_York";

/** The browser's zone when it is a valid one, else the default: the wizard's initial value. */
export function detectedTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isIanaTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

const optionalText = (label: string, max: number) =>
  boundedText(label, max)
    .nullish()
    .transform((v) => v ?? "");

const yesNo = (message: string) => z.boolean({ error: message });

/**
 * `when` for a cross-field rule: run it once the fields it reads have the right types, even while
 * other fields of the step are still invalid (zod would skip it then), so the form can say
 * "Passwords do not match" as soon as it is true.
 */
function fieldsAre(types: Record<string, "string" | "number" | "boolean">) {
  return ({ value }: { value: unknown }) => {
    if (typeof value !== "object" || value === null) return false;
    return Object.entries(types).every(([key, type]) => {
      const field = (value as Record<string, unknown>)[key];
      return typeof field === type && !(type === "number" && Number.isNaN(field));
    });
  };
}

export const PASSWORDS_DIFFER_MESSAGE = "Passwords do not match";

/**
 * Step 1, personal. Phone, city and state are required (decisions.md section 1). The profile
 * fields are the ones Teacher settings edits later, with the same rules.
 */
export const applicationPersonalSchema = z
  .object({
    firstName: teacherProfileFields.firstName,
    lastName: teacherProfileFields.lastName,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: PASSWORDS_DIFFER_MESSAGE }),
    phone: teacherProfileFields.phone,
    city: teacherProfileFields.city,
    state: stateSchema,
    timeZone: teacherProfileFields.timeZone,
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: PASSWORDS_DIFFER_MESSAGE,
    when: fieldsAre({ password: "string", confirmPassword: "string" }),
  });

/** Step 2, teaching. Experience, education and style are required (decisions.md section 1). */
export const applicationTeachingSchema = z
  .object({
    instruments: teacherProfileFields.instruments,
    teachingExperienceYears: teacherProfileFields.teachingExperienceYears,
    educationBackground: teacherProfileFields.educationBackground,
    bio: teacherProfileFields.bio,
    teachingStyleDescription: teacherProfileFields.teachingStyleDescription,
    teachingMethods: teacherProfileFields.teachingMethods,
    ageGroupsTaught: teacherProfileFields.ageGroupsTaught,
    lessonFormat: teacherProfileFields.lessonFormat,
    hourlyRateMin: teacherProfileFields.hourlyRateMin,
    hourlyRateMax: teacherProfileFields.hourlyRateMax,
    hasTransportation: yesNo("Answer whether you have transportation"),
    platformExperience: optionalText("Platform experience", 500),
    videoConferenceExperience: yesNo("Answer whether you have taught over video"),
  })
  .refine((value) => value.hourlyRateMin <= value.hourlyRateMax, {
    path: ["hourlyRateMin"],
    message: RATE_ORDER_MESSAGE,
    when: fieldsAre({ hourlyRateMin: "number", hourlyRateMax: "number" }),
  });

export const BOTH_TIMES_MESSAGE = "Enter both a start and an end time, or leave both empty";

/**
 * One day of the wizard's week. Blank start and end mean "not available" (spec section 5: days
 * without times are not saved); a half-filled day or one that ends before it starts is refused.
 */
const availabilityDaySchema = z
  .object({
    dayOfWeek: z.number({ error: "Choose a day" }).int("Choose a day").min(0, "Choose a day").max(6, "Choose a day"),
    startTime: z.string({ error: "Enter a start time" }).trim().default(""),
    endTime: z.string({ error: "Enter an end time" }).trim().default(""),
  })
  .superRefine((day, ctx) => {
    const { startTime, endTime } = day;
    if (!startTime && !endTime) return;
    if (!startTime || !endTime) {
      ctx.addIssue({ code: "custom", path: [startTime ? "endTime" : "startTime"], message: BOTH_TIMES_MESSAGE });
      return;
    }
    for (const key of ["startTime", "endTime"] as const) {
      if (!isTimeOfDay(day[key])) ctx.addIssue({ code: "custom", path: [key], message: "Enter a time such as 09:00" });
    }
    if (isTimeOfDay(startTime) && isTimeOfDay(endTime) && !endsAfterStart({ startTime, endTime })) {
      ctx.addIssue({ code: "custom", path: ["endTime"], message: END_AFTER_START_MESSAGE });
    }
  });

/**
 * Step 3, the week: at most one window per day in the application (more can be added in the
 * schedule editor). Wrapped in an object so the body's shape is checked, not only its items.
 */
export const applicationAvailabilitySchema = z.object(
  {
    days: z
      .array(availabilityDaySchema, { error: "Availability must be a list of days" })
      .max(7, "A week has seven days")
      .superRefine((days, ctx) => {
        const seen = new Set<number>();
        days.forEach((day, index) => {
          if (seen.has(day.dayOfWeek)) {
            ctx.addIssue({ code: "custom", path: [index, "dayOfWeek"], message: "Each day can be listed once" });
          }
          seen.add(day.dayOfWeek);
        });
      })
      .transform((days) =>
        days
          .filter((day) => day.startTime && day.endTime)
          .map((day) => ({
            dayOfWeek: day.dayOfWeek,
            startTime: toStoredTime(day.startTime),
            endTime: toStoredTime(day.endTime),
          })),
      ),
  },
  { error: "Availability must list the days of the week" },
);

export const CONSENT_MESSAGE = "You must consent to a background check to apply";
export const COMPLAINT_EXPLANATION_MESSAGE = "Please explain the prior complaints";

/** Step 4: consent is required to apply; an explanation is required when there were complaints. */
export const applicationScreeningSchema = z
  .object({
    backgroundCheckConsent: z.literal(true, { error: CONSENT_MESSAGE }),
    priorComplaints: yesNo("Answer whether you have had prior complaints"),
    complaintExplanation: optionalText("The explanation", 2000),
    canProvideReferences: yesNo("Answer whether you can provide references"),
  })
  .refine((value) => !value.priorComplaints || Boolean(value.complaintExplanation?.trim()), {
    path: ["complaintExplanation"],
    message: COMPLAINT_EXPLANATION_MESSAGE,
    when: fieldsAre({ priorComplaints: "boolean" }),
  })
  .transform((value) => ({
    ...value,
    complaintExplanation: value.priorComplaints ? value.complaintExplanation : null,
  }));

/** POST /api/teachers: the whole application; the intro video follows as its own upload. */
export const teacherApplicationSchema = z.object({
  personal: applicationPersonalSchema,
  teaching: applicationTeachingSchema,
  availability: applicationAvailabilitySchema,
  screening: applicationScreeningSchema,
});
export type TeacherApplicationInput = z.input<typeof teacherApplicationSchema>;
export type TeacherApplication = z.output<typeof teacherApplicationSchema>;

export interface TeacherApplicationResult {
  teacherId: string;
  /** Authorizes one intro-video upload for this teacher, without a session, until `uploadTokenExpiresAt`. */
  uploadToken: string;
  uploadTokenExpiresAt: string;
  /** True when the address must be confirmed before the first sign-in. */
  mustConfirmEmail: boolean;
  /** False when the address must be confirmed first: then the teacher signs in after confirming. */
  signedIn: boolean;
  redirectTo: string;
}

export const EMAIL_TAKEN_MESSAGE = "An account with this email already exists. Please sign in instead.";
