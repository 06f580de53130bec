import { guardianName } from "../db/guardian-name";
import { and, asc, desc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { PractisedHomework, XpClass } from "../../shared/practice/practice-xp.rules";
import type { PracticeSource } from "../../shared/practice/practice.constants";
import { queryRows, type Executor } from "../db/client";
import { parentZoneOf } from "../db/parent-zone";
import { studentsTaughtByAny, teachesStudent } from "../db/relationships";
import {
  classEnrolments,
  classes,
  classFiles,
  parentProfiles,
  practiceEntries,
  practiceEntryItems,
  practiceTimers,
  studentProfiles,
  studentRepertoire,
  teacherProfiles,
} from "../db/schema";

/**
 * SQL of the practice feature (issue 29). Who may read or change what is decided by the service;
 * these functions take ids it already checked. Dates in raw SQL come back as text (node-postgres
 * would turn a `date` into a local-midnight Date).
 */

/** The parent's clock (db/parent-zone.ts). */
const parentZone = sql<string>`${parentZoneOf("parent_profiles")}`;

export interface StudentRow {
  studentId: string;
  studentName: string;
  parentId: string;
  timeZone: string;
}

const studentRowColumns = {
  studentId: studentProfiles.id,
  studentName: sql<string>`${studentProfiles.firstName} || ' ' || ${studentProfiles.lastName}`,
  parentId: studentProfiles.parentId,
  timeZone: parentZone,
};

export async function findStudent(db: Executor, studentId: string): Promise<StudentRow | null> {
  const [row] = await db
    .select(studentRowColumns)
    .from(studentProfiles)
    .innerJoin(parentProfiles, eq(parentProfiles.id, studentProfiles.parentId))
    .where(eq(studentProfiles.id, studentId));
  return row ?? null;
}

export function studentsOfParent(db: Executor, parentId: string): Promise<StudentRow[]> {
  return studentsOfParents(db, [parentId]);
}

/** The children of several families (a batch of weekly digests), by first name within each. */
export function studentsOfParents(db: Executor, parentIds: readonly string[]): Promise<StudentRow[]> {
  if (parentIds.length === 0) return Promise.resolve([]);
  return db
    .select(studentRowColumns)
    .from(studentProfiles)
    .innerJoin(parentProfiles, eq(parentProfiles.id, studentProfiles.parentId))
    .where(inArray(studentProfiles.parentId, [...parentIds]))
    .orderBy(asc(studentProfiles.firstName), asc(studentProfiles.id));
}

/** Students the teacher teaches (relationships.ts: the My Students rule). */
export async function studentsOfTeacher(db: Executor, teacherId: string): Promise<StudentRow[]> {
  return (await studentsOfTeachers(db, [teacherId])).map(({ teacherId: _, ...row }) => row);
}

/**
 * Students each of the teachers teaches, by name: the pairs from the rule's list form (each branch
 * by its teacher index), then those students and their families by key. Two statements, so the
 * planner reads students by key however many lessons a pair has had (one statement estimated a
 * row per lesson and hashed every student instead).
 */
export async function studentsOfTeachers(db: Executor, teacherIds: readonly string[]): Promise<(StudentRow & { teacherId: string })[]> {
  if (teacherIds.length === 0) return [];
  const pairs = await queryRows<{ teacherId: string; studentId: string }>(
    db,
    sql`select rel.teacher_id as "teacherId", rel.student_id as "studentId"
          from ${studentsTaughtByAny(
            sql`array[${sql.join(
              teacherIds.map((id) => sql`${id}`),
              sql`, `,
            )}]::uuid[]`,
          )} rel`,
  );
  if (pairs.length === 0) return [];
  const students = await db
    .select(studentRowColumns)
    .from(studentProfiles)
    .innerJoin(parentProfiles, eq(parentProfiles.id, studentProfiles.parentId))
    .where(inArray(studentProfiles.id, [...new Set(pairs.map((pair) => pair.studentId))]))
    .orderBy(sql`lower(${studentProfiles.firstName})`, sql`lower(${studentProfiles.lastName})`, asc(studentProfiles.id));
  return students.flatMap((student) => pairs.filter((pair) => pair.studentId === student.studentId).map((pair) => ({ ...student, teacherId: pair.teacherId })));
}

export async function teaches(db: Executor, teacherId: string, studentId: string): Promise<boolean> {
  const rows = await queryRows<{ ok: boolean }>(
    db,
    sql`select ${teachesStudent(sql`${teacherId}`, sql`${studentId}`)} as ok`,
  );
  return rows[0]?.ok === true;
}

export async function teacherZone(db: Executor, teacherId: string): Promise<string> {
  const [row] = await db.select({ timeZone: teacherProfiles.timeZone }).from(teacherProfiles).where(eq(teacherProfiles.id, teacherId));
  return row?.timeZone ?? "UTC";
}

/** Start of the student's next accepted full lesson with the teacher after `now` (intro calls left out), or null. */
export async function nextLessonStart(db: Executor, teacherId: string, studentId: string, now: Date): Promise<Date | null> {
  const rows = await queryRows<{ at: string }>(
    db,
    sql`select to_json(sl.starts_at)#>>'{}' as at from bookings b join booking_slots sl on sl.id = b.slot_id
         where b.teacher_id = ${teacherId} and b.student_id = ${studentId} and b.status = 'accepted'
           and b.booking_type = 'full' and sl.starts_at > ${now.toISOString()}::timestamptz
         order by sl.starts_at limit 1`,
  );
  return rows[0] ? new Date(rows[0].at) : null;
}

/** An accepted lesson of the student with the teacher started in (since, now]. */
export async function lessonStartedBetween(db: Executor, teacherId: string, studentId: string, since: Date, now: Date): Promise<boolean> {
  const rows = await queryRows<{ ok: boolean }>(
    db,
    sql`select exists (select 1 from bookings b join booking_slots sl on sl.id = b.slot_id
         where b.teacher_id = ${teacherId} and b.student_id = ${studentId} and b.status = 'accepted'
           and sl.starts_at > ${since.toISOString()}::timestamptz and sl.starts_at <= ${now.toISOString()}::timestamptz) as ok`,
  );
  return rows[0]?.ok === true;
}

/** The teacher's class that has the student in it now. */
export async function isClassOf(db: Executor, classId: string, teacherId: string, studentId: string): Promise<boolean> {
  const rows = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.id, classId), eq(classes.teacherId, teacherId), eq(classes.studentId, studentId)));
  return rows.length > 0;
}

