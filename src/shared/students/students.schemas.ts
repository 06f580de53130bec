import { z } from "zod";
import { oneLineText } from "../text.schemas";
import { DIFFICULTIES, GENRES, LEARNING_STYLES, STUDENT_AGE, STUDENT_INTERESTS } from "./students.constants";
import { hasDuplicates, isCalendarDate, isFutureCompletionDate, linesToList } from "./students.rules";

/**
 * Request schemas of the students feature. The routes validate with them and the forms use them
 * through zodResolver, so the browser and the server say the same thing (decisions.md section 3).
 */

export const NAME_MAX_LENGTH = 100;
export const LIST_ITEM_MAX_LENGTH = 200;
export const LIST_MAX_ITEMS = 50;
export const REPERTOIRE_TEXT_MAX_LENGTH = 200;

export const AGE_MESSAGE = `Age must be a whole number between ${STUDENT_AGE.min} and ${STUDENT_AGE.max}`;
export const NOTHING_TO_UPDATE_MESSAGE = "Nothing to update";
export const STUDENT_NOT_FOUND_MESSAGE = "Student not found";
export const REPERTOIRE_NOT_FOUND_MESSAGE = "Repertoire entry not found";

export const firstNameSchema = oneLineText("First name", NAME_MAX_LENGTH);
export const lastNameSchema = oneLineText("Last name", NAME_MAX_LENGTH);

/** No coercion: `"12"` or `true` is not an age. The form reads its input with `valueAsNumber`. */
export const ageSchema = z
  .number({ error: (issue) => (issue.input === undefined ? "Age is required" : AGE_MESSAGE) })
  .int(AGE_MESSAGE)
  .min(STUDENT_AGE.min, AGE_MESSAGE)
  .max(STUDENT_AGE.max, AGE_MESSAGE);

export const interestSchema = z.enum(STUDENT_INTERESTS, { error: "Choose interests from the list" });
export const interestsSchema = z
  .array(interestSchema, { error: "Interests must be a list" })
  .refine((list) => !hasDuplicates(list), "Each interest can be chosen only once");

const STYLE_KEYS = Object.keys(LEARNING_STYLES) as [keyof typeof LEARNING_STYLES, ...(keyof typeof LEARNING_STYLES)[]];
export const preferredStyleSchema = z
  .enum(STYLE_KEYS, { error: "Choose a learning style: visual, auditory or kinesthetic" })
  .nullable();

/**
 * A list field of the profile: items trimmed, blank items dropped (a blank line of the form is
 * not an item, whoever sends it), each of bounded length, a bounded count.
 */
function textListSchema(singular: string, plural: string) {
  const label = plural.charAt(0).toUpperCase() + plural.slice(1);
  return z
    .array(
      z
        .string({ error: `${label} must be text, one item per line` })
        .trim()
        .max(LIST_ITEM_MAX_LENGTH, `Each ${singular} must be at most ${LIST_ITEM_MAX_LENGTH} characters`),
      { error: `${label} must be a list` },
    )
    .transform((items) => items.filter((item) => item.length > 0))
    .refine((items) => items.length <= LIST_MAX_ITEMS, `Add at most ${LIST_MAX_ITEMS} ${plural}`);
}

export const learningGoalsSchema = textListSchema("learning goal", "learning goals");
export const achievementsSchema = textListSchema("achievement", "achievements");
export const strengthsSchema = textListSchema("strength", "strengths");
export const areasForImprovementSchema = textListSchema("area for improvement", "areas for improvement");

// ---------------------------------------------------------------------------------------------
// Add student (spec section 5): names required after trim, age 1-99, interests from the list.

export const studentCreateSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  age: ageSchema,
  interests: interestsSchema.default([]),
});
export type StudentCreateInput = z.input<typeof studentCreateSchema>;
export type StudentCreate = z.output<typeof studentCreateSchema>;

// ---------------------------------------------------------------------------------------------
// Student edit: any subset of the editable fields, at least one.

const studentEditableFields = {
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  age: ageSchema,
  interests: interestsSchema,
  learningGoals: learningGoalsSchema,
  preferredStyle: preferredStyleSchema,
  achievements: achievementsSchema,
  strengths: strengthsSchema,
  areasForImprovement: areasForImprovementSchema,
};

