import { z } from "zod";
import { isCalendarDate } from "../students/students.rules";
import { boundedText, requiredText } from "../text.schemas";
import {
  HOMEWORK_GOAL_DAYS_MAX,
  HOMEWORK_GOAL_MINUTES_MAX,
  PRACTICE_DAYS_BACK,
  PRACTICE_MINUTES_MAX,
  PRACTICE_MINUTES_MIN,
} from "./practice.constants";

/**
 * Requests of /api/practice (issue 29): one schema for the form and the route. Dates are calendar
 * days ("yyyy-MM-dd"); which zone they are in (the parent's for an entry, the teacher's for a due
 * date) and whether they are in range is decided by the service, which knows the zone.
 */

export const HOMEWORK_LIMITS = { itemsMax: 10, descriptionMax: 300, commentMax: 1000 } as const;
export const PRACTICE_NOTE_MAX = 500;
/** Items an entry can say it practised: every item of a few homeworks at most. */
export const PRACTICE_ITEMS_MAX = 30;

export const PRACTICE_DATE_MESSAGE = "Date must be a real date (yyyy-MM-dd)";
export const practiceDate = z.string({ error: PRACTICE_DATE_MESSAGE }).trim().refine(isCalendarDate, PRACTICE_DATE_MESSAGE);

export const MINUTES_MESSAGE = `Minutes must be a whole number from ${PRACTICE_MINUTES_MIN} to ${PRACTICE_MINUTES_MAX}`;
export const minutesSchema = z
  .number({ error: MINUTES_MESSAGE })
  .int(MINUTES_MESSAGE)
  .min(PRACTICE_MINUTES_MIN, MINUTES_MESSAGE)
  .max(PRACTICE_MINUTES_MAX, MINUTES_MESSAGE);

export const GOAL_MINUTES_MESSAGE = `Minutes per day must be a whole number from 1 to ${HOMEWORK_GOAL_MINUTES_MAX}`;
export const GOAL_DAYS_MESSAGE = `Days per week must be a whole number from 1 to ${HOMEWORK_GOAL_DAYS_MAX}`;
export const GOAL_BOTH_MESSAGE = "Give both minutes per day and days per week, or neither";
const goalMinutes = z.number({ error: GOAL_MINUTES_MESSAGE }).int(GOAL_MINUTES_MESSAGE).min(1, GOAL_MINUTES_MESSAGE).max(HOMEWORK_GOAL_MINUTES_MAX, GOAL_MINUTES_MESSAGE);
const goalDays = z.number({ error: GOAL_DAYS_MESSAGE }).int(GOAL_DAYS_MESSAGE).min(1, GOAL_DAYS_MESSAGE).max(HOMEWORK_GOAL_DAYS_MAX, GOAL_DAYS_MESSAGE);

export const HOMEWORK_NOT_FOUND_MESSAGE = "Homework not found";
export const ENTRY_NOT_FOUND_MESSAGE = "Practice entry not found";
export const STUDENT_NOT_FOUND_MESSAGE = "Student not found";
export const CLASS_NOT_FOUND_MESSAGE = "Class not found";
export const ITEMS_MESSAGE = `Homework has 1 to ${HOMEWORK_LIMITS.itemsMax} items`;

/** One thing to practise: free text, optionally tied to a piece of the student's repertoire and a class file. */
export const homeworkItemSchema = z
  .object({
    description: requiredText("Description", HOMEWORK_LIMITS.descriptionMax),
    repertoireId: z.guid("Piece not found").nullish(),
    classFileId: z.guid("File not found").nullish(),
  })
  .strict();
export type HomeworkItemInput = z.input<typeof homeworkItemSchema>;

const homeworkItems = z
  .array(homeworkItemSchema, { error: "Items must be a list" })
  .min(1, ITEMS_MESSAGE)
  .max(HOMEWORK_LIMITS.itemsMax, ITEMS_MESSAGE);

/** Both goal figures or neither (null clears the goal on an edit). */
const bothOrNeither = (value: { goalMinutesPerDay?: number | null; goalDaysPerWeek?: number | null }) =>
  (value.goalMinutesPerDay == null) === (value.goalDaysPerWeek == null);

/**
 * A teacher sets homework for a student they teach. Without `dueOn` it is due on the student's
 * next lesson day with this teacher (the teacher's zone), else a week from today.
 */
