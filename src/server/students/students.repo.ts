import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { DELETED_TEACHER_NAME } from "../../shared/accounts/accounts.constants";
import type {
  RepertoireCreate,
  RepertoireEntry,
  StudentClass,
  StudentCreate,
  StudentProfile,
  StudentSummary,
  StudentUpdate,
} from "../../shared/students/students.schemas";
import type { ParentSignUp } from "../../shared/accounts/accounts.schemas";
import type { Executor } from "../db/client";
import { classEnrolments, classes, studentProfiles, studentRepertoire, teacherProfiles } from "../db/schema";

/** Every query is scoped by the owning parent: another parent's student simply does not exist. */

const summaryColumns = {
  id: studentProfiles.id,
  firstName: studentProfiles.firstName,
  lastName: studentProfiles.lastName,
  age: studentProfiles.age,
  interests: studentProfiles.interests,
  enrollmentStatus: studentProfiles.enrollmentStatus,
  createdAt: studentProfiles.createdAt,
};

const profileColumns = {
  ...summaryColumns,
  learningGoals: studentProfiles.learningGoals,
  preferredStyle: studentProfiles.preferredStyle,
  achievements: studentProfiles.achievements,
  strengths: studentProfiles.strengths,
  areasForImprovement: studentProfiles.areasForImprovement,
  enrollmentDate: studentProfiles.enrollmentDate,
  teacherId: studentProfiles.teacherId,
  updatedAt: studentProfiles.updatedAt,
};

const repertoireColumns = {
  id: studentRepertoire.id,
  title: studentRepertoire.title,
  composer: studentRepertoire.composer,
  genre: studentRepertoire.genre,
  completedDate: studentRepertoire.completedDate,
  difficulty: studentRepertoire.difficulty,
  createdAt: studentRepertoire.createdAt,
};

type SummaryRow = Pick<typeof studentProfiles.$inferSelect, keyof typeof summaryColumns>;
type ProfileRow = Pick<typeof studentProfiles.$inferSelect, keyof typeof profileColumns>;
type RepertoireRow = Pick<typeof studentRepertoire.$inferSelect, keyof typeof repertoireColumns>;

