export const STUDENT_INTERESTS = [
  "Classical",
  "Jazz",
  "Pop",
  "Rock",
  "Musical Theater",
  "Contemporary",
  "Folk",
  "Blues",
] as const;

export const LEARNING_STYLES = { visual: "Visual", auditory: "Auditory", kinesthetic: "Kinesthetic" } as const;

export const ENROLLMENT_STATUSES = ["active", "inactive"] as const;

export const GENRES = [
  "Classical",
  "Jazz",
  "Pop",
  "Rock",
  "Folk",
  "Blues",
  "Musical Theater",
  "Contemporary",
  "World Music",
] as const;

export const DIFFICULTIES = ["Beginner", "Intermediate", "Advanced"] as const;

/** Spec section 9: 0-99 at parent sign-up, 1-99 everywhere else (decisions.md keeps both). */
export const SIGNUP_STUDENT_AGE = { min: 0, max: 99 } as const;
export const STUDENT_AGE = { min: 1, max: 99 } as const;
