export const CLASS_STATUSES = ["active", "archived"] as const;
export const PROGRESS_FORMATS = ["xp", "grade"] as const;

/** decisions.md: 6 characters without the look-alikes 0/O/1/I. */
export const JOIN_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const JOIN_CODE_LENGTH = 6;
export const JOIN_CODE_PATTERN = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/;
/**
 * What the join form says about a code's format (a code holds letters as well as digits, so the
 * spec's "Enter 6-digit code" is not true). The example is a valid code.
 */
export const JOIN_CODE_PLACEHOLDER = "6 letters or digits";
export const JOIN_CODE_EXAMPLE = "K7M2QX";
export const JOIN_CODE_HINT = `The code your teacher gave you: 6 letters or digits, like ${JOIN_CODE_EXAMPLE}. Codes have no 0, O, 1 or I.`;

export type ClassStatus = (typeof CLASS_STATUSES)[number];
export type ProgressFormat = (typeof PROGRESS_FORMATS)[number];

// ---------------------------------------------------------------------------------------------
// Progress (spec sections 4 and 9, decisions.md section 1).

/** Categories of a newly created class, in the order they are shown. */
export const NEW_CLASS_CATEGORY_NAMES = ["Technique", "Music Theory", "Performance"] as const;
/** xp needed to go from level 1 to level 2; every level-up multiplies it by LEVEL_UP_MULTIPLIER, rounded. */
export const FIRST_LEVEL_THRESHOLD = 1000;
export const LEVEL_UP_MULTIPLIER = 1.5;
/** A category's level is 1 to 5, from the share of its achievements unlocked. */
export const CATEGORY_MAX_LEVEL = 5;
export const LEVEL_TITLE = "Music Apprentice";
export const CATEGORY_NAME_MAX_LENGTH = 50;
export const MAX_CATEGORIES = 12;

/** Category scores and the overall grade use a 300-850 scale; a new grade-format class starts at 650. */
export const GRADE_SCALE = { min: 300, max: 850 } as const;
export const GRADE_START_SCORE = 650;
/** decisions.md: the class page's badges are green at 90 or above, yellow 70-89, red below 70. */
export const SCORE_BADGE_THRESHOLDS = { green: 90, yellow: 70 } as const;
/**
 * percentLabel and gradeLabel: the first label whose minimum percent is reached (a 300-850 score
 * by the percent it stands for). In step with the badge colours: Excellent is green, Good and Fair
 * are yellow, Needs Work and Poor red. The spec's thresholds on the 300-850 scale (Excellent only
 * at 850, that is 100 %) called a 95 % grade "Good" beside its green badge.
 */
export const GRADE_LABELS = [
  { minPercent: SCORE_BADGE_THRESHOLDS.green, label: "Excellent" },
  { minPercent: 80, label: "Good" },
  { minPercent: SCORE_BADGE_THRESHOLDS.yellow, label: "Fair" },
  { minPercent: 50, label: "Needs Work" },
] as const;
export const LOWEST_GRADE_LABEL = "Poor";
export const RECENT_ASSESSMENTS_COUNT = 3;

// Messages the schemas and the rules both give (spec section 5).
export const CATEGORIES_REQUIRED_MESSAGE = "Please add at least one category";
export const CATEGORY_EXISTS_MESSAGE = "This category already exists";
export const CATEGORY_NOT_FOUND_MESSAGE = "Category not found";
export const ACHIEVEMENT_NOT_FOUND_MESSAGE = "Achievement not found";
export const ACHIEVEMENT_ALREADY_UNLOCKED_MESSAGE = "This achievement is already unlocked";
