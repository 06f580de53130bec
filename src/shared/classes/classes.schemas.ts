import { z } from "zod";
import { boundedText, oneLineText } from "../text.schemas";
import {
  CATEGORIES_REQUIRED_MESSAGE,
  CATEGORY_EXISTS_MESSAGE,
  CATEGORY_MAX_LEVEL,
  CATEGORY_NAME_MAX_LENGTH,
  GRADE_SCALE,
  JOIN_CODE_PATTERN,
  MAX_CATEGORIES,
  PROGRESS_FORMATS,
} from "./classes.constants";
import { hasDuplicateNames } from "./category-names.rules";

/**
 * Schemas of the classes feature. The routes validate with them and the forms use them through
 * zodResolver, so the browser and the server say the same thing (decisions.md section 3).
 * `progressMetricsSchema` is the shape of `classes.progress_metrics`: every read and write of it
 * goes through this schema.
 */

export const CLASS_NAME_MAX_LENGTH = 100;
export const CLASS_DESCRIPTION_MAX_LENGTH = 1000;
export const GRADE_TITLE_MAX_LENGTH = 200;
export const GRADE_FEEDBACK_MAX_LENGTH = 2000;

export const NOTHING_TO_UPDATE_MESSAGE = "Nothing to update";
export const FORMAT_MESSAGE = "Choose a progress format: xp or grade";
export const JOIN_CODE_REQUIRED_MESSAGE = "Join code is required";
export const JOIN_CODE_MESSAGE = "Join code must be 6 letters or digits (no 0, O, 1 or I)";
export const STUDENT_REQUIRED_MESSAGE = "Please choose a student";
export const REQUIRED_FIELDS_MESSAGE = "Please fill in all required fields";
export const SCORE_MESSAGE = "Score must be a number between 0 and 100";
export const GRADE_DATE_MESSAGE = "Date must be a real date (yyyy-MM-dd)";
export const CATEGORY_NAME_REQUIRED_MESSAGE = "Category name is required";
export const CATEGORY_VALUE_MESSAGE = "Value must be a number";

export const progressFormatSchema = z.enum(PROGRESS_FORMATS, { error: FORMAT_MESSAGE });

// ---------------------------------------------------------------------------------------------
// Create, update, join (spec section 5: name required, description optional; join code upper-cased).

export const classNameSchema = oneLineText("Class name", CLASS_NAME_MAX_LENGTH);
export const classDescriptionSchema = boundedText("Description", CLASS_DESCRIPTION_MAX_LENGTH);

export const classCreateSchema = z.object({
  name: classNameSchema,
  description: classDescriptionSchema.default(""),
  format: progressFormatSchema.default("xp"),
});
export type ClassCreateInput = z.input<typeof classCreateSchema>;
export type ClassCreate = z.output<typeof classCreateSchema>;

export const classUpdateSchema = z
  .object({ name: classNameSchema, description: classDescriptionSchema })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, NOTHING_TO_UPDATE_MESSAGE);
export type ClassUpdateInput = z.input<typeof classUpdateSchema>;
export type ClassUpdate = z.output<typeof classUpdateSchema>;

/** Trimmed and upper-cased before the check, as the input does while the parent types. */
export const joinCodeSchema = z
  .string({ error: (issue) => (issue.input === undefined ? JOIN_CODE_REQUIRED_MESSAGE : JOIN_CODE_MESSAGE) })
  .trim()
  .toUpperCase()
  .min(1, JOIN_CODE_REQUIRED_MESSAGE)
  .regex(JOIN_CODE_PATTERN, JOIN_CODE_MESSAGE);

export const classJoinSchema = z.object({
  code: joinCodeSchema,
  studentId: z.uuid({ error: STUDENT_REQUIRED_MESSAGE }),
});
export type ClassJoinInput = z.input<typeof classJoinSchema>;
export type ClassJoin = z.output<typeof classJoinSchema>;

export const classIdParamSchema = z.object({ classId: z.uuid({ error: "Class not found" }) });
export const gradeIdParamSchema = z.object({
  classId: z.uuid({ error: "Class not found" }),
  gradeId: z.uuid({ error: "Grade not found" }),
});

// ---------------------------------------------------------------------------------------------
// Grades (spec section 5): title, score and category required; score a whole number 0-100.

/** Required text whose missing or blank value says the spec's one message for the grade form. */
function requiredGradeText(label: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? REQUIRED_FIELDS_MESSAGE : `${label} must be text`) })
    .trim()
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .max(max, `${label} must be at most ${max} characters`);
}

/**
 * No coercion: "85" is not a score. The form reads its input with `valueAsNumber`, so an empty
 * input arrives as NaN and counts as missing.
 */
export const gradeScoreSchema = z
  .number({
    error: (issue) => (issue.input === undefined || Number.isNaN(issue.input) ? REQUIRED_FIELDS_MESSAGE : SCORE_MESSAGE),
  })
  .int(SCORE_MESSAGE)
  .min(0, SCORE_MESSAGE)
  .max(100, SCORE_MESSAGE);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** yyyy-MM-dd naming a day that exists (no 2025-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Optional: an empty date input means "today" on create and "unchanged" on edit. */
export const gradeDateSchema = z
  .string({ error: GRADE_DATE_MESSAGE })
  .trim()
  .refine((value) => value === "" || isIsoDate(value), GRADE_DATE_MESSAGE)
  .transform((value) => (value === "" ? undefined : value))
  .optional();

export const gradeInputSchema = z.object({
  title: requiredGradeText("Title", GRADE_TITLE_MAX_LENGTH),
  category: requiredGradeText("Category", CATEGORY_NAME_MAX_LENGTH),
  score: gradeScoreSchema,
  feedback: boundedText("Feedback", GRADE_FEEDBACK_MAX_LENGTH).default(""),
  date: gradeDateSchema,
});
/** Add grade and edit grade send the whole form; an edit without a date keeps the grade's date. */
export const gradeCreateSchema = gradeInputSchema;
export const gradeUpdateSchema = gradeInputSchema;
export type GradeInput = z.input<typeof gradeInputSchema>;
export type GradeData = z.output<typeof gradeInputSchema>;

// ---------------------------------------------------------------------------------------------
// Progress editing: categories, a category's value, the format.

export const categoryNameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? CATEGORY_NAME_REQUIRED_MESSAGE : "Category name must be text") })
  .trim()
  .min(1, CATEGORY_NAME_REQUIRED_MESSAGE)
  .max(CATEGORY_NAME_MAX_LENGTH, `Category name must be at most ${CATEGORY_NAME_MAX_LENGTH} characters`);

