import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { ClassStatus } from "../../shared/classes/classes.constants";
import type { ClassFile, Grade } from "../../shared/classes/classes.api";
import type { GradeData } from "../../shared/classes/classes.schemas";
import { teacherInGoodStanding } from "../db/account-standing";
import type { Executor } from "../db/client";
import { classEnrolments, classes, classFiles, classGrades, studentProfiles, teacherProfiles } from "../db/schema";

/**
 * SQL of the classes feature. Who may see or change a class is decided by the service; these
 * functions take ids the service already checked (or return the ids it checks).
 */

const classColumns = {
  id: classes.id,
  name: classes.name,
  description: classes.description,
  status: classes.status,
  joinCode: classes.joinCode,
  teacherId: classes.teacherId,
  parentId: classes.parentId,
  studentId: classes.studentId,
  progressMetrics: classes.progressMetrics,
  lastUpdated: classes.lastUpdated,
  createdAt: classes.createdAt,
  teacherUserId: teacherProfiles.userId,
  teacherFirstName: teacherProfiles.firstName,
  teacherLastName: teacherProfiles.lastName,
  teacherInGoodStanding: sql<boolean>`coalesce(${teacherInGoodStanding(sql`${classes.teacherId}`)}, false)`, // may be booked, written to (issue 41)
  studentFirstName: studentProfiles.firstName,
  studentLastName: studentProfiles.lastName,
  enrolmentId: classEnrolments.id,
  enrolledSince: classEnrolments.joinedAt,
  familyArchivedAt: classEnrolments.archivedAt,
};

export type ClassRow = {
  id: string;
  name: string;
  description: string;
  status: string;
  joinCode: string;
  teacherId: string | null;
  parentId: string | null;
  studentId: string | null;
  progressMetrics: unknown;
  lastUpdated: Date;
  createdAt: Date;
  teacherUserId: string | null;
  teacherFirstName: string | null;
  teacherLastName: string | null;
  teacherInGoodStanding: boolean;
  studentFirstName: string | null;
  studentLastName: string | null;
  /** The current enrolment (the family in the class now); null while nobody is in it. */
  enrolmentId: string | null;
  enrolledSince: Date | null;
  /** When the family in the class now archived it for themselves. */
  familyArchivedAt: Date | null;
};

/** With the current enrolment, if any (at most one: class_enrolments_current_key). */
function selectClasses(db: Executor) {
  return db
    .select(classColumns)
    .from(classes)
    .leftJoin(teacherProfiles, eq(teacherProfiles.id, classes.teacherId))
    .leftJoin(studentProfiles, eq(studentProfiles.id, classes.studentId))
    .leftJoin(classEnrolments, and(eq(classEnrolments.classId, classes.id), isNull(classEnrolments.leftAt)));
}

/**
 * A parent's classes by status, as that family sees them: archived when the teacher's class is
 * archived or when the family archived it for themselves (decisions.md: archive is per family).
 */
function parentStatusIs(status: ClassStatus): SQL | undefined {
  return status === "active"
    ? and(eq(classes.status, "active"), isNull(classEnrolments.archivedAt))
    : or(eq(classes.status, "archived"), isNotNull(classEnrolments.archivedAt));
}

function ownerStatusIs(owner: { teacherId: string } | { parentId: string }, status: ClassStatus): SQL | undefined {
  return "teacherId" in owner
    ? and(eq(classes.teacherId, owner.teacherId), eq(classes.status, status))
    : and(eq(classEnrolments.parentId, owner.parentId), parentStatusIs(status));
}

/** `%`, `_` and `\` typed in the search box are matched literally. */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listClasses(
  db: Executor,
  owner: { teacherId: string } | { parentId: string },
  status: ClassStatus,
  q: string | undefined,
): Promise<ClassRow[]> {
  const conditions: (SQL | undefined)[] = [ownerStatusIs(owner, status)];
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(
      or(
        ilike(classes.name, pattern),
        ilike(classes.description, pattern),
        ilike(sql`${teacherProfiles.firstName} || ' ' || ${teacherProfiles.lastName}`, pattern),
        ilike(sql`${studentProfiles.firstName} || ' ' || ${studentProfiles.lastName}`, pattern),
      ),
    );
  }
  return selectClasses(db)
    .where(and(...conditions))
    .orderBy(desc(classes.lastUpdated), asc(classes.name), asc(classes.id));
}

