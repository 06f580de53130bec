/** ["lessons", …]: each side's lessons and the credits; kept apart from the hooks so any feature can name it without an import cycle. */
export const LESSONS_KEY = ["lessons"] as const;
