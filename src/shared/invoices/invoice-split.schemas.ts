import { z } from "zod";
import { BASIS_POINTS_WHOLE, SPLIT_ENTRIES_MAX, type SplitKind } from "./invoice-split.rules";

/**
 * Issue 45: a household's split, as the teacher's form sends it and the route validates it. Shares
 * travel as basis points (50 % = 5,000); the form reads percents with parsePercent.
 */

export const FAMILY_NOT_FOUND_MESSAGE = "Family not found";
export const SHARES_SUM_MESSAGE = "The shares must add up to exactly 100 %.";
export const SHARE_MESSAGE = "Each share must be a percentage from 0 to 100, with at most two decimals.";
export const ENTRIES_MESSAGE = `A split names from 1 to ${SPLIT_ENTRIES_MAX} entries.`;
export const GUARDIAN_TWICE_MESSAGE = "Each guardian can be named once.";
export const STUDENT_TWICE_MESSAGE = "Each student can be named once.";
export const UNKNOWN_GUARDIAN_MESSAGE = "That guardian is not in this household.";
export const UNKNOWN_STUDENT_MESSAGE = "That student is not in this household.";

export const householdSplitParams = z.object({ parentId: z.guid() });

const guardianId = z.guid({ error: UNKNOWN_GUARDIAN_MESSAGE });
const basisPoints = z.number({ error: SHARE_MESSAGE }).int(SHARE_MESSAGE).min(0, SHARE_MESSAGE).max(BASIS_POINTS_WHOLE, SHARE_MESSAGE);

const sharesSplit = z
  .object({
    kind: z.literal("shares"),
    shares: z
      .array(z.object({ guardianId, basisPoints }).strict(), { error: ENTRIES_MESSAGE })
      .min(1, ENTRIES_MESSAGE)
      .max(SPLIT_ENTRIES_MAX, ENTRIES_MESSAGE),
  })
  .strict()
  .superRefine((split, ctx) => {
    if (new Set(split.shares.map((share) => share.guardianId)).size !== split.shares.length) {
      ctx.addIssue({ code: "custom", path: ["shares"], message: GUARDIAN_TWICE_MESSAGE });
    } else if (split.shares.reduce((sum, share) => sum + share.basisPoints, 0) !== BASIS_POINTS_WHOLE) {
      ctx.addIssue({ code: "custom", path: ["shares"], message: SHARES_SUM_MESSAGE });
    }
  });

const perStudentSplit = z
  .object({
    kind: z.literal("per_student"),
    students: z
      .array(z.object({ studentId: z.guid({ error: UNKNOWN_STUDENT_MESSAGE }), guardianId }).strict(), { error: ENTRIES_MESSAGE })
      .min(1, ENTRIES_MESSAGE)
      .max(SPLIT_ENTRIES_MAX, ENTRIES_MESSAGE),
  })
  .strict()
  .superRefine((split, ctx) => {
    if (new Set(split.students.map((entry) => entry.studentId)).size !== split.students.length) {
      ctx.addIssue({ code: "custom", path: ["students"], message: STUDENT_TWICE_MESSAGE });
    }
  });

export const householdSplitSchema = z.discriminatedUnion("kind", [sharesSplit, perStudentSplit], { error: "Kind must be shares or per_student" });
export type HouseholdSplitInput = z.infer<typeof householdSplitSchema>;

const PERCENT = /^(\d{1,3})(?:[.,](\d{1,2}))?\s*%?$/;

/** "50", "33.33", "70 %" → basis points; null when it is not a percentage with at most two decimals from 0 to 100. */
export function parsePercent(text: string): number | null {
  const match = PERCENT.exec(text.trim());
  if (!match) return null;
  const points = Number(match[1]) * 100 + (match[2] ? Number(match[2].padEnd(2, "0")) : 0);
  return points <= BASIS_POINTS_WHOLE ? points : null;
}

/** "50", "33.33": basis points as the form shows them for editing. */
export function percentText(basisPoints: number): string {
  const rest = basisPoints % 100;
  return rest === 0 ? String(basisPoints / 100) : `${Math.trunc(basisPoints / 100)}.${String(rest).padStart(2, "0")}`;
}

export interface SplitGuardianDTO {
  guardianId: string;
  name: string;
  email: string;
}

export interface HouseholdSplitDTO {
  parentId: string;
  familyName: string;
  /** The household's guardians now. */
  guardians: SplitGuardianDTO[];
  /** The household's students who have lessons with the teacher. */
  students: { studentId: string; name: string }[];
  /** The stored split; null when invoices go to the household as one. */
  split:
    | { kind: Extract<SplitKind, "shares">; shares: { guardianId: string | null; name: string; basisPoints: number }[] }
    | { kind: Extract<SplitKind, "per_student">; students: { studentId: string; studentName: string; guardianId: string | null; name: string }[] }
    | null;
  /** Why the stored split does not apply now (a guardian left); null when it applies or there is none. */
  problem: string | null;
}