export async function findClass(db: Executor, classId: string): Promise<ClassRow | null> {
  const [row] = await selectClasses(db).where(eq(classes.id, classId));
  return row ?? null;
}

export interface LockedClass {
  id: string;
  status: string;
  teacherId: string | null;
  parentId: string | null;
  studentId: string | null;
  progressMetrics: unknown;
  createdAt: Date;
}

const lockedColumns = {
  id: classes.id,
  status: classes.status,
  teacherId: classes.teacherId,
  parentId: classes.parentId,
  studentId: classes.studentId,
  progressMetrics: classes.progressMetrics,
  createdAt: classes.createdAt,
};

/**
 * Locks the class row until the transaction ends: every read-modify-write of progress_metrics and
 * every change of who is in the class runs behind this lock, so concurrent changes serialise.
 */
export async function lockClass(tx: Executor, classId: string): Promise<LockedClass | null> {
  const [row] = await tx.select(lockedColumns).from(classes).where(eq(classes.id, classId)).for("update");
  return row ?? null;
}

/** The active class with this join code, locked (two families joining at once: one wins). */
export async function lockActiveClassByCode(tx: Executor, joinCode: string): Promise<LockedClass | null> {
  const [row] = await tx
    .select(lockedColumns)
    .from(classes)
    .where(and(eq(classes.joinCode, joinCode), eq(classes.status, "active")))
    .for("update");
  return row ?? null;
}

export async function insertClass(
  db: Executor,
  values: { teacherId: string; name: string; description: string; joinCode: string; progressMetrics: unknown },
): Promise<string> {
  const [row] = await db.insert(classes).values(values).returning({ id: classes.id });
  if (!row) throw new Error("insert into classes returned no row");
  return row.id;
}

type ClassChange = Partial<{
  name: string;
  description: string;
  status: ClassStatus;
  joinCode: string;
  parentId: string | null;
  studentId: string | null;
  progressMetrics: unknown;
}>;

/** Applies the change and stamps last_updated; false when there is no such class. */
export async function updateClass(db: Executor, classId: string, change: ClassChange): Promise<boolean> {
  const rows = await db
    .update(classes)
    .set({ ...change, lastUpdated: sql`now()` })
    .where(eq(classes.id, classId))
    .returning({ id: classes.id });
  return rows.length > 0;
}

export async function countActiveClasses(db: Executor, owner: { teacherId: string } | { parentId: string }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(classes)
    .leftJoin(classEnrolments, and(eq(classEnrolments.classId, classes.id), isNull(classEnrolments.leftAt)))
    .where(ownerStatusIs(owner, "active"));
  return Number(row?.n ?? 0);
}

// Enrolments ---------------------------------------------------------------------------------
// Every function here runs behind the class row's lock (lockClass).

/**
 * The class's current enrolment. Read after the class row is locked, in its own statement, so
 * that it sees what the transaction that held the lock before committed.
 */
export async function findCurrentEnrolment(tx: Executor, classId: string): Promise<{ id: string; archivedAt: Date | null } | null> {
  const [row] = await tx
    .select({ id: classEnrolments.id, archivedAt: classEnrolments.archivedAt })
    .from(classEnrolments)
    .where(and(eq(classEnrolments.classId, classId), isNull(classEnrolments.leftAt)));
  return row ?? null;
}

export async function insertEnrolment(tx: Executor, values: { classId: string; parentId: string; studentId: string }): Promise<string> {
  const [row] = await tx.insert(classEnrolments).values(values).returning({ id: classEnrolments.id });
  if (!row) throw new Error("insert into class_enrolments returned no row");
  return row.id;
}

/** Ends the enrolment now, keeping the child's progress as it stood with it. */
export async function endEnrolment(tx: Executor, enrolmentId: string, finalProgress: unknown): Promise<void> {
  await tx
    .update(classEnrolments)
    .set({ leftAt: sql`greatest(now(), ${classEnrolments.joinedAt})`, finalProgress })
    .where(and(eq(classEnrolments.id, enrolmentId), isNull(classEnrolments.leftAt)));
}

