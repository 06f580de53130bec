import type { ProgressFormat } from "../../../shared/classes/classes.constants";

/** How the two progress formats are named on screen. */
export const FORMAT_OPTIONS: Record<ProgressFormat, string> = {
  xp: "XP & achievements",
  grade: "Grades (300-850)",
};
