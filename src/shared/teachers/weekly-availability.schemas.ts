import { z } from "zod";
import { LESSON_FORMAT_KEYS, type LessonFormat } from "./teachers.constants";
import { END_AFTER_START_MESSAGE, endsAfterStart } from "./weekly-availability.rules";

/** Request and response shapes of the weekly availability editor (the Availability tab). */

export const AVAILABILITY_NOT_FOUND_MESSAGE = "Availability window not found";
export const DAY_MESSAGE = "Choose a day of the week";
export const FORMAT_MESSAGE = "Choose a lesson format: both, in person or online";

/** Spec section 5: the add form starts at 09:00-17:00, format both; the API takes every field explicitly. */
export const AVAILABILITY_DEFAULTS = { dayOfWeek: 1, startTime: "09:00", endTime: "17:00", format: "both" } as const;

/** 24-hour "HH:mm", 00:00 to 23:59 (what an <input type="time"> gives). */
export function timeOfDaySchema(label: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a time like 09:00`) })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time like 09:00`);
}

export const availabilityCreateSchema = z
  .object({
    dayOfWeek: z.number({ error: DAY_MESSAGE }).int(DAY_MESSAGE).min(0, DAY_MESSAGE).max(6, DAY_MESSAGE),
    startTime: timeOfDaySchema("Start time"),
    endTime: timeOfDaySchema("End time"),
    format: z.enum(LESSON_FORMAT_KEYS as [LessonFormat, ...LessonFormat[]], { error: FORMAT_MESSAGE }),
  })
  .refine(endsAfterStart, { path: ["endTime"], message: END_AFTER_START_MESSAGE });
export type AvailabilityCreateInput = z.input<typeof availabilityCreateSchema>;
export type AvailabilityCreate = z.output<typeof availabilityCreateSchema>;

export interface AvailabilityWindow {
  id: string;
  dayOfWeek: number;
  /** "HH:mm" in the teacher's time zone. */
  startTime: string;
  endTime: string;
  format: LessonFormat;
}

/** GET /api/teachers/me/availability: the windows and the zone they are in. */
export interface WeeklyAvailability {
  timeZone: string;
  windows: AvailabilityWindow[];
}
