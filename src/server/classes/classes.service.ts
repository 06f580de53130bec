import { randomInt, randomUUID } from "node:crypto";
import {
  CLASS_NOT_FOUND_MESSAGE,
  CLASS_TAKEN_MESSAGE,
  classFileNameSchema,
  FILE_NAME_HEADER,
  FILE_NAME_REQUIRED_MESSAGE,
  DELETED_USER_NAME,
  EARLIER_GRADE_MESSAGE,
  EARLIER_STUDENT_NAME,
  FILE_NOT_FOUND_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_MESSAGE,
  GRADE_CATEGORY_MESSAGE,
  GRADE_NOT_FOUND_MESSAGE,
  JOIN_CODE_NOT_FOUND_MESSAGE,
  MAX_CLASS_FILE_BYTES,
  NO_STUDENT_MESSAGE,
  PARENT_ONLY_MESSAGE,
  TEACHER_ONLY_MESSAGE,
  type ClassDetail,
  type ClassFile,
  type ClassListQuery,
  type ClassSummary,
  type EarlierStudent,
  type GradeResponse,
  type UnlockResponse,
  type ViewerRole,
} from "../../shared/classes/classes.api";
import type { ClassStatus } from "../../shared/classes/classes.constants";
import {
  progressMetricsSchema,
  type CategoriesEdit,
  type ClassCreate,
  type ClassJoin,
  type ClassUpdate,
  type GradeData,
  type ProgressMetrics,
} from "../../shared/classes/classes.schemas";
import { GRADE_DATE_RANGE_MESSAGE, gradeDateInClassLife, recalculateGradeProgress } from "../../shared/classes/grades.rules";
import { generateJoinCode } from "../../shared/classes/join-code.rules";
import {
  categoryNamed,
  editCategories,
  freshProgressForNextStudent,
  newClassProgress,
  setCategoryValue,
  switchProgressFormat,
  unlockAchievement,
} from "../../shared/classes/progress.rules";
import { AppError } from "../../shared/errors";
import { findProfileIds, resolveRole } from "../auth/roles.service";
import type { Executor, Tx } from "../db/client";
import type { Storage } from "../files/storage";
import type { Deps } from "../http/app-env";
import { pgErrorCode } from "../http/errors";
import { getStudent } from "../students/students.service";
import { checkedUpload } from "../files/checked-upload";
import type { ContainerKind } from "../files/container-structure";
import { classPracticeXp } from "../practice/practice-figures.service";
import { CLASS_FILE_SNIFF_BYTES, sniffClassFileType } from "./class-file-type";
import * as repo from "./classes.repo";

const STRUCTURE_OF: Partial<Record<string, ContainerKind>> = { pdf: "pdf", mp4: "iso", mov: "iso", m4a: "iso", webm: "ebml" };

/**
 * Classes (spec sections 2, 4-8; decisions.md section 3). Who may do what is decided here from the
 * session's profiles, never from the request:
 * - the class's teacher and its parent see it; anyone else gets 404 Class not found, exactly as if
 *   it did not exist (its existence is not revealed to strangers);
 * - only the teacher edits the class, its progress, grades and files; only the parent archives,
 *   unarchives or disenrolls; the other member of the class gets 403.
 * A family's time in the class is an enrolment: the child's grades, the files uploaded meanwhile
 * and the progress belong to it. The family sees only its own enrolment's record (and the class's
 * own material); the teacher sees every enrolment's, the earlier ones as "earlier students". The
 * family archives the class for itself only (decisions.md section 6).
 * Every change of progress_metrics is a read-modify-write under the class row's lock
 * (SELECT … FOR UPDATE) in one transaction, and the result passes progressMetricsSchema before it
 * is written.
 */

interface Viewer {
  teacherId: string | null;
  parentId: string | null;
}

const classNotFound = () => new AppError("not_found", CLASS_NOT_FOUND_MESSAGE);

function roleIn(row: { teacherId: string | null; parentId: string | null }, viewer: Viewer): ViewerRole | null {
  if (viewer.teacherId !== null && row.teacherId === viewer.teacherId) return "teacher";
  if (viewer.parentId !== null && row.parentId === viewer.parentId) return "parent";
  return null;
}

