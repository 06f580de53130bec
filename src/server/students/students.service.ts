import { AppError } from "../../shared/errors";
import {
  REPERTOIRE_NOT_FOUND_MESSAGE,
  STUDENT_NOT_FOUND_MESSAGE,
  type RepertoireCreate,
  type RepertoireEntry,
  type StudentCreate,
  type StudentProfile,
  type StudentSummary,
  type StudentUpdate,
} from "../../shared/students/students.schemas";
import type { ParentSignUp } from "../../shared/accounts/accounts.schemas";
import type { Executor } from "../db/client";
import type { Deps } from "../deps";
import * as repo from "./students.repo";

/**
 * Student profiles of one parent. `parentId` comes from the session (requireParent), never from
 * the request; another parent's student answers 404, exactly like one that does not exist.
 */

const studentNotFound = () => new AppError("not_found", STUDENT_NOT_FOUND_MESSAGE);

export function listStudents(deps: Pick<Deps, "db">, parentId: string): Promise<StudentSummary[]> {
  return repo.listStudents(deps.db, parentId);
}

export function addStudent(deps: Pick<Deps, "db">, parentId: string, input: StudentCreate): Promise<StudentSummary> {
  return repo.insertStudent(deps.db, parentId, input);
}

export async function getStudent(deps: Pick<Deps, "db">, parentId: string, studentId: string): Promise<StudentProfile> {
  const student = await repo.findStudent(deps.db, parentId, studentId);
  if (!student) throw studentNotFound();
  return student;
}

export async function updateStudent(
  deps: Pick<Deps, "db">,
  parentId: string,
  studentId: string,
  patch: StudentUpdate,
): Promise<StudentProfile> {
  if (!(await repo.updateStudent(deps.db, parentId, studentId, patch))) throw studentNotFound();
  return getStudent(deps, parentId, studentId);
}

export async function addRepertoireEntry(
  deps: Pick<Deps, "db">,
  parentId: string,
  studentId: string,
  input: RepertoireCreate,
): Promise<RepertoireEntry> {
  if (!(await repo.isOwnStudent(deps.db, parentId, studentId))) throw studentNotFound();
  return repo.insertRepertoire(deps.db, studentId, input);
}

export async function deleteRepertoireEntry(
  deps: Pick<Deps, "db">,
  parentId: string,
  studentId: string,
  entryId: string,
): Promise<void> {
  if (!(await repo.isOwnStudent(deps.db, parentId, studentId))) throw studentNotFound();
  if (!(await repo.deleteRepertoire(deps.db, studentId, entryId))) {
    throw new AppError("not_found", REPERTOIRE_NOT_FOUND_MESSAGE);
  }
}

/** Parent sign-up creates the first student in its own transaction (`tx`). */
export function insertFirstStudent(tx: Executor, parentId: string, student: ParentSignUp["student"]): Promise<void> {
  return repo.insertFirstStudent(tx, parentId, student);
}

/** Account deletion (spec section 4): a parent's students go first, in the deletion's transaction. */
export function deleteAccountData(tx: Executor, parentId: string): Promise<void> {
  return repo.deleteStudentsOfParent(tx, parentId);
}