/** The family's own archive: set keeps the first time it was archived; null unarchives. */
export async function setEnrolmentArchived(tx: Executor, enrolmentId: string, archived: boolean): Promise<void> {
  await tx
    .update(classEnrolments)
    .set({ archivedAt: archived ? sql`coalesce(${classEnrolments.archivedAt}, now())` : null })
    .where(eq(classEnrolments.id, enrolmentId));
}

export interface EarlierEnrolmentRow {
  id: string;
  studentId: string | null;
  studentFirstName: string | null;
  studentLastName: string | null;
  joinedAt: Date;
  leftAt: Date;
  finalProgress: unknown;
}

/** The class's ended enrolments, the one that ended last first. */
export async function listEarlierEnrolments(db: Executor, classId: string): Promise<EarlierEnrolmentRow[]> {
  const rows = await db
    .select({
      id: classEnrolments.id,
      studentId: classEnrolments.studentId,
      studentFirstName: studentProfiles.firstName,
      studentLastName: studentProfiles.lastName,
      joinedAt: classEnrolments.joinedAt,
      leftAt: classEnrolments.leftAt,
      finalProgress: classEnrolments.finalProgress,
    })
    .from(classEnrolments)
    .leftJoin(studentProfiles, eq(studentProfiles.id, classEnrolments.studentId))
    .where(and(eq(classEnrolments.classId, classId), isNotNull(classEnrolments.leftAt)))
    .orderBy(desc(classEnrolments.leftAt), desc(classEnrolments.joinedAt), desc(classEnrolments.id));
  // leftAt is not null by the where clause.
  return rows.map((row) => ({ ...row, leftAt: row.leftAt! }));
}

// Grades --------------------------------------------------------------------------------------

const gradeColumns = {
  id: classGrades.id,
  title: classGrades.title,
  score: classGrades.score,
  category: classGrades.category,
  feedback: classGrades.feedback,
  date: classGrades.gradedOn,
  createdAt: classGrades.createdAt,
};

