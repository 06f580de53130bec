import { z } from "zod";
import { householdSplitSchema, parsePercent, percentText, SHARE_MESSAGE, type HouseholdSplitDTO } from "../../../shared/invoices/invoice-split.schemas";
import { BASIS_POINTS_WHOLE } from "../../../shared/invoices/invoice-split.rules";

/**
 * The split form (issue 45) holds percents as typed ("50", "33.33") and sends basis points
 * (parsePercent: no floating point); the rest is the shared request schema's, so the browser and
 * the server refuse the same split with the same message.
 */
export const householdSplitFormSchema = z
  .object({
    kind: z.enum(["shares", "per_student"]),
    shares: z.array(z.object({ guardianId: z.string(), percent: z.string() })),
    students: z.array(z.object({ studentId: z.string(), guardianId: z.string() })),
  })
  .transform((form, ctx) => {
    if (form.kind === "per_student") return { kind: "per_student" as const, students: form.students };
    const shares = form.shares.map((share, index) => {
      const basisPoints = parsePercent(share.percent);
      if (basisPoints === null) ctx.addIssue({ code: "custom", path: ["shares", index, "percent"], message: SHARE_MESSAGE });
      return { guardianId: share.guardianId, basisPoints: basisPoints ?? 0 };
    });
    return { kind: "shares" as const, shares };
  })
  .pipe(householdSplitSchema);

export type HouseholdSplitFormInput = z.input<typeof householdSplitFormSchema>;
export type HouseholdSplitFormOutput = z.output<typeof householdSplitFormSchema>;

/** Equal shares to the cent: 50/50, 33.33/33.33/33.34 (the last one takes what is left). */
function equalPercents(count: number): string[] {
  const each = Math.floor(BASIS_POINTS_WHOLE / count);
  return Array.from({ length: count }, (_, index) => percentText(index === count - 1 ? BASIS_POINTS_WHOLE - each * (count - 1) : each));
}

/** The form as it opens: the stored split when it names today's guardians, else equal shares and each student to the first guardian. */
export function splitFormDefaults(data: HouseholdSplitDTO): HouseholdSplitFormInput {
  const stored = data.split;
  const equal = equalPercents(data.guardians.length);
  const storedShare = (guardianId: string) => (stored?.kind === "shares" ? stored.shares.find((share) => share.guardianId === guardianId) : undefined);
  const usesStoredShares = stored?.kind === "shares" && data.problem === null;
  const storedStudent = (studentId: string) => (stored?.kind === "per_student" ? stored.students.find((entry) => entry.studentId === studentId) : undefined);
  const firstGuardian = data.guardians[0]?.guardianId ?? "";
  return {
    kind: stored?.kind ?? "shares",
    shares: data.guardians.map((guardian, index) => ({
      guardianId: guardian.guardianId,
      percent: usesStoredShares ? percentText(storedShare(guardian.guardianId)?.basisPoints ?? 0) : equal[index]!,
    })),
    students: data.students.map((student) => {
      const owner = storedStudent(student.studentId)?.guardianId;
      return { studentId: student.studentId, guardianId: owner && data.guardians.some((guardian) => guardian.guardianId === owner) ? owner : firstGuardian };
    }),
  };
}
