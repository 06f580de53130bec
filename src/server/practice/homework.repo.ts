import { and, asc, desc, eq, gte, inArray, or, sql } from "drizzle-orm";
import type { HomeworkStatus } from "../../shared/practice/practice.constants";
import type { Executor } from "../db/client";
import { classFiles, homework, homeworkItems, studentRepertoire, teacherProfiles } from "../db/schema";

/** SQL of homework and its items (issue 29); the service decides who may read or change them. */
export interface HomeworkRow {
  id: string;
  studentId: string;
  classId: string | null;
  teacherId: string | null;
  teacherName: string | null;
  goalMinutesPerDay: number | null;
  goalDaysPerWeek: number | null;
  dueOn: string;
  status: HomeworkStatus;
  reviewComment: string | null;
  reviewedAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
}

export interface HomeworkItemRow {
  id: string;
  homeworkId: string;
  position: number;
  description: string;
  repertoireId: string | null;
  repertoireTitle: string | null;
  classFileId: string | null;
  classFileName: string | null;
}

const homeworkColumns = {
  id: homework.id,
  studentId: homework.studentId,
  classId: homework.classId,
  teacherId: homework.teacherId,
  teacherName: sql<string | null>`${teacherProfiles.firstName} || ' ' || ${teacherProfiles.lastName}`,
  goalMinutesPerDay: homework.goalMinutesPerDay,
  goalDaysPerWeek: homework.goalDaysPerWeek,
  dueOn: homework.dueOn,
  status: sql<HomeworkStatus>`${homework.status}`,
  reviewComment: homework.reviewComment,
  reviewedAt: homework.reviewedAt,
  closedAt: homework.closedAt,
  createdAt: homework.createdAt,
};

export async function findHomework(db: Executor, homeworkId: string): Promise<HomeworkRow | null> {
  const [row] = await db
    .select(homeworkColumns)
    .from(homework)
    .leftJoin(teacherProfiles, eq(teacherProfiles.id, homework.teacherId))
    .where(eq(homework.id, homeworkId));
  return row ?? null;
}

/** Locks the homework row so an edit and a review cannot cross. */
export async function lockHomework(tx: Executor, homeworkId: string): Promise<void> {
  await tx.execute(sql`select 1 from homework where id = ${homeworkId} for update`);
}

/** The student's open homework, and the closed or reviewed ones finished since `finishedSince`, newest first. */
export function listHomework(db: Executor, studentIds: string[], finishedSince: Date): Promise<HomeworkRow[]> {
  if (studentIds.length === 0) return Promise.resolve([]);
  return db
    .select(homeworkColumns)
    .from(homework)
    .leftJoin(teacherProfiles, eq(teacherProfiles.id, homework.teacherId))
    .where(
      and(
        inArray(homework.studentId, studentIds),
        or(eq(homework.status, "open"), gte(sql`coalesce(${homework.reviewedAt}, ${homework.closedAt})`, finishedSince)),
      ),
    )
    .orderBy(sql`(${homework.status} = 'open') desc`, desc(homework.createdAt), desc(homework.id));
}

export function listItems(db: Executor, homeworkIds: string[]): Promise<HomeworkItemRow[]> {
  if (homeworkIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: homeworkItems.id,
      homeworkId: homeworkItems.homeworkId,
      position: homeworkItems.position,
      description: homeworkItems.description,
      repertoireId: homeworkItems.repertoireId,
      repertoireTitle: sql<string | null>`case when ${studentRepertoire.id} is null then null else ${studentRepertoire.title} || ' (' || ${studentRepertoire.composer} || ')' end`,
      classFileId: homeworkItems.classFileId,
      classFileName: classFiles.name,
    })
    .from(homeworkItems)
    .leftJoin(studentRepertoire, eq(studentRepertoire.id, homeworkItems.repertoireId))
    .leftJoin(classFiles, eq(classFiles.id, homeworkItems.classFileId))
    .where(inArray(homeworkItems.homeworkId, homeworkIds))
    .orderBy(asc(homeworkItems.position));
}

export interface NewItem {
  id?: string | undefined;
  description: string;
  repertoireId?: string | null | undefined;
  classFileId?: string | null | undefined;
}

export async function insertHomework(
  tx: Executor,
  values: {
    teacherId: string;
    studentId: string;
    classId: string | null;
    goalMinutesPerDay: number | null;
    goalDaysPerWeek: number | null;
    dueOn: string;
  },
): Promise<string> {
  const [row] = await tx.insert(homework).values(values).returning({ id: homework.id });
  return row!.id;
}

/**
 * The homework's items become `items`, in order: an item given with the id of one of its items is
 * updated in place (practice logged against it stays linked), the others are new, and items left
 * out are deleted.
 */
export async function replaceItems(tx: Executor, homeworkId: string, items: NewItem[]): Promise<void> {
  const kept = items.flatMap((item) => (item.id ? [item.id] : []));
  const existing = await tx.select({ id: homeworkItems.id }).from(homeworkItems).where(eq(homeworkItems.homeworkId, homeworkId));
  const existingIds = new Set(existing.map((row) => row.id));
  const gone = existing.filter((row) => !kept.includes(row.id)).map((row) => row.id);
  if (gone.length) await tx.delete(homeworkItems).where(inArray(homeworkItems.id, gone));
  for (const [position, item] of items.entries()) {
    const values = { description: item.description, repertoireId: item.repertoireId ?? null, classFileId: item.classFileId ?? null, position };
    if (item.id && existingIds.has(item.id)) await tx.update(homeworkItems).set(values).where(eq(homeworkItems.id, item.id));
    else await tx.insert(homeworkItems).values({ ...values, homeworkId });
  }
}

export async function updateHomework(
  tx: Executor,
  homeworkId: string,
  values: Partial<{
    goalMinutesPerDay: number | null;
    goalDaysPerWeek: number | null;
    dueOn: string;
    status: HomeworkStatus;
    closedAt: Date;
    reviewedAt: Date;
    reviewComment: string;
  }>,
): Promise<void> {
  await tx
    .update(homework)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(homework.id, homeworkId));
}

/** Ids of items that belong to the student's homework (any status: an old entry may name a closed homework's items). */
export async function itemsOfStudent(db: Executor, studentId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: homeworkItems.id })
    .from(homeworkItems)
    .innerJoin(homework, eq(homework.id, homeworkItems.homeworkId))
    .where(and(eq(homework.studentId, studentId), inArray(homeworkItems.id, ids)));
  return rows.map((row) => row.id);
}
