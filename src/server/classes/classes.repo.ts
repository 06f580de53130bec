import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { ClassStatus } from "../../shared/classes/classes.constants";
import type { ClassFile, Grade } from "../../shared/classes/classes.api";
import type { GradeData } from "../../shared/classes/classes.schemas";
import type { Executor } from "../db/client";
import { classes, classFiles, classGrades, studentProfiles, teacherProfiles } from "../db/schema";

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
  studentFirstName: studentProfiles.firstName,
  studentLastName: studentProfiles.lastName,
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
  studentFirstName: string | null;
  studentLastName: string | null;
};

function selectClasses(db: Executor) {
  return db
    .select(classColumns)
    .from(classes)
    .leftJoin(teacherProfiles, eq(teacherProfiles.id, classes.teacherId))
    .leftJoin(studentProfiles, eq(studentProfiles.id, classes.studentId));
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
  const conditions: (SQL | undefined)[] = [
    "teacherId" in owner ? eq(classes.teacherId, owner.teacherId) : eq(classes.parentId, owner.parentId),
    eq(classes.status, status),
  ];
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
    .where(
      and(
        "teacherId" in owner ? eq(classes.teacherId, owner.teacherId) : eq(classes.parentId, owner.parentId),
        eq(classes.status, "active"),
      ),
    );
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Grades

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

/** Newest first: by date, then the one entered last. */
export async function listGrades(db: Executor, classId: string): Promise<Grade[]> {
  const rows = await db
    .select(gradeColumns)
    .from(classGrades)
    .where(eq(classGrades.classId, classId))
    .orderBy(desc(classGrades.gradedOn), desc(classGrades.createdAt), desc(classGrades.id));
  return rows.map(toGrade);
}

export async function insertGrade(tx: Executor, classId: string, grade: GradeData & { category: string }): Promise<Grade> {
  const [row] = await tx
    .insert(classGrades)
    .values({
      classId,
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

/** Replaces a grade of the class (its date only when one is given); null when the class has no such grade. */
export async function updateGrade(tx: Executor, classId: string, gradeId: string, grade: GradeData): Promise<Grade | null> {
  const [row] = await tx
    .update(classGrades)
    .set({
      title: grade.title,
      score: grade.score,
      category: grade.category,
      feedback: grade.feedback,
      ...(grade.date ? { gradedOn: grade.date } : {}),
    })
    .where(and(eq(classGrades.id, gradeId), eq(classGrades.classId, classId)))
    .returning(gradeColumns);
  return row ? toGrade(row) : null;
}

export async function deleteGrade(tx: Executor, classId: string, gradeId: string): Promise<boolean> {
  const rows = await tx
    .delete(classGrades)
    .where(and(eq(classGrades.id, gradeId), eq(classGrades.classId, classId)))
    .returning({ id: classGrades.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Files

const fileColumns = {
  id: classFiles.id,
  classId: classFiles.classId,
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
  };
}

export async function listFiles(db: Executor, classId: string): Promise<ClassFile[]> {
  const rows = await db
    .select(fileColumns)
    .from(classFiles)
    .where(eq(classFiles.classId, classId))
    .orderBy(desc(classFiles.uploadedAt), desc(classFiles.id));
  return rows.map(toFile);
}

export async function insertFile(
  db: Executor,
  values: { id: string; classId: string; name: string; storageKey: string; contentType: string; sizeBytes: number; uploadedBy: string },
): Promise<ClassFile> {
  const [row] = await db.insert(classFiles).values(values).returning(fileColumns);
  if (!row) throw new Error("insert into class_files returned no row");
  return toFile(row);
}

export async function findFile(
  db: Executor,
  classId: string,
  fileId: string,
): Promise<{ name: string; storageKey: string; contentType: string } | null> {
  const [row] = await db
    .select({ name: classFiles.name, storageKey: classFiles.storageKey, contentType: classFiles.contentType })
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
