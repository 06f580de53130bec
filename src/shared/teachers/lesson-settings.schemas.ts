import { z } from "zod";
import { noticeHoursSchema } from "../lessons/cancellation.rules";
import { bufferMinutesSchema, timeOffRangeSchema } from "../lessons/time-off.rules";
import { leadHoursSchema } from "../booking/lead-time.rules";

/** The teacher's lesson rules (settings page): every value is always sent, the form shows them all. */
export const lessonSettingsSchema = z.object({
  noticeHours: noticeHoursSchema.unwrap(),
  bufferMinutes: bufferMinutesSchema.unwrap(),
  /** How soon before a start requests are taken (issue 26): 0-72 hours. */
  leadHours: leadHoursSchema,
});
export type LessonSettingsInput = z.input<typeof lessonSettingsSchema>;
export type LessonSettings = z.output<typeof lessonSettingsSchema>;

export const timeOffCreateSchema = timeOffRangeSchema;
export type TimeOffCreate = z.output<typeof timeOffCreateSchema>;
export type TimeOffCreateInput = z.input<typeof timeOffCreateSchema>;

export interface TimeOffDTO {
  id: string;
  /** Local dates in the teacher's zone, both inclusive. */
  startDate: string;
  endDate: string;
  note: string | null;
}

export interface LessonSettingsDTO extends LessonSettings {
  /** The zone the days off are counted in. */
  timeZone: string;
  /** Ranges that end today or later (in the teacher's zone), earliest first. */
  timeOff: TimeOffDTO[];
}

export interface TimeOffCreatedDTO {
  timeOff: TimeOffDTO;
  /** Pending or accepted lessons already booked on those days: they stay until cancelled. */
  bookedLessons: number;
}

/** Most time-off ranges a teacher keeps ahead at once. */
export const MAX_TIME_OFF_RANGES = 50;
export const TOO_MANY_TIME_OFF_MESSAGE = `You can keep at most ${MAX_TIME_OFF_RANGES} time-off ranges. Delete one first.`;
export const TIME_OFF_PAST_MESSAGE = "The last day off has already passed";
export const TIME_OFF_NOT_FOUND_MESSAGE = "Time off not found";
