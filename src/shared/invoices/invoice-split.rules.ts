/**
 * Split invoices (issue 45): a household's invoice goes out as one invoice per guardian, each with
 * their share of every line. Cents are apportioned by the largest-remainder method, so each line's
 * shares add up exactly to the line (and so every total to the household's total); no floating point.
 *
 * Two kinds of split:
 * - shares: each guardian a share in basis points (100 % = 10,000), e.g. 50/50, 70/30, 33.33/33.33/33.34;
 * - per student: each student's lines wholly to a named guardian. Lines with no student of the split
 *   (an extra such as a recital fee, or a lesson of a student the split does not name) are shared
 *   equally between the guardians the split names, with the largest remainder too.
 * A guardian whose weight on every line is 0 (a 0 % share) gets no invoice.
 */

export const BASIS_POINTS_WHOLE = 10_000;
export const SPLIT_ENTRIES_MAX = 6;

export type SplitKind = "shares" | "per_student";

export type SplitRule =
  | { kind: "shares"; shares: readonly { guardianId: string; basisPoints: number }[] }
  | { kind: "per_student"; students: readonly { studentId: string; guardianId: string }[] };

export interface SplitLineInput {
  amountCents: number;
  /** The lesson's student; null for an extra line. */
  studentId: string | null;
}

export interface GuardianShare {
  guardianId: string;
  /** Per input line, in order: null when the line is not on this guardian's invoice at all. */
  lineCents: (number | null)[];
  totalCents: number;
}

/**
 * `cents` in parts proportional to `weights` (non-negative integers, not all 0), each the floor of
 * its exact part, the cents left over going one each to the largest remainders (ties: the earlier
 * weight). The parts always sum to `cents`.
 */
export function apportionCents(cents: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError("cents must be a non-negative integer");
  if (total <= 0 || weights.some((weight) => !Number.isSafeInteger(weight) || weight < 0)) throw new RangeError("weights must be non-negative integers, not all 0");
  const parts = weights.map((weight) => Math.floor((cents * weight) / total));
  const remainders = weights.map((weight, index) => ({ index, remainder: (cents * weight) % total }));
  let left = cents - parts.reduce((sum, part) => sum + part, 0);
  for (const { index } of [...remainders].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left === 0) break;
    if (weights[index] === 0) continue;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

/** The guardians a split names, in its order, each once. */
export function splitGuardians(rule: SplitRule): string[] {
  const ids = rule.kind === "shares" ? rule.shares.map((share) => share.guardianId) : rule.students.map((entry) => entry.guardianId);
  return [...new Set(ids)];
}

/** Each guardian's weight on one line (same order as splitGuardians). */
function lineWeights(rule: SplitRule, guardians: readonly string[], line: SplitLineInput): number[] {
  if (rule.kind === "shares") {
    return guardians.map((guardianId) => rule.shares.find((share) => share.guardianId === guardianId)?.basisPoints ?? 0);
  }
  const owner = line.studentId ? rule.students.find((entry) => entry.studentId === line.studentId)?.guardianId : undefined;
  return guardians.map((guardianId) => (owner === undefined ? 1 : guardianId === owner ? 1 : 0));
}

/**
 * Splits the lines: one entry per guardian with a nonzero weight on at least one line (their
 * invoice), their cents of each line (null: the line is not theirs). Per line, the parts add up
 * exactly to the line's amount.
 */
export function splitLines(rule: SplitRule, lines: readonly SplitLineInput[]): GuardianShare[] {
  const guardians = splitGuardians(rule);
  const perGuardian = guardians.map(() => [] as (number | null)[]);
  for (const line of lines) {
    const weights = lineWeights(rule, guardians, line);
    const parts = apportionCents(line.amountCents, weights);
    parts.forEach((part, index) => perGuardian[index]!.push(weights[index]! > 0 ? part : null));
  }
  return guardians
    .map((guardianId, index) => {
      const lineCents = perGuardian[index]!;
      return { guardianId, lineCents, totalCents: lineCents.reduce<number>((sum, cents) => sum + (cents ?? 0), 0) };
    })
    .filter((share) => share.lineCents.some((cents) => cents !== null));
}

/** "50 %", "33.33 %": a share as the invoice names it. */
export function shareLabel(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const rest = basisPoints % 100;
  return rest === 0 ? `${whole} %` : `${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")} %`;
}

/** What an invoice of one guardian's share says it is, for its heading and each line. */
export function shareNote(rule: SplitRule, guardianId: string): string {
  if (rule.kind === "per_student") return "per-student share";
  const share = rule.shares.find((entry) => entry.guardianId === guardianId);
  return `${shareLabel(share?.basisPoints ?? 0)} share`;
}

export interface HouseholdMember {
  guardianId: string;
  name: string;
}

/**
 * Why a stored split no longer applies, or null when it does: a guardian it names has left the
 * household (or deleted their account), or a student it names is no longer the household's. The
 * household then gets one invoice, as without a split, until the teacher changes the split.
 */
export function splitProblem(rule: SplitRule, guardians: readonly HouseholdMember[], studentIds: readonly string[], namesOfGone: ReadonlyMap<string, string>): string | null {
  const members = new Set(guardians.map((guardian) => guardian.guardianId));
  const gone = splitGuardians(rule).filter((guardianId) => !members.has(guardianId));
  if (gone.length) {
    const names = gone.map((guardianId) => namesOfGone.get(guardianId) ?? "A guardian");
    return `${names.join(" and ")} ${gone.length === 1 ? "is" : "are"} no longer in this household, so the split does not apply: new invoices go to the household as one until you change the split.`;
  }
  if (rule.kind === "per_student") {
    const students = new Set(studentIds);
    if (rule.students.some((entry) => !students.has(entry.studentId))) {
      return "A student the split names is no longer in this household, so the split does not apply: new invoices go to the household as one until you change the split.";
    }
  }
  return null;
}