/** The viewer's role in the class; 404 for a stranger, 403 for the class's other member. */
function authorize<Row extends { teacherId: string | null; parentId: string | null }>(
  row: Row | null,
  viewer: Viewer,
  needed: ViewerRole | "member",
): { row: Row; role: ViewerRole } {
  const role = row ? roleIn(row, viewer) : null;
  if (!row || !role) throw classNotFound();
  if (needed !== "member" && role !== needed) {
    throw new AppError("forbidden", needed === "teacher" ? TEACHER_ONLY_MESSAGE : PARENT_ONLY_MESSAGE);
  }
  return { row, role };
}

// ---------------------------------------------------------------------------------------------
// progress_metrics on read and write

/**
 * The stored progress. A row holding exactly `{}` (never written by this code, but a valid jsonb
 * for the NOT NULL column, e.g. from a hand-made insert) reads as a new xp class's progress: it
 * claims nothing, so nothing is invented. Anything else that fails the schema is a bug: it is not
 * patched over with made-up figures but raised, logged by the error middleware, and answered 500.
 */
export function readProgress(raw: unknown): ProgressMetrics {
  if (raw !== null && typeof raw === "object" && !Array.isArray(raw) && Object.keys(raw).length === 0) {
    return newClassProgress("xp");
  }
  const parsed = progressMetricsSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`classes.progress_metrics fails progressMetricsSchema: ${parsed.error.message}`);
  return parsed.data;
}

/** Every write goes through the schema: a rule that produced a malformed value must not store it. */
function checkedProgress(progress: ProgressMetrics): ProgressMetrics {
  return progressMetricsSchema.parse(progress);
}

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
    teacherName: row.teacherId ? fullName(row.teacherFirstName, row.teacherLastName) : DELETED_USER_NAME,
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