export async function countRepertoireOf(db: Executor, studentId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ id: studentRepertoire.id })
    .from(studentRepertoire)
    .where(and(eq(studentRepertoire.studentId, studentId), inArray(studentRepertoire.id, ids)));
  return rows.length;
}

/** The student's pieces, for homework items that name one (newest first). */
export function repertoireOf(db: Executor, studentId: string): Promise<{ id: string; title: string; composer: string }[]> {
  return db
    .select({ id: studentRepertoire.id, title: studentRepertoire.title, composer: studentRepertoire.composer })
    .from(studentRepertoire)
    .where(eq(studentRepertoire.studentId, studentId))
    .orderBy(desc(studentRepertoire.completedDate), asc(studentRepertoire.title));
}

export async function countFilesOf(db: Executor, classId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ id: classFiles.id })
    .from(classFiles)
    .where(and(eq(classFiles.classId, classId), inArray(classFiles.id, ids)));
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// Entries

export interface EntryRow {
  id: string;
  studentId: string;
  parentId: string;
  practicedOn: string;
  minutes: number;
  source: PracticeSource;
  note: string;
  homeworkItemIds: string[];
  createdAt: Date;
  updatedAt: Date;
  loggedBy: string | null;
}

const entryColumns = {
  id: practiceEntries.id,
  studentId: practiceEntries.studentId,
  parentId: practiceEntries.parentId,
  practicedOn: practiceEntries.practicedOn,
  minutes: practiceEntries.minutes,
  source: sql<PracticeSource>`${practiceEntries.source}`,
  note: practiceEntries.note,
  homeworkItemIds: sql<string[]>`coalesce((select array_agg(pei.homework_item_id::text order by pei.homework_item_id) from practice_entry_items pei where pei.entry_id = ${practiceEntries.id}), '{}'::text[])`,
  createdAt: practiceEntries.createdAt,
  updatedAt: practiceEntries.updatedAt,
  loggedBy: guardianName(practiceEntries.loggedByGuardianId),
};

export async function findEntry(db: Executor, entryId: string): Promise<EntryRow | null> {
  const [row] = await db.select(entryColumns).from(practiceEntries).where(eq(practiceEntries.id, entryId));
  return row ?? null;
}