export const studentUpdateSchema = z
  .object(studentEditableFields)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, NOTHING_TO_UPDATE_MESSAGE);
export type StudentUpdate = z.output<typeof studentUpdateSchema>;

/** A list edited as text: one item per line, blank lines dropped, then the list's own rules. */
function linesField<T extends z.ZodType<string[], string[]>>(list: T) {
  return z.string().transform(linesToList).pipe(list);
}

/**
 * The edit form: the same fields and rules, with list fields typed as text and "no style" as "".
 * Its output is a complete `StudentUpdate`, sent as is.
 */
export const studentEditFormSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  age: ageSchema,
  interests: interestsSchema,
  preferredStyle: z
    .union([z.literal(""), z.enum(STYLE_KEYS)], { error: "Choose a learning style: visual, auditory or kinesthetic" })
    .transform((style) => (style === "" ? null : style)),
  learningGoals: linesField(learningGoalsSchema),
  achievements: linesField(achievementsSchema),
  strengths: linesField(strengthsSchema),
  areasForImprovement: linesField(areasForImprovementSchema),
});
export type StudentEditFormInput = z.input<typeof studentEditFormSchema>;
export type StudentEditFormOutput = z.output<typeof studentEditFormSchema>;

// ---------------------------------------------------------------------------------------------
// Repertoire: title, composer, genre and completion date required; difficulty defaults to Beginner.

export const completedDateSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "Completion date is required" : "Completion date must be a date") })
  .min(1, "Completion date is required")
  .refine(isCalendarDate, "Completion date must be a real date (yyyy-MM-dd)")
  .refine((date) => !isFutureCompletionDate(date, new Date()), "Completion date cannot be in the future");

export const repertoireCreateSchema = z.object({
  title: oneLineText("Title", REPERTOIRE_TEXT_MAX_LENGTH),
  composer: oneLineText("Composer", REPERTOIRE_TEXT_MAX_LENGTH),
  genre: z.enum(GENRES, {
    error: (issue) => (issue.input === undefined || issue.input === "" ? "Genre is required" : "Choose a genre from the list"),
  }),
  completedDate: completedDateSchema,
  difficulty: z.enum(DIFFICULTIES, { error: "Choose a difficulty: Beginner, Intermediate or Advanced" }).default("Beginner"),
});
export type RepertoireCreateInput = z.input<typeof repertoireCreateSchema>;
export type RepertoireCreate = z.output<typeof repertoireCreateSchema>;

// ---------------------------------------------------------------------------------------------
// Responses (the wire format: instants as ISO strings, dates as yyyy-MM-dd).

export type StudentInterest = (typeof STUDENT_INTERESTS)[number];
export type LearningStyle = keyof typeof LEARNING_STYLES;
export type Genre = (typeof GENRES)[number];
export type Difficulty = (typeof DIFFICULTIES)[number];

/** A card of the My Students grid. */
export interface StudentSummary {
  id: string;
  firstName: string;
  lastName: string;
  age: number;
  interests: string[];
  enrollmentStatus: string;
  createdAt: string;
}

export interface RepertoireEntry {
  id: string;
  title: string;
  composer: string;
  genre: string;
  completedDate: string;
  difficulty: string;
  createdAt: string;
}

/** A class the student is in, as their student page lists it (links to /class/:id). */
export interface StudentClass {
  id: string;
  name: string;
  /** "Deleted user" once the teacher's account is gone. */
  teacherName: string;
}

/**
 * Every column of student_profiles except parentId, plus the repertoire, newest completed first,
 * and the student's active classes (an archived class is hidden from the family: decisions.md 6).
 */
export interface StudentProfile extends StudentSummary {
  learningGoals: string[];
  preferredStyle: LearningStyle | null;
  achievements: string[];
  strengths: string[];
  areasForImprovement: string[];
  enrollmentDate: string;
  teacherId: string | null;
  updatedAt: string;
  repertoire: RepertoireEntry[];
  classes: StudentClass[];
}