function toGrade(row: { createdAt: Date } & Omit<Grade, "createdAt">): Grade {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

const gradeOrder = [desc(classGrades.gradedOn), desc(classGrades.createdAt), desc(classGrades.id)];

/** One enrolment's grades, newest first: by date, then the one entered last. */
export async function listGrades(db: Executor, enrolmentId: string): Promise<Grade[]> {
  const rows = await db
    .select(gradeColumns)
    .from(classGrades)
    .where(eq(classGrades.enrolmentId, enrolmentId))
    .orderBy(...gradeOrder);
  return rows.map(toGrade);
}

/** The grades of several enrolments (a class's earlier students), each with its enrolment. */
export async function listGradesOfEnrolments(db: Executor, enrolmentIds: string[]): Promise<(Grade & { enrolmentId: string })[]> {
  if (enrolmentIds.length === 0) return [];
  const rows = await db
    .select({ ...gradeColumns, enrolmentId: classGrades.enrolmentId })
    .from(classGrades)
    .where(inArray(classGrades.enrolmentId, enrolmentIds))
    .orderBy(...gradeOrder);
  return rows.map(({ enrolmentId, ...row }) => ({ ...toGrade(row), enrolmentId }));
}

/** The enrolment of one of the class's grades; null when the class has no such grade. */
export async function findGradeEnrolment(db: Executor, classId: string, gradeId: string): Promise<string | null> {
  const [row] = await db
    .select({ enrolmentId: classGrades.enrolmentId })
    .from(classGrades)
    .where(and(eq(classGrades.id, gradeId), eq(classGrades.classId, classId)));
  return row?.enrolmentId ?? null;
}

export async function insertGrade(
  tx: Executor,
  classId: string,
  enrolmentId: string,
  grade: GradeData & { category: string },
): Promise<Grade> {
  const [row] = await tx
    .insert(classGrades)
    .values({
      classId,
      enrolmentId,
      title: grade.title,
      score: grade.score,
      category: grade.category,
      feedback: grade.feedback,
      ...(grade.date ? { gradedOn: grade.date } : {}),
    })
    .returning(gradeColumns);
  if (!row) throw new Error("insert into class_grades returned no row");
  return toGrade(row);
}

/** Replaces a grade of the enrolment (its date only when one is given); null when it has no such grade. */
export async function updateGrade(tx: Executor, enrolmentId: string, gradeId: string, grade: GradeData): Promise<Grade | null> {
  const [row] = await tx
    .update(classGrades)
    .set({
      title: grade.title,
      score: grade.score,
      category: grade.category,
      feedback: grade.feedback,
      ...(grade.date ? { gradedOn: grade.date } : {}),
    })
    .where(and(eq(classGrades.id, gradeId), eq(classGrades.enrolmentId, enrolmentId)))
    .returning(gradeColumns);
  return row ? toGrade(row) : null;
}

export async function deleteGrade(tx: Executor, enrolmentId: string, gradeId: string): Promise<boolean> {
  const rows = await tx
    .delete(classGrades)
    .where(and(eq(classGrades.id, gradeId), eq(classGrades.enrolmentId, enrolmentId)))
    .returning({ id: classGrades.id });
  return rows.length > 0;
}

// Files ---------------------------------------------------------------------------------------

const fileColumns = {
  id: classFiles.id,
  classId: classFiles.classId,
  enrolmentId: classFiles.enrolmentId,
  name: classFiles.name,
  storageKey: classFiles.storageKey,
  contentType: classFiles.contentType,
  sizeBytes: classFiles.sizeBytes,
  uploadedAt: classFiles.uploadedAt,
};

type FileRow = Pick<typeof classFiles.$inferSelect, keyof typeof fileColumns>;

export const fileUrl = (classId: string, fileId: string) => `/api/classes/${classId}/files/${fileId}`;

function toFile(row: FileRow): ClassFile {
  return {
    id: row.id,
    name: row.name,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    uploadedAt: row.uploadedAt.toISOString(),
    url: fileUrl(row.classId, row.id),
    sharedWithClass: row.enrolmentId === null,
  };
}

const fileOrder = [desc(classFiles.uploadedAt), desc(classFiles.id)];

/** What the family in the class sees: its enrolment's files and the class's own material. */
export async function listFiles(db: Executor, classId: string, enrolmentId: string | null): Promise<ClassFile[]> {
  const rows = await db
    .select(fileColumns)
    .from(classFiles)
    .where(
      and(
        eq(classFiles.classId, classId),
        enrolmentId ? or(isNull(classFiles.enrolmentId), eq(classFiles.enrolmentId, enrolmentId)) : isNull(classFiles.enrolmentId),
      ),
    )
    .orderBy(...fileOrder);
  return rows.map(toFile);
}

/** The files of several enrolments (a class's earlier students), each with its enrolment. */
export async function listFilesOfEnrolments(db: Executor, enrolmentIds: string[]): Promise<(ClassFile & { enrolmentId: string })[]> {
  if (enrolmentIds.length === 0) return [];
  const rows = await db.select(fileColumns).from(classFiles).where(inArray(classFiles.enrolmentId, enrolmentIds)).orderBy(...fileOrder);
  return rows.map((row) => ({ ...toFile(row), enrolmentId: row.enrolmentId! }));
}

export async function insertFile(
  db: Executor,
  values: {
    id: string;
    classId: string;
    enrolmentId: string | null;
    name: string;
    storageKey: string;
    contentType: string;
    sizeBytes: number;
    uploadedBy: string;
  },
): Promise<ClassFile> {
  const [row] = await db.insert(classFiles).values(values).returning(fileColumns);
  if (!row) throw new Error("insert into class_files returned no row");
  return toFile(row);
}

export async function findFile(
  db: Executor,
  classId: string,
  fileId: string,
): Promise<{ name: string; storageKey: string; contentType: string; enrolmentId: string | null } | null> {
  const [row] = await db
    .select({ name: classFiles.name, storageKey: classFiles.storageKey, contentType: classFiles.contentType, enrolmentId: classFiles.enrolmentId })
    .from(classFiles)
    .where(and(eq(classFiles.id, fileId), eq(classFiles.classId, classId)));
  return row ?? null;
}

/** Deletes the file's row; its storage key, or null when the class has no such file. */
export async function deleteFile(tx: Executor, classId: string, fileId: string): Promise<string | null> {
  const [row] = await tx
    .delete(classFiles)
    .where(and(eq(classFiles.id, fileId), eq(classFiles.classId, classId)))
    .returning({ storageKey: classFiles.storageKey });
  return row?.storageKey ?? null;
}
