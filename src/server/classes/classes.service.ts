import { DELETED_TEACHER_NAME } from "../../shared/accounts/accounts.constants";
import { randomInt } from "node:crypto";
import {
  CLASS_TAKEN_MESSAGE,
  EARLIER_STUDENT_NAME,
  JOIN_CODE_NOT_FOUND_MESSAGE,
  type ClassDetail,
  type ClassListQuery,
  type ClassSummary,
  type EarlierStudent,
  type ViewerRole,
  DELETED_USER_NAME,
  CLASS_NOT_FOUND_MESSAGE,
} from "../../shared/classes/classes.api";
import type { ClassStatus } from "../../shared/classes/classes.constants";
import { type ClassCreate, type ClassJoin, type ClassUpdate, type ProgressMetrics } from "../../shared/classes/classes.schemas";
import { generateJoinCode } from "../../shared/classes/join-code.rules";
import { freshProgressForNextStudent, newClassProgress } from "../../shared/classes/progress.rules";
import { AppError } from "../../shared/errors";
import { resolveRole } from "../auth";
import type { Executor } from "../db/client";
import type { Deps } from "../deps";
import { pgErrorCode } from "../http/errors";
import { getStudent } from "../students";
import { classPracticeXp } from "../practice";
import * as repo from "./classes.repo";

import {
  authorize,
  checkedProgress,
  classNotFound,
  currentEnrolmentOf,
  inLockedClass,
  inLockedClassAs,
  readProgress,
  viewerOf,
  type Viewer,
} from "./class-access";

/** Classes and their enrolment: listing, reading, creating, joining, archiving (class-access.ts says who may). */
// ---------------------------------------------------------------------------------------------
// Reading

function fullName(first: string | null, last: string | null): string {
  return [first, last].filter(Boolean).join(" ");
}

