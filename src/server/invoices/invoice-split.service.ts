import { AppError } from "../../shared/errors";
import { splitProblem, type SplitRule } from "../../shared/invoices/invoice-split.rules";
import { FAMILY_NOT_FOUND_MESSAGE, UNKNOWN_GUARDIAN_MESSAGE, UNKNOWN_STUDENT_MESSAGE, type HouseholdSplitDTO, type HouseholdSplitInput } from "../../shared/invoices/invoice-split.schemas";
import type { Executor } from "../db/client";
import type { Deps } from "../deps";
import * as splitRepo from "./invoice-split.repo";
import * as repo from "./invoices.repo";

/**
 * A household's split with a teacher (issue 45): set, read and removed by the teacher of a family
 * they teach (requireFamily: the same rule as invoicing), read when an invoice is made.
 */

/** One of the teacher's families (the rule invoicing uses); 404 for anyone else's. */
async function requireFamily(db: Executor, teacherId: string, parentId: string) {
  const family = await repo.familyContactOfTeacher(db, teacherId, parentId);
  if (!family) throw new AppError("not_found", FAMILY_NOT_FOUND_MESSAGE);
  return family;
}

const GONE_GUARDIAN = "A guardian who deleted their account";

function ruleOf(split: NonNullable<Awaited<ReturnType<typeof splitRepo.splitOf>>>): SplitRule {
  // A guardian gone with their account (guardian_id null) is kept as a name that matches nobody, so the split stops applying.
  const idOf = (entry: splitRepo.SplitEntryRow) => entry.guardianId ?? `gone:${entry.position}`;
  return split.kind === "shares"
    ? { kind: "shares", shares: split.entries.map((entry) => ({ guardianId: idOf(entry), basisPoints: entry.basisPoints ?? 0 })) }
    : { kind: "per_student", students: split.entries.map((entry) => ({ studentId: entry.studentId ?? "", guardianId: idOf(entry) })) };
}

function goneNames(split: NonNullable<Awaited<ReturnType<typeof splitRepo.splitOf>>>): Map<string, string> {
  return new Map(split.entries.map((entry) => [entry.guardianId ?? `gone:${entry.position}`, entry.guardianId ? (entry.guardianName ?? GONE_GUARDIAN) : GONE_GUARDIAN]));
}

export interface SplitInForce {
  rule: SplitRule;
  guardians: Map<string, { name: string; email: string }>;
}

/**
 * The household's split as an invoice made now applies it; null when there is none or it no
 * longer applies (splitProblem): the household then gets one invoice, as without a split.
 */
export async function splitInForce(db: Executor, teacherId: string, householdId: string): Promise<SplitInForce | null> {
  const split = await splitRepo.splitOf(db, teacherId, householdId);
  if (!split) return null;
  // Sequential reads: it runs in the invoice's transaction.
  const guardians = await splitRepo.householdGuardians(db, householdId);
  const students = await splitRepo.householdStudents(db, teacherId, householdId);
  const rule = ruleOf(split);
  if (splitProblem(rule, guardians, students.map((student) => student.studentId), goneNames(split))) return null;
  return { rule, guardians: new Map(guardians.map((guardian) => [guardian.guardianId, { name: guardian.name, email: guardian.email }])) };
}

export async function readSplit(deps: Pick<Deps, "db">, teacherId: string, parentId: string): Promise<HouseholdSplitDTO> {
  const family = await requireFamily(deps.db, teacherId, parentId);
  const [split, guardians, students] = await Promise.all([
    splitRepo.splitOf(deps.db, teacherId, parentId),
    splitRepo.householdGuardians(deps.db, parentId),
    splitRepo.householdStudents(deps.db, teacherId, parentId),
  ]);
  const nameOf = (entry: splitRepo.SplitEntryRow) => (entry.guardianId ? (entry.guardianName ?? GONE_GUARDIAN) : GONE_GUARDIAN);
  return {
    parentId,
    familyName: `${family.firstName} ${family.lastName}`,
    guardians: guardians.map(({ guardianId, name, email }) => ({ guardianId, name, email })),
    students: students.filter((student) => student.taught || split?.entries.some((entry) => entry.studentId === student.studentId)).map(({ studentId, name }) => ({ studentId, name })),
    split: !split
      ? null
      : split.kind === "shares"
        ? { kind: "shares", shares: split.entries.map((entry) => ({ guardianId: entry.guardianId, name: nameOf(entry), basisPoints: entry.basisPoints ?? 0 })) }
        : {
            kind: "per_student",
            students: split.entries.map((entry) => ({ studentId: entry.studentId ?? "", studentName: entry.studentName ?? "", guardianId: entry.guardianId, name: nameOf(entry) })),
          },
    problem: split ? splitProblem(ruleOf(split), guardians, students.map((student) => student.studentId), goneNames(split)) : null,
  };
}

/** Every guardian the split names is in the household now; every student is the household's. */
function refuseStrangers(input: HouseholdSplitInput, guardianIds: Set<string>, studentIds: Set<string>): void {
  const entries = input.kind === "shares" ? input.shares : input.students;
  const badGuardian = entries.findIndex((entry) => !guardianIds.has(entry.guardianId));
  if (badGuardian >= 0) {
    throw new AppError("validation", UNKNOWN_GUARDIAN_MESSAGE, { fields: { [`${input.kind === "shares" ? "shares" : "students"}.${badGuardian}.guardianId`]: UNKNOWN_GUARDIAN_MESSAGE } });
  }
  if (input.kind === "per_student") {
    const badStudent = input.students.findIndex((entry) => !studentIds.has(entry.studentId));
    if (badStudent >= 0) throw new AppError("validation", UNKNOWN_STUDENT_MESSAGE, { fields: { [`students.${badStudent}.studentId`]: UNKNOWN_STUDENT_MESSAGE } });
  }
}

export async function saveSplit(deps: Pick<Deps, "db">, teacherId: string, parentId: string, input: HouseholdSplitInput, now = new Date()): Promise<HouseholdSplitDTO> {
  await requireFamily(deps.db, teacherId, parentId);
  await deps.db.transaction(async (tx) => {
    const guardians = await splitRepo.householdGuardians(tx, parentId);
    const students = await splitRepo.householdStudents(tx, teacherId, parentId);
    refuseStrangers(input, new Set(guardians.map((guardian) => guardian.guardianId)), new Set(students.map((student) => student.studentId)));
    await splitRepo.replaceSplit(tx, teacherId, parentId, input, now);
  });
  return readSplit(deps, teacherId, parentId);
}

export async function removeSplit(deps: Pick<Deps, "db">, teacherId: string, parentId: string): Promise<HouseholdSplitDTO> {
  await requireFamily(deps.db, teacherId, parentId);
  await splitRepo.deleteSplit(deps.db, teacherId, parentId);
  return readSplit(deps, teacherId, parentId);
}