async function viewerOf(deps: Pick<Deps, "db">, userId: string): Promise<Viewer> {
  return findProfileIds(deps.db, userId);
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

/** The class row as locked, with its current enrolment read behind the lock. */
type LockedClassState = repo.LockedClass & { enrolment: { id: string; archivedAt: Date | null } | null };

/** Runs `work` in one transaction holding the class row's lock, once the viewer's role allows it. */
async function inLockedClass<T>(
  deps: Pick<Deps, "db">,
  userId: string,
  classId: string,
  needed: ViewerRole,
  work: (tx: Tx, row: LockedClassState) => Promise<T>,
): Promise<T> {
  const viewer = await viewerOf(deps, userId);
  return deps.db.transaction(async (tx) => {
    const { row } = authorize(await repo.lockClass(tx, classId), viewer, needed);
    return work(tx, { ...row, enrolment: await repo.findCurrentEnrolment(tx, classId) });
  });
}

/** As inLockedClass, for either member of the class, told which one the viewer is. */
async function inLockedClassAs<T>(
  deps: Pick<Deps, "db">,
  userId: string,
  classId: string,
  work: (tx: Tx, row: LockedClassState, role: ViewerRole) => Promise<T>,
): Promise<T> {
  const viewer = await viewerOf(deps, userId);
  return deps.db.transaction(async (tx) => {
    const { row, role } = authorize(await repo.lockClass(tx, classId), viewer, "member");
    return work(tx, { ...row, enrolment: await repo.findCurrentEnrolment(tx, classId) }, role);
  });
}

/** The current enrolment of a locked class, for what only a child can have (grades, xp); 409 without one. */
function currentEnrolmentOf(row: LockedClassState): string {
  if (!row.enrolment) throw new AppError("conflict", NO_STUDENT_MESSAGE);
  return row.enrolment.id;
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

// ---------------------------------------------------------------------------------------------
// Progress

async function changeProgress<R extends { progress: ProgressMetrics }>(
  deps: Pick<Deps, "db">,
  userId: string,
  classId: string,
  change: (progress: ProgressMetrics, tx: Tx, row: LockedClassState) => Promise<R> | R,
): Promise<R> {
  const result = await inLockedClass(deps, userId, classId, "teacher", async (tx, row) => {
    const result = await change(readProgress(row.progressMetrics), tx, row);
    const progress = checkedProgress(result.progress);
    await repo.updateClass(tx, classId, { progressMetrics: progress });
    return { ...result, progress };
  });
  // Answered as the class page shows it: with practice XP on top (issue 29), read after the
  // transaction (the global db inside it would deadlock PGlite). What is stored stays without it.
  const { progress } = await classPracticeXp(deps, classId, result.progress);
  return { ...result, progress };
}

/**
 * Switching keeps every category's xp and grade data; only the overall changes meaning. Format and
 * categories are how the class is run, so they can be set before anyone joins; values, achievements
 * and grades are a child's, so they need one (409 otherwise).
 */
export function setFormat(deps: Pick<Deps, "db">, userId: string, classId: string, format: ProgressMetrics["format"]) {
  return changeProgress(deps, userId, classId, (progress) => ({ progress: switchProgressFormat(progress, format) }));
}

export function setCategoryValueOf(deps: Pick<Deps, "db">, userId: string, classId: string, categoryId: string, value: number) {
  return changeProgress(deps, userId, classId, (progress, _tx, row) => {
    currentEnrolmentOf(row);
    return { progress: setCategoryValue(progress, categoryId, value) };
  });
}

/** New categories get their grade scores from the current student's grades at once (grade format shows them). */
export function editCategoriesOf(deps: Pick<Deps, "db">, userId: string, classId: string, edit: CategoriesEdit) {
  return changeProgress(deps, userId, classId, async (progress, tx, row) => ({
    progress: await recalculated(tx, row, editCategories(progress, edit.categories)),
  }));
}

export function unlock(
  deps: Pick<Deps, "db">,
  userId: string,
  classId: string,
  categoryId: string,
  achievementId: string,
): Promise<UnlockResponse> {
  return changeProgress(deps, userId, classId, (progress, _tx, row) => {
    currentEnrolmentOf(row);
    return unlockAchievement(progress, categoryId, achievementId);
  });
}

// ---------------------------------------------------------------------------------------------
// Grades: every change recalculates the scores in the same transaction.

/**
 * The grade's category as the class spells it; 400 when the class has no such category, or when
 * its date is outside the class's life (before the class began, or more than a year from today).
 */
function gradeInClass(progress: ProgressMetrics, grade: GradeData, row: LockedClassState): GradeData {
  const category = categoryNamed(progress, grade.category);
  if (!category) throw new AppError("validation", GRADE_CATEGORY_MESSAGE, { fields: { category: GRADE_CATEGORY_MESSAGE } });
  if (grade.date && !gradeDateInClassLife(grade.date, row.createdAt, new Date())) {
    throw new AppError("validation", GRADE_DATE_RANGE_MESSAGE, { fields: { date: GRADE_DATE_RANGE_MESSAGE } });
  }
  return { ...grade, category: category.name };
}

/** The scores from the current enrolment's grades only: an earlier child's grades are not this child's. */
async function recalculated(tx: Tx, row: LockedClassState, progress: ProgressMetrics): Promise<ProgressMetrics> {
  return recalculateGradeProgress(progress, row.enrolment ? await repo.listGrades(tx, row.enrolment.id) : []);
}

/**
 * The current enrolment, for a change of one of its grades: 409 for a grade of an earlier
 * enrolment (kept as it was, the child's record), 404 for one the class does not have.
 */
async function enrolmentOfGrade(tx: Tx, row: LockedClassState, gradeId: string): Promise<string> {
  const enrolmentId = await repo.findGradeEnrolment(tx, row.id, gradeId);
  if (!enrolmentId) throw new AppError("not_found", GRADE_NOT_FOUND_MESSAGE);
  if (enrolmentId !== row.enrolment?.id) throw new AppError("conflict", EARLIER_GRADE_MESSAGE);
  return enrolmentId;
}

export function addGrade(deps: Pick<Deps, "db">, userId: string, classId: string, input: GradeData): Promise<GradeResponse> {
  return changeProgress(deps, userId, classId, async (progress, tx, row) => {
    const enrolmentId = currentEnrolmentOf(row);
    const grade = await repo.insertGrade(tx, classId, enrolmentId, gradeInClass(progress, input, row));
    return { grade, progress: await recalculated(tx, row, progress) };
  });
}

export function editGrade(
  deps: Pick<Deps, "db">,
  userId: string,
  classId: string,
  gradeId: string,
  input: GradeData,
): Promise<GradeResponse> {
  return changeProgress(deps, userId, classId, async (progress, tx, row) => {
    const enrolmentId = await enrolmentOfGrade(tx, row, gradeId);
    const grade = await repo.updateGrade(tx, enrolmentId, gradeId, gradeInClass(progress, input, row));
    if (!grade) throw new AppError("not_found", GRADE_NOT_FOUND_MESSAGE);
    return { grade, progress: await recalculated(tx, row, progress) };
  });
}

export function deleteGrade(deps: Pick<Deps, "db">, userId: string, classId: string, gradeId: string) {
  return changeProgress(deps, userId, classId, async (progress, tx, row) => {
    const enrolmentId = await enrolmentOfGrade(tx, row, gradeId);
    if (!(await repo.deleteGrade(tx, enrolmentId, gradeId))) throw new AppError("not_found", GRADE_NOT_FOUND_MESSAGE);
    return { deleted: true as const, progress: await recalculated(tx, row, progress) };
  });
}

// ---------------------------------------------------------------------------------------------
// Files

/** Storage key of a class file (one folder per class). */
export const classFileKey = (classId: string, fileId: string, ext: string) => `class-files/${classId}/${fileId}.${ext}`;

const tooLarge = () => new AppError("payload_too_large", FILE_TOO_LARGE_MESSAGE);
const unsupported = () => new AppError("unsupported_media_type", FILE_TYPE_MESSAGE);

/**
 * Streams a class file to storage. The class's teacher only, checked before a byte is read. At most
 * 25 MB: the declared length is checked first, then every byte is counted as it arrives, so a
 * client that lies is cut off too. The type is decided by the first bytes. Nothing is stored when a
 * check fails: storage.put keeps nothing of a stream that failed.
 * The file belongs to the enrolment current when the upload began (the child the teacher was
 * looking at), even if that family leaves before the last byte arrives; uploaded with nobody in
 * the class, it is the class's own material.
 */
export async function uploadFile(
  deps: Pick<Deps, "db">,
  storage: Storage,
  userId: string,
  classId: string,
  upload: { name: string | undefined; body: ReadableStream<Uint8Array> | null; contentLength: string | undefined },
): Promise<ClassFile> {
  const viewer = await viewerOf(deps, userId);
  const { row } = authorize(await repo.findClass(deps.db, classId), viewer, "teacher");
  const name = classFileNameSchema.safeParse(upload.name);
  if (!name.success) {
    await upload.body?.cancel().catch(() => undefined);
    throw new AppError("validation", FILE_NAME_REQUIRED_MESSAGE, { fields: { [FILE_NAME_HEADER]: FILE_NAME_REQUIRED_MESSAGE } });
  }
  const { type, stream } = await checkedUpload(upload, {
    maxBytes: MAX_CLASS_FILE_BYTES,
    sniffBytes: CLASS_FILE_SNIFF_BYTES,
    sniff: sniffClassFileType,
    // A file that only begins like a PDF or a video (its first bytes, then anything) is refused.
    structureOf: (fileType) => STRUCTURE_OF[fileType.ext],
    tooLarge,
    unsupported,
  });

  const fileId = randomUUID();
  const storageKey = classFileKey(classId, fileId, type.ext);
  const { size } = await storage.put(storageKey, stream);
  try {
    const file = await repo.insertFile(deps.db, {
      id: fileId,
      classId,
      enrolmentId: row.enrolmentId,
      name: name.data,
      storageKey,
      contentType: type.contentType,
      sizeBytes: size,
      uploadedBy: userId,
    });
    await repo.updateClass(deps.db, classId, {});
    return file;
  } catch (error) {
    // The class went away meanwhile (or the row failed): no file without its row.
    await storage.delete(storageKey);
    throw error;
  }
}

export async function deleteFile(deps: Pick<Deps, "db">, storage: Storage, userId: string, classId: string, fileId: string) {
  const storageKey = await inLockedClass(deps, userId, classId, "teacher", async (tx) => {
    const key = await repo.deleteFile(tx, classId, fileId);
    if (!key) throw new AppError("not_found", FILE_NOT_FOUND_MESSAGE);
    await repo.updateClass(tx, classId, {});
    return key;
  });
  // After the commit: a failed delete leaves an orphan file nobody can reach, never a row without its file.
  await storage.delete(storageKey);
  return { deleted: true as const };
}

/**
 * The stored file for the class's teacher (any of the class's files, earlier students' too) or its
 * parent (their own enrolment's files and the class's material); anyone else 404, and a file of an
 * earlier family is 404 for the family in the class now, exactly as if it did not exist.
 */
export async function fileForViewer(
  deps: Pick<Deps, "db">,
  userId: string,
  classId: string,
  fileId: string,
): Promise<{ name: string; storageKey: string; contentType: string }> {
  const viewer = await viewerOf(deps, userId);
  const { row, role } = authorize(await repo.findClass(deps.db, classId), viewer, "member");
  const file = await repo.findFile(deps.db, classId, fileId);
  const visible = file !== null && (role === "teacher" || file.enrolmentId === null || file.enrolmentId === row.enrolmentId);
  if (!visible) throw new AppError("not_found", FILE_NOT_FOUND_MESSAGE);
  return { name: file.name, storageKey: file.storageKey, contentType: file.contentType };
}