function toSummary(row: repo.ClassRow, role: ViewerRole, progress: ProgressMetrics): ClassSummary {
  // A family's archive is theirs: the teacher's view of the class does not change with it.
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status as ClassStatus,
    // "Deleted teacher" as in lessons, billing and messages (issue 41).
    teacherName: row.teacherId ? fullName(row.teacherFirstName, row.teacherLastName) : DELETED_TEACHER_NAME,
    // No student and no current enrolment: nobody has joined (or the family left). An enrolment
    // (or a parent) without the student: the family deleted their account (issue 26), and the class
    // keeps them as "Deleted user" until the teacher archives it.
    studentName: row.studentId ? fullName(row.studentFirstName, row.studentLastName) : row.parentId || row.enrolmentId ? DELETED_USER_NAME : null,
    joinCode: role === "teacher" ? row.joinCode : null,
    familyArchived: role === "parent" && row.familyArchivedAt !== null,
    format: progress.format,
    lastUpdated: row.lastUpdated.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The caller's classes by role: a teacher's own, or the parent's joined ones. An account holding
 * both profiles lists by `as`, else by its active role.
 */
export async function listClasses(deps: Pick<Deps, "db">, userId: string, query: ClassListQuery): Promise<ClassSummary[]> {
  const viewer = await viewerOf(deps, userId);
  let role: ViewerRole | null = query.as ?? null;
  if (!role) {
    if (viewer.teacherId && viewer.parentId) role = (await resolveRole(deps, userId)).role;
    else role = viewer.teacherId ? "teacher" : viewer.parentId ? "parent" : null;
  }
  const owner =
    role === "teacher" && viewer.teacherId
      ? { teacherId: viewer.teacherId }
      : role === "parent" && viewer.parentId
        ? { parentId: viewer.parentId }
        : null;
  if (!owner) throw new AppError("forbidden", "Classes are only available to parent and teacher accounts.");
  const rows = await repo.listClasses(deps.db, owner, query.status, query.q || undefined);
  const viewerRole: ViewerRole = "teacherId" in owner ? "teacher" : "parent";
  return rows.map((row) => toSummary(row, viewerRole, readProgress(row.progressMetrics)));
}

/** The families that have left, with their child's record: the teacher's history of the class. */
async function earlierStudentsOf(deps: Pick<Deps, "db">, classId: string): Promise<EarlierStudent[]> {
  const enrolments = await repo.listEarlierEnrolments(deps.db, classId);
  const ids = enrolments.map((e) => e.id);
  const [grades, files] = await Promise.all([repo.listGradesOfEnrolments(deps.db, ids), repo.listFilesOfEnrolments(deps.db, ids)]);
  return enrolments.map((enrolment) => ({
    enrolmentId: enrolment.id,
    studentName: enrolment.studentId ? fullName(enrolment.studentFirstName, enrolment.studentLastName) : EARLIER_STUDENT_NAME,
    joinedAt: enrolment.joinedAt.toISOString(),
    leftAt: enrolment.leftAt.toISOString(),
    progress: readProgress(enrolment.finalProgress),
    grades: grades.filter((g) => g.enrolmentId === enrolment.id).map(({ enrolmentId: _, ...grade }) => grade),
    files: files.filter((f) => f.enrolmentId === enrolment.id).map(({ enrolmentId: _, ...file }) => file),
  }));
}

async function detailFor(deps: Pick<Deps, "db">, viewer: Viewer, classId: string): Promise<ClassDetail> {
  const { row, role } = authorize(await repo.findClass(deps.db, classId), viewer, "member");
  const stored = readProgress(row.progressMetrics);
  const [grades, files, earlierStudents, { practice, progress }] = await Promise.all([
    row.enrolmentId ? repo.listGrades(deps.db, row.enrolmentId) : [],
    repo.listFiles(deps.db, classId, row.enrolmentId),
    role === "teacher" ? earlierStudentsOf(deps, classId) : [],
    // Practice XP (issue 29) is added at read time on top of the stored progress, never stored.
    classPracticeXp(deps, classId, stored),
  ]);
  return {
    ...toSummary(row, role, progress),
    viewerRole: role,
    teacherId: row.teacherId,
    teacherCanTeach: row.teacherInGoodStanding,
    teacherUserId: row.teacherUserId,
    studentId: row.studentId,
    parentId: row.parentId,
    enrolledSince: row.enrolledSince?.toISOString() ?? null,
    progress,
    practice,
    grades,
    files,
    earlierStudents,
  };
}

export async function getClass(deps: Pick<Deps, "db">, userId: string, classId: string): Promise<ClassDetail> {
  return detailFor(deps, await viewerOf(deps, userId), classId);
}

/** Dashboard figures (parent "Classes", teacher "active classes"): the owner's active classes. */
/**
 * A lesson booked from a class page carries the class id: the class must be this family's class
 * with this teacher, for this student. Anything else names a class that is not theirs: 404.
 */
export async function assertClassForBooking(
  deps: Pick<Deps, "db">,
  booking: { classId: string; parentId: string; teacherId: string; studentId: string },
): Promise<void> {
  const row = await repo.findClass(deps.db, booking.classId);
  const matches =
    row !== null &&
    row.parentId === booking.parentId &&
    row.teacherId === booking.teacherId &&
    row.studentId === booking.studentId;
  if (!matches) throw new AppError("not_found", CLASS_NOT_FOUND_MESSAGE);
}

export function countActiveClasses(deps: Pick<Deps, "db">, owner: { teacherId: string } | { parentId: string }): Promise<number> {
  return repo.countActiveClasses(deps.db, owner);
}

// ---------------------------------------------------------------------------------------------
// Creating and editing

/** A cryptographic source for join codes: guessable codes would let strangers join. */
const secureRandom = () => randomInt(0, 2 ** 32) / 2 ** 32;
const JOIN_CODE_ATTEMPTS = 5;

/** Runs `write` with fresh codes until one is not taken (unique violation 23505), a few times at most. */
async function withFreshJoinCode<T>(write: (code: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(generateJoinCode(secureRandom));
    } catch (error) {
      if (attempt >= JOIN_CODE_ATTEMPTS || pgErrorCode(error) !== "23505") throw error;
    }
  }
}

export async function createClass(deps: Pick<Deps, "db">, userId: string, teacherId: string, input: ClassCreate): Promise<ClassDetail> {
  const progressMetrics = checkedProgress(newClassProgress(input.format));
  const classId = await withFreshJoinCode((joinCode) =>
    repo.insertClass(deps.db, { teacherId, name: input.name, description: input.description, joinCode, progressMetrics }),
  );
  return getClass(deps, userId, classId);
}

export async function updateClass(deps: Pick<Deps, "db">, userId: string, classId: string, patch: ClassUpdate): Promise<ClassDetail> {
  await inLockedClass(deps, userId, classId, "teacher", (tx) => repo.updateClass(tx, classId, patch));
  return getClass(deps, userId, classId);
}

/** A new code replaces the old one, which stops working at once. */
export async function resetJoinCode(deps: Pick<Deps, "db">, userId: string, classId: string): Promise<{ joinCode: string }> {
  const viewer = await viewerOf(deps, userId);
  authorize(await repo.findClass(deps.db, classId), viewer, "teacher");
  // One statement per attempt, outside a transaction: a unique violation would abort a transaction.
  return withFreshJoinCode(async (joinCode) => {
    if (!(await repo.updateClass(deps.db, classId, { joinCode }))) throw classNotFound();
    return { joinCode };
  });
}