/** The student's entries on or after `from`, newest day first. */
export function listEntries(db: Executor, studentId: string, from: string): Promise<EntryRow[]> {
  return db
    .select(entryColumns)
    .from(practiceEntries)
    .where(and(eq(practiceEntries.studentId, studentId), gte(practiceEntries.practicedOn, from)))
    .orderBy(desc(practiceEntries.practicedOn), desc(practiceEntries.createdAt), desc(practiceEntries.id));
}

export async function insertEntry(
  tx: Executor,
  values: { studentId: string; parentId: string; loggedByGuardianId: string; practicedOn: string; minutes: number; source: PracticeSource; note: string },
): Promise<string> {
  const [row] = await tx.insert(practiceEntries).values(values).returning({ id: practiceEntries.id });
  return row!.id;
}

export async function setEntryItems(tx: Executor, entryId: string, itemIds: string[]): Promise<void> {
  await tx.delete(practiceEntryItems).where(eq(practiceEntryItems.entryId, entryId));
  if (itemIds.length) await tx.insert(practiceEntryItems).values([...new Set(itemIds)].map((homeworkItemId) => ({ entryId, homeworkItemId })));
}

export async function updateEntry(
  tx: Executor,
  entryId: string,
  values: Partial<{ practicedOn: string; minutes: number; source: PracticeSource; note: string }>,
): Promise<void> {
  await tx
    .update(practiceEntries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(practiceEntries.id, entryId));
}