export const createHomeworkSchema = z
  .object({
    studentId: z.guid(STUDENT_NOT_FOUND_MESSAGE),
    classId: z.guid(CLASS_NOT_FOUND_MESSAGE).optional(),
    items: homeworkItems,
    goalMinutesPerDay: goalMinutes.optional(),
    goalDaysPerWeek: goalDays.optional(),
    dueOn: practiceDate.optional(),
  })
  .strict()
  .refine(bothOrNeither, { message: GOAL_BOTH_MESSAGE, path: ["goalDaysPerWeek"] });
export type CreateHomeworkInput = z.input<typeof createHomeworkSchema>;
export type CreateHomeworkData = z.output<typeof createHomeworkSchema>;

/**
 * An edit of open homework: fields left out stay. `items` replaces the list (items kept by id keep
 * the practice logged against them). `status: "closed"` closes it (no more edits).
 */
export const updateHomeworkSchema = z
  .object({
    items: z
      .array(homeworkItemSchema.extend({ id: z.guid("Item not found").optional() }).strict(), { error: "Items must be a list" })
      .min(1, ITEMS_MESSAGE)
      .max(HOMEWORK_LIMITS.itemsMax, ITEMS_MESSAGE)
      .optional(),
    goalMinutesPerDay: goalMinutes.nullable().optional(),
    goalDaysPerWeek: goalDays.nullable().optional(),
    dueOn: practiceDate.optional(),
    status: z.literal("closed", { error: "Homework can only be closed here" }).optional(),
  })
  .strict()
  .refine((v) => (v.goalMinutesPerDay === undefined) === (v.goalDaysPerWeek === undefined) && bothOrNeither(v), {
    message: GOAL_BOTH_MESSAGE,
    path: ["goalDaysPerWeek"],
  });
export type UpdateHomeworkInput = z.input<typeof updateHomeworkSchema>;

export const reviewHomeworkSchema = z.object({ comment: requiredText("Comment", HOMEWORK_LIMITS.commentMax) }).strict();
export type ReviewHomeworkInput = z.input<typeof reviewHomeworkSchema>;

const homeworkItemIds = z
  .array(z.guid("Homework item not found"), { error: "Homework items must be a list" })
  .max(PRACTICE_ITEMS_MAX, `At most ${PRACTICE_ITEMS_MAX} homework items`);
const note = boundedText("Note", PRACTICE_NOTE_MAX);

export const PRACTICE_DATE_RANGE_MESSAGE = `Practice can be logged for today or up to ${PRACTICE_DAYS_BACK} days back, never for a future day`;

/** Typed practice ("self-reported"). Without `practicedOn` it is today in the parent's zone. */
export const createEntrySchema = z
  .object({
    studentId: z.guid(STUDENT_NOT_FOUND_MESSAGE),
    practicedOn: practiceDate.optional(),
    minutes: minutesSchema,
    homeworkItemIds: homeworkItemIds.default([]),
    note: note.default(""),
  })
  .strict();
export type CreateEntryInput = z.input<typeof createEntrySchema>;
export type CreateEntryData = z.output<typeof createEntrySchema>;

/** An edit of one's own entry. Changing the minutes of a timed entry makes it self-reported. */
export const updateEntrySchema = z
  .object({
    practicedOn: practiceDate.optional(),
    minutes: minutesSchema.optional(),
    homeworkItemIds: homeworkItemIds.optional(),
    note: note.optional(),
  })
  .strict();
export type UpdateEntryInput = z.input<typeof updateEntrySchema>;

/** Stopping the timer logs its elapsed minutes as a "timed" entry for today (the parent's zone). */
export const stopTimerSchema = z.object({ homeworkItemIds: homeworkItemIds.default([]), note: note.default("") }).strict();
export type StopTimerInput = z.input<typeof stopTimerSchema>;
export type StopTimerData = z.output<typeof stopTimerSchema>;

/** The teacher turns practice XP on or off for one class. */
export const classPracticeSettingsSchema = z.object({ practiceXp: z.boolean({ error: "Practice XP must be on or off" }) }).strict();
export type ClassPracticeSettingsInput = z.input<typeof classPracticeSettingsSchema>;

export const studentIdParams = z.object({ studentId: z.guid() });
export const homeworkIdParams = z.object({ homeworkId: z.guid() });
export const entryIdParams = z.object({ entryId: z.guid() });
export const classIdParams = z.object({ classId: z.guid() });