function toSummary(row: SummaryRow): StudentSummary {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

function toProfile(row: ProfileRow, repertoire: RepertoireEntry[], studentClasses: StudentClass[]): StudentProfile {
  return {
    ...row,
    // The column's CHECK constraint admits only the LEARNING_STYLES keys.
    preferredStyle: row.preferredStyle as StudentProfile["preferredStyle"],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    repertoire,
    classes: studentClasses,
  };
}

function toEntry(row: RepertoireRow): RepertoireEntry {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

const ownedBy = (parentId: string, studentId: string) =>
  and(eq(studentProfiles.id, studentId), eq(studentProfiles.parentId, parentId));

/** The parent's students, oldest first; students added together (one sign-up) by name, so the order is stable. */
export async function listStudents(db: Executor, parentId: string): Promise<StudentSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(studentProfiles)
    .where(eq(studentProfiles.parentId, parentId))
    .orderBy(
      asc(studentProfiles.createdAt),
      asc(studentProfiles.firstName),
      asc(studentProfiles.lastName),
      asc(studentProfiles.id),
    );
  return rows.map(toSummary);
}

export async function insertStudent(db: Executor, parentId: string, input: StudentCreate): Promise<StudentSummary> {
  const [row] = await db
    .insert(studentProfiles)
    .values({ parentId, firstName: input.firstName, lastName: input.lastName, age: input.age, interests: input.interests })
    .returning(summaryColumns);
  if (!row) throw new Error("insert into student_profiles returned no row");
  return toSummary(row);
}

/** True when the student exists and belongs to the parent. */
export async function isOwnStudent(db: Executor, parentId: string, studentId: string): Promise<boolean> {
  const [row] = await db.select({ id: studentProfiles.id }).from(studentProfiles).where(ownedBy(parentId, studentId));
  return row !== undefined;
}

/** Repertoire of one student, newest completed first (then newest added). */
export async function listRepertoire(db: Executor, studentId: string): Promise<RepertoireEntry[]> {
  const rows = await db
    .select(repertoireColumns)
    .from(studentRepertoire)
    .where(eq(studentRepertoire.studentId, studentId))
    .orderBy(desc(studentRepertoire.completedDate), desc(studentRepertoire.createdAt), desc(studentRepertoire.id));
  return rows.map(toEntry);
}

/**
 * The student's active classes with this family, by name. Read from the class rows the join flow
 * writes (classes.student_id and parent_id); an archived class is the family's choice to hide it.
 */
export async function listClassesOfStudent(db: Executor, parentId: string, studentId: string): Promise<StudentClass[]> {
  const rows = await db
    .select({ id: classes.id, name: classes.name, teacherFirstName: teacherProfiles.firstName, teacherLastName: teacherProfiles.lastName })
    .from(classes)
    // The child's current enrolment, unless the family archived the class (its own Archive).
    .innerJoin(classEnrolments, and(eq(classEnrolments.classId, classes.id), isNull(classEnrolments.leftAt)))
    .leftJoin(teacherProfiles, eq(teacherProfiles.id, classes.teacherId))
    .where(
      and(
        eq(classEnrolments.studentId, studentId),
        eq(classEnrolments.parentId, parentId),
        isNull(classEnrolments.archivedAt),
        eq(classes.status, "active"),
      ),
    )
    .orderBy(asc(classes.name), asc(classes.id));
  return rows.map(({ id, name, teacherFirstName, teacherLastName }) => ({
    id,
    name,
    teacherName: teacherFirstName !== null && teacherLastName !== null ? `${teacherFirstName} ${teacherLastName}` : DELETED_TEACHER_NAME,
  }));
}

export async function findStudent(db: Executor, parentId: string, studentId: string): Promise<StudentProfile | null> {
  const [row] = await db.select(profileColumns).from(studentProfiles).where(ownedBy(parentId, studentId));
  if (!row) return null;
  const [repertoire, studentClasses] = await Promise.all([listRepertoire(db, studentId), listClassesOfStudent(db, parentId, studentId)]);
  return toProfile(row, repertoire, studentClasses);
}

/** Applies the patch to the parent's own student; false when there is no such student. */
export async function updateStudent(
  db: Executor,
  parentId: string,
  studentId: string,
  patch: StudentUpdate,
): Promise<boolean> {
  const rows = await db
    .update(studentProfiles)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(ownedBy(parentId, studentId))
    .returning({ id: studentProfiles.id });
  return rows.length > 0;
}

export async function insertRepertoire(db: Executor, studentId: string, input: RepertoireCreate): Promise<RepertoireEntry> {
  const [row] = await db
    .insert(studentRepertoire)
    .values({ studentId, ...input })
    .returning(repertoireColumns);
  if (!row) throw new Error("insert into student_repertoire returned no row");
  return toEntry(row);
}

/** Deletes one entry of one student; false when the student has no such entry. */
export async function deleteRepertoire(db: Executor, studentId: string, entryId: string): Promise<boolean> {
  const rows = await db
    .delete(studentRepertoire)
    .where(and(eq(studentRepertoire.id, entryId), eq(studentRepertoire.studentId, studentId)))
    .returning({ id: studentRepertoire.id });
  return rows.length > 0;
}

/** The first student is part of the parent sign-up aggregate: created in the caller's transaction. */
export async function insertFirstStudent(tx: Executor, parentId: string, student: ParentSignUp["student"]): Promise<void> {
  await tx.insert(studentProfiles).values({
    parentId,
    firstName: student.firstName,
    lastName: student.lastName,
    age: student.age,
    interests: [...new Set(student.interests)],
  });
}

/** Every student of a parent (their repertoire goes with them by cascade). */
export async function deleteStudentsOfParent(tx: Executor, parentId: string): Promise<void> {
  await tx.delete(studentProfiles).where(eq(studentProfiles.parentId, parentId));
}