export async function deleteEntry(db: Executor, entryId: string, parentId: string): Promise<boolean> {
  const rows = await db
    .delete(practiceEntries)
    .where(and(eq(practiceEntries.id, entryId), eq(practiceEntries.parentId, parentId)))
    .returning({ id: practiceEntries.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Timer

export interface TimerRow {
  studentId: string;
  parentId: string;
  startedAt: Date;
  pausedAt: Date | null;
  pausedMs: number;
}

const timerColumns = {
  studentId: practiceTimers.studentId,
  parentId: practiceTimers.parentId,
  startedAt: practiceTimers.startedAt,
  pausedAt: practiceTimers.pausedAt,
  pausedMs: practiceTimers.pausedMs,
};

export async function findTimer(db: Executor, studentId: string): Promise<TimerRow | null> {
  const [row] = await db.select(timerColumns).from(practiceTimers).where(eq(practiceTimers.studentId, studentId));
  return row ?? null;
}

/** Starts the child's timer; null when one already exists (one per child: the primary key decides). */
export async function startTimer(db: Executor, studentId: string, parentId: string, now: Date): Promise<TimerRow | null> {
  const [row] = await db
    .insert(practiceTimers)
    .values({ studentId, parentId, startedAt: now })
    .onConflictDoNothing()
    .returning(timerColumns);
  return row ?? null;
}

/** Pauses a running timer; null when there is none running. */
export async function pauseTimer(db: Executor, studentId: string, now: Date): Promise<TimerRow | null> {
  const [row] = await db
    .update(practiceTimers)
    .set({ pausedAt: now })
    .where(and(eq(practiceTimers.studentId, studentId), isNull(practiceTimers.pausedAt)))
    .returning(timerColumns);
  return row ?? null;
}

/** Resumes a paused timer, adding the pause to paused_ms in SQL so two resumes cannot both add it. */
export async function resumeTimer(db: Executor, studentId: string, now: Date): Promise<TimerRow | null> {
  const [row] = await db
    .update(practiceTimers)
    .set({
      pausedMs: sql`${practiceTimers.pausedMs} + greatest(0, floor(extract(epoch from (${now.toISOString()}::timestamptz - ${practiceTimers.pausedAt})) * 1000))::bigint`,
      pausedAt: null,
    })
    .where(and(eq(practiceTimers.studentId, studentId), sql`${practiceTimers.pausedAt} is not null`))
    .returning(timerColumns);
  return row ?? null;
}

/** Takes the timer away (stop-and-log or discard); null when there was none, so two stops log once. */
export async function takeTimer(db: Executor, studentId: string): Promise<TimerRow | null> {
  const [row] = await db.delete(practiceTimers).where(eq(practiceTimers.studentId, studentId)).returning(timerColumns);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Practice XP of a class

/** The student's classes that earn practice XP: in XP format, the switch on, still enrolled (practiceOwnerClass). */
export function xpClassesOf(db: Executor, studentId: string): Promise<XpClass[]> {
  return queryRows<XpClass>(
    db,
    sql`select c.id as "classId", c.teacher_id as "teacherId", ce.joined_at as "joinedAt"
          from class_enrolments ce join classes c on c.id = ce.class_id
         where ce.student_id = ${studentId} and ce.left_at is null and c.practice_xp and c.progress_metrics->>'format' = 'xp'`,
  ).then((rows) => rows.map((row) => ({ ...row, joinedAt: new Date(row.joinedAt) })));
}

export interface XpEntry {
  day: string;
  minutes: number;
  /** The homework of the items the entry ticked (practiceOwnerClass). */
  practised: PractisedHomework[];
}

/** The student's entries since `fromDay`, each with the homework it practised. */
export function xpEntriesSince(db: Executor, studentId: string, fromDay: string): Promise<XpEntry[]> {
  return queryRows<XpEntry>(
    db,
    sql`select e.practiced_on::text as day, e.minutes,
               coalesce((select jsonb_agg(jsonb_build_object('classId', h.class_id, 'teacherId', h.teacher_id))
                           from practice_entry_items pei join homework_items hi on hi.id = pei.homework_item_id join homework h on h.id = hi.homework_id
                          where pei.entry_id = e.id), '[]'::jsonb) as practised
          from practice_entries e
         where e.student_id = ${studentId} and e.practiced_on >= ${fromDay}::date`,
  );
}

/**
 * The goal minutes of the teacher's homework active on each of `days`: set on or before the day
 * and not yet closed or reviewed before it (in the parent's zone), the newest when several; null
 * without one. The day's XP is capped at it (practiceXpForDay). `teacherId` null: the class's
 * teacher deleted their account (issue 41: the family's practice XP stays); their homework lost
 * its teacher too, so the student's homework without one counts.
 */
export async function goalsOnDays(db: Executor, studentId: string, teacherId: string | null, days: readonly string[], timeZone: string): Promise<Map<string, number | null>> {
  if (days.length === 0) return new Map();
  const rows = await queryRows<{ day: string; goal: number | null }>(
    db,
    sql`select d.day::text as day,
          (select h.goal_minutes_per_day from homework h
            where h.student_id = ${studentId} and ${teacherId === null ? sql`h.teacher_id is null` : sql`h.teacher_id = ${teacherId}`} and h.goal_minutes_per_day is not null
              and (h.created_at at time zone ${timeZone})::date <= d.day
              and (coalesce(h.reviewed_at, h.closed_at) is null or (coalesce(h.reviewed_at, h.closed_at) at time zone ${timeZone})::date >= d.day)
            order by h.created_at desc limit 1) as goal
          from unnest(array[${sql.join(
            days.map((day) => sql`${day}`),
            sql`, `,
          )}]::date[]) as d(day)`,
  );
  return new Map(rows.map((row) => [row.day, row.goal]));
}

export interface ClassPracticeRow {
  classId: string;
  teacherId: string | null;
  practiceXp: boolean;
  studentId: string | null;
  joinedAt: Date | null;
  timeZone: string | null;
}

/** The class's switch, its teacher and its current student with the enrolment's start and the parent's zone. */
export async function findClassPractice(db: Executor, classId: string): Promise<ClassPracticeRow | null> {
  const [row] = await db
    .select({
      classId: classes.id,
      teacherId: classes.teacherId,
      practiceXp: classes.practiceXp,
      studentId: classEnrolments.studentId,
      joinedAt: classEnrolments.joinedAt,
      timeZone: sql<string | null>`case when ${parentProfiles.id} is null then null else ${parentZone} end`,
    })
    .from(classes)
    .leftJoin(classEnrolments, and(eq(classEnrolments.classId, classes.id), isNull(classEnrolments.leftAt)))
    .leftJoin(parentProfiles, eq(parentProfiles.id, classEnrolments.parentId))
    .where(eq(classes.id, classId));
  return row ?? null;
}

export async function setClassPracticeXp(db: Executor, classId: string, teacherId: string, practiceXp: boolean): Promise<boolean> {
  const rows = await db
    .update(classes)
    .set({ practiceXp })
    .where(and(eq(classes.id, classId), eq(classes.teacherId, teacherId)))
    .returning({ id: classes.id });
  return rows.length > 0;
}