/** The category editor's list, in display order. Duplicates compare trimmed and case-insensitive. */
export const categoryNamesSchema = z
  .array(categoryNameSchema, {
    error: (issue) => (issue.input === undefined ? CATEGORIES_REQUIRED_MESSAGE : "Categories must be a list"),
  })
  .min(1, CATEGORIES_REQUIRED_MESSAGE)
  .max(MAX_CATEGORIES, `Add at most ${MAX_CATEGORIES} categories`)
  .refine((names) => !hasDuplicateNames(names), CATEGORY_EXISTS_MESSAGE);

export const categoriesEditSchema = z.object({ categories: categoryNamesSchema });
export type CategoriesEdit = z.output<typeof categoriesEditSchema>;

/**
 * Spec: "Category value clamped 0-100; non-numbers count as 0". That is the inline input's rule:
 * the page reads what was typed with `toCategoryValue` and sends the result. The API takes only
 * that result, a whole-or-decimal number from 0 to 100 (rounded), so a broken or hostile client
 * cannot store anything else, nor zero a category by sending nonsense.
 */
export const CATEGORY_VALUE_RANGE_MESSAGE = "Value must be between 0 and 100";

export const categoryValueEditSchema = z.object({
  value: z
    .number({ error: (issue) => (issue.input === undefined ? "Value is required" : CATEGORY_VALUE_MESSAGE) })
    .min(0, CATEGORY_VALUE_RANGE_MESSAGE)
    .max(100, CATEGORY_VALUE_RANGE_MESSAGE)
    .transform((value) => Math.round(value)),
});
export type CategoryValueEditInput = z.input<typeof categoryValueEditSchema>;

export const progressFormatEditSchema = z.object({ format: progressFormatSchema });

export const categoryIdParamSchema = z.object({
  classId: z.uuid({ error: "Class not found" }),
  categoryId: z.string().min(1, "Category not found").max(100, "Category not found"),
});
export const achievementIdParamSchema = categoryIdParamSchema.extend({
  achievementId: z.string().min(1, "Achievement not found").max(100, "Achievement not found"),
});

// ---------------------------------------------------------------------------------------------
// progress_metrics: one shape for both formats, so switching format keeps the other's data.

const wholeNumber = (label: string) => z.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`);

export const achievementSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string(),
  xp: wholeNumber("Achievement xp").positive(),
  unlocked: z.boolean(),
  /** When it was unlocked (issue 29's weekly digest lists the week's); absent on older unlocks. */
  unlockedAt: z.iso.datetime({ error: "Achievement unlockedAt must be an ISO date-time" }).optional(),
});

/**
 * A progress category carries its xp-format data (value, level, achievements) and its
 * grade-format data (score: null until the category has a grade) at the same time.
 */
export const progressCategorySchema = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1).max(CATEGORY_NAME_MAX_LENGTH),
  value: wholeNumber("Category value").min(0).max(100),
  level: wholeNumber("Category level").min(1).max(CATEGORY_MAX_LEVEL),
  achievements: z.array(achievementSchema).refine((list) => new Set(list.map((a) => a.id)).size === list.length, "Achievement ids must be unique"),
  score: wholeNumber("Category score").min(GRADE_SCALE.min).max(GRADE_SCALE.max).nullable(),
});

/**
 * `overall` belongs to the current format: the average category value (0-100) in xp format, the
 * grade (300-850) in grade format. Both are derived from the categories, so a format switch
 * recalculates it and loses nothing.
 */
export const progressMetricsSchema = z
  .object({
    format: progressFormatSchema,
    overall: wholeNumber("Overall").min(0).max(GRADE_SCALE.max),
    level: wholeNumber("Level").min(1),
    xp: wholeNumber("Xp").min(0),
    xpToNextLevel: wholeNumber("Xp to next level").positive(),
    categories: z.array(progressCategorySchema).min(1).max(MAX_CATEGORIES),
  })
  .refine((p) => p.xp < p.xpToNextLevel, { message: "Xp must be below the next level's threshold", path: ["xp"] })
  .refine((p) => new Set(p.categories.map((c) => c.id)).size === p.categories.length, {
    message: "Category ids must be unique",
    path: ["categories"],
  })
  .refine((p) => !hasDuplicateNames(p.categories.map((c) => c.name)), { message: CATEGORY_EXISTS_MESSAGE, path: ["categories"] })
  .refine((p) => p.format === "xp" || p.overall >= GRADE_SCALE.min, {
    message: `A grade-format overall is between ${GRADE_SCALE.min} and ${GRADE_SCALE.max}`,
    path: ["overall"],
  })
  .refine((p) => p.format === "grade" || p.overall <= 100, { message: "An xp-format overall is between 0 and 100", path: ["overall"] });

export type Achievement = z.output<typeof achievementSchema>;
export type ProgressCategory = z.output<typeof progressCategorySchema>;
export type ProgressMetrics = z.output<typeof progressMetricsSchema>;