// ---------------------------------------------------------------------------------------------
// The parent's side: join, archive, disenroll

/**
 * Ends the class's current enrolment behind the class's lock: the child's progress stays with the
 * enrolment (for the teacher), the class gets a fresh progress with its format and categories, and
 * the family's place is cleared. The enrolment's grades and files stay with it.
 */
async function endCurrentEnrolment(tx: Executor, row: repo.LockedClass, enrolmentId: string | null): Promise<void> {
  const progress = readProgress(row.progressMetrics);
  if (enrolmentId) await repo.endEnrolment(tx, enrolmentId, progress);
  await repo.updateClass(tx, row.id, {
    studentId: null,
    parentId: null,
    progressMetrics: checkedProgress(freshProgressForNextStudent(progress)),
  });
}

/**
 * join_class_by_code in one transaction: the active class with the code is locked, so two families
 * racing for it cannot both join; the one that comes second gets 409 (and should the lock ever be
 * bypassed, class_enrolments_current_key refuses a second current enrolment). The family starts a
 * new enrolment with a fresh progress: nothing of an earlier family's record comes with the class.
 */
export async function joinClass(deps: Pick<Deps, "db">, userId: string, parentId: string, input: ClassJoin): Promise<ClassDetail> {
  // 404 Student not found for a student of another parent (or none).
  await getStudent(deps, parentId, input.studentId);
  const classId = await deps.db.transaction(async (tx) => {
    const row = await repo.lockActiveClassByCode(tx, input.code);
    if (!row) throw new AppError("not_found", JOIN_CODE_NOT_FOUND_MESSAGE);
    if (row.studentId !== null || row.parentId !== null) throw new AppError("conflict", CLASS_TAKEN_MESSAGE);
    // An enrolment still current with nobody in the class: its family deleted their account. The
    // class keeps that "Deleted user" until the teacher archives it (issue 26).
    if (await repo.findCurrentEnrolment(tx, row.id)) throw new AppError("conflict", CLASS_TAKEN_MESSAGE);
    await repo.insertEnrolment(tx, { classId: row.id, parentId, studentId: input.studentId });
    await repo.updateClass(tx, row.id, {
      studentId: input.studentId,
      parentId,
      progressMetrics: checkedProgress(freshProgressForNextStudent(readProgress(row.progressMetrics))),
    });
    return row.id;
  });
  return getClass(deps, userId, classId);
}

/**
 * Archive. The family's is per family (decisions.md section 6): it moves the class to this
 * family's archived classes and changes nothing the teacher sees (status, lists, last_updated).
 * The teacher's archives the class itself (the family sees it archived too); a family that deleted
 * their account leaves the class then, their child's record kept with the ended enrolment under
 * Earlier students, so the class is free for a new family once unarchived (issue 26).
 */
export async function archiveClass(deps: Pick<Deps, "db">, userId: string, classId: string): Promise<ClassDetail> {
  await inLockedClassAs(deps, userId, classId, async (tx, row, role) => {
    if (role === "parent") return repo.setEnrolmentArchived(tx, currentEnrolmentOf(row), true);
    if (row.enrolment && row.parentId === null) await endCurrentEnrolment(tx, row, row.enrolment.id);
    await repo.updateClass(tx, classId, { status: "archived" });
  });
  return getClass(deps, userId, classId);
}

/** Brings the class back: to this family's active classes, or (the teacher) to the teacher's. */
export async function unarchiveClass(deps: Pick<Deps, "db">, userId: string, classId: string): Promise<ClassDetail> {
  await inLockedClassAs(deps, userId, classId, async (tx, row, role) => {
    if (role === "parent") return repo.setEnrolmentArchived(tx, currentEnrolmentOf(row), false);
    await repo.updateClass(tx, classId, { status: "active" });
  });
  return getClass(deps, userId, classId);
}

/**
 * Ends the family's enrolment: the class leaves the parent's account for good, and the child's
 * record (grades, files, progress) leaves with the child, kept for the teacher only.
 */
export async function disenroll(deps: Pick<Deps, "db">, userId: string, classId: string): Promise<{ disenrolled: true }> {
  await inLockedClass(deps, userId, classId, "parent", (tx, row) => endCurrentEnrolment(tx, row, row.enrolment?.id ?? null));
  return { disenrolled: true };
}
