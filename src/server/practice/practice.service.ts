import { addLocalDays, localDateTime } from "../../shared/calendar/calendar-views.rules";
import { DELETED_TEACHER_NAME } from "../../shared/accounts/accounts.constants";
import { AppError } from "../../shared/errors";
import {
  CLASS_FILE_NOT_CLASS_MESSAGE,
  CLASS_NOT_STUDENTS_MESSAGE,
  DUE_IN_PAST_MESSAGE,
  DUE_MAX_DAYS_AHEAD,
  DUE_TOO_FAR_MESSAGE,
  HOMEWORK_NOT_OPEN_MESSAGE,
  ITEM_NOT_OPEN_MESSAGE,
  NO_TIMER_MESSAGE,
  REPERTOIRE_NOT_STUDENTS_MESSAGE,
  REVIEW_TOO_EARLY_MESSAGE,
  TIMER_RUNNING_MESSAGE,
  TIMER_TOO_LONG_MESSAGE,
  TIMER_TOO_SHORT_MESSAGE,
  type ClassPracticeSettingsDTO,
  type HomeworkDTO,
  type PracticeEntryDTO,
  type PracticeTimerDTO,
} from "../../shared/practice/practice.api";
import { PRACTICE_DAYS_BACK, PRACTICE_MINUTES_MIN, PRACTICE_TIMER_MAX_MINUTES } from "../../shared/practice/practice.constants";
import {
  ENTRY_NOT_FOUND_MESSAGE,
  HOMEWORK_NOT_FOUND_MESSAGE,
  PRACTICE_DATE_RANGE_MESSAGE,
  type ClassPracticeSettingsInput,
  type CreateEntryData,
  type CreateHomeworkData,
  type ReviewHomeworkInput,
  type StopTimerData,
  type UpdateEntryInput,
  type UpdateHomeworkInput,
  STUDENT_NOT_FOUND_MESSAGE,
} from "../../shared/practice/practice.schemas";
import { findProfileIds } from "../auth";
import { transactionWithRetry } from "../db/retry-transaction";
import type { Deps } from "../deps";
import * as homeworkRepo from "./homework.repo";
import * as repo from "./practice.repo";

/**
 * Homework, the practice log and the timer (issue 29). Every function decides from the session's
 * profile ids who may act: the child's parent, or a teacher who teaches the child (repo.teaches).
 * Anyone else gets the same 404 as for an id that does not exist, so ids reveal nothing.
 */

type DbDeps = Pick<Deps, "db">;
export interface Viewer {
  parentId: string | null;
  teacherId: string | null;
}

export const studentNotFound = () => new AppError("not_found", STUDENT_NOT_FOUND_MESSAGE);
const homeworkNotFound = () => new AppError("not_found", HOMEWORK_NOT_FOUND_MESSAGE);
const entryNotFound = () => new AppError("not_found", ENTRY_NOT_FOUND_MESSAGE);
const fieldError = (field: string, message: string) => new AppError("validation", message, { fields: { [field]: message } });

export const todayIn = (timeZone: string, now = new Date()) => localDateTime(now, timeZone).date;

export function viewerOf(deps: DbDeps, userId: string): Promise<Viewer> {
  return findProfileIds(deps.db, userId);
}

/** The student and how the viewer may see them: their parent first, else a teacher who teaches them. */
export async function studentFor(deps: DbDeps, viewer: Viewer, studentId: string): Promise<{ student: repo.StudentRow; role: "parent" | "teacher" }> {
  const student = await repo.findStudent(deps.db, studentId);
  if (!student) throw studentNotFound();
  if (viewer.parentId && student.parentId === viewer.parentId) return { student, role: "parent" };
  if (viewer.teacherId && (await repo.teaches(deps.db, viewer.teacherId, studentId))) return { student, role: "teacher" };
  throw studentNotFound();
}

async function parentsStudent(deps: DbDeps, parentId: string, studentId: string): Promise<repo.StudentRow> {
  const student = await repo.findStudent(deps.db, studentId);
  if (!student || student.parentId !== parentId) throw studentNotFound();
  return student;
}

async function taughtStudent(deps: DbDeps, teacherId: string, studentId: string): Promise<repo.StudentRow> {
  const student = await repo.findStudent(deps.db, studentId);
  if (!student || !(await repo.teaches(deps.db, teacherId, studentId))) throw studentNotFound();
  return student;
}

// ---------------------------------------------------------------------------------------------
// Homework

/** Review is allowed on or after the due day (teacher's zone), or once a lesson with the student started since it was set. */
async function reviewable(deps: DbDeps, row: homeworkRepo.HomeworkRow, teacherId: string, now: Date): Promise<boolean> {
  if (row.status !== "open" || row.teacherId !== teacherId) return false;
  if (todayIn(await repo.teacherZone(deps.db, teacherId), now) >= row.dueOn) return true;
  return repo.lessonStartedBetween(deps.db, teacherId, row.studentId, row.createdAt, now);
}

export async function homeworkDTOs(deps: DbDeps, rows: homeworkRepo.HomeworkRow[], viewer: Viewer, now = new Date()): Promise<HomeworkDTO[]> {
  const items = await homeworkRepo.listItems(
    deps.db,
    rows.map((row) => row.id),
  );
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      studentId: row.studentId,
      classId: row.classId,
      teacherId: row.teacherId,
      teacherName: row.teacherName ?? DELETED_TEACHER_NAME,
      items: items.filter((item) => item.homeworkId === row.id).map(({ homeworkId: _, ...item }) => item),
      goalMinutesPerDay: row.goalMinutesPerDay,
      goalDaysPerWeek: row.goalDaysPerWeek,
      dueOn: row.dueOn,
      status: row.status,
      reviewComment: row.reviewComment,
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      closedAt: row.closedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      canReview: viewer.teacherId ? await reviewable(deps, row, viewer.teacherId, now) : false,
    })),
  );
}

async function oneHomeworkDTO(deps: DbDeps, homeworkId: string, teacherId: string): Promise<HomeworkDTO> {
  const row = await homeworkRepo.findHomework(deps.db, homeworkId);
  if (!row) throw homeworkNotFound();
  const [dto] = await homeworkDTOs(deps, [row], { parentId: null, teacherId });
  return dto!;
}

/** Repertoire items must be the student's, class files the class's (so a class must be given). */
async function checkItemLinks(
  deps: DbDeps,
  studentId: string,
  classId: string | null,
  items: { repertoireId?: string | null | undefined; classFileId?: string | null | undefined }[],
): Promise<void> {
  const pieces = [...new Set(items.flatMap((item) => (item.repertoireId ? [item.repertoireId] : [])))];
  if ((await repo.countRepertoireOf(deps.db, studentId, pieces)) !== pieces.length) throw fieldError("items", REPERTOIRE_NOT_STUDENTS_MESSAGE);
  const files = [...new Set(items.flatMap((item) => (item.classFileId ? [item.classFileId] : [])))];
  if (files.length && (!classId || (await repo.countFilesOf(deps.db, classId, files)) !== files.length)) {
    throw fieldError("items", CLASS_FILE_NOT_CLASS_MESSAGE);
  }
}

/** A due day from today to a year ahead (the teacher's zone). */
function checkDueOn(dueOn: string, today: string): void {
  if (dueOn < today) throw fieldError("dueOn", DUE_IN_PAST_MESSAGE);
  if (dueOn > addLocalDays(today, DUE_MAX_DAYS_AHEAD)) throw fieldError("dueOn", DUE_TOO_FAR_MESSAGE);
}

/** The default due day (issue 41): the next full lesson's day with this teacher (an intro call is no time to review practice), else a week from today (teacher's zone). */
async function defaultDueOn(deps: DbDeps, teacherId: string, studentId: string, timeZone: string, now: Date): Promise<string> {
  const next = await repo.nextLessonStart(deps.db, teacherId, studentId, now);
  return next ? todayIn(timeZone, next) : addLocalDays(todayIn(timeZone, now), 7);
}

export async function createHomework(deps: Pick<Deps, "db">, teacherId: string, input: CreateHomeworkData): Promise<HomeworkDTO> {
  const now = new Date();
  await taughtStudent(deps, teacherId, input.studentId);
  const classId = input.classId ?? null;
  if (classId && !(await repo.isClassOf(deps.db, classId, teacherId, input.studentId))) throw fieldError("classId", CLASS_NOT_STUDENTS_MESSAGE);
  await checkItemLinks(deps, input.studentId, classId, input.items);
  const timeZone = await repo.teacherZone(deps.db, teacherId);
  if (input.dueOn) checkDueOn(input.dueOn, todayIn(timeZone, now));
  const dueOn = input.dueOn ?? (await defaultDueOn(deps, teacherId, input.studentId, timeZone, now));
  const homeworkId = await transactionWithRetry(deps.db, async (tx) => {
    const id = await homeworkRepo.insertHomework(tx, {
      teacherId,
      studentId: input.studentId,
      classId,
      goalMinutesPerDay: input.goalMinutesPerDay ?? null,
      goalDaysPerWeek: input.goalDaysPerWeek ?? null,
      dueOn,
    });
    await homeworkRepo.replaceItems(tx, id, input.items);
    return id;
  });
  return oneHomeworkDTO(deps, homeworkId, teacherId);
}

/** The teacher's own homework of a student they still teach; anyone else: 404. */
async function teachersHomework(deps: DbDeps, teacherId: string, homeworkId: string): Promise<homeworkRepo.HomeworkRow> {
  const row = await homeworkRepo.findHomework(deps.db, homeworkId);
  if (!row || row.teacherId !== teacherId || !(await repo.teaches(deps.db, teacherId, row.studentId))) throw homeworkNotFound();
  return row;
}

export async function updateHomework(deps: DbDeps, teacherId: string, homeworkId: string, input: UpdateHomeworkInput): Promise<HomeworkDTO> {
  const row = await teachersHomework(deps, teacherId, homeworkId);
  if (input.items) await checkItemLinks(deps, row.studentId, row.classId, input.items);
  if (input.dueOn && input.dueOn !== row.dueOn) checkDueOn(input.dueOn, todayIn(await repo.teacherZone(deps.db, teacherId)));
  await transactionWithRetry(deps.db, async (tx) => {
    await homeworkRepo.lockHomework(tx, homeworkId);
    const current = await homeworkRepo.findHomework(tx, homeworkId);
    if (current?.status !== "open") throw new AppError("conflict", HOMEWORK_NOT_OPEN_MESSAGE);
    if (input.items) await homeworkRepo.replaceItems(tx, homeworkId, input.items);
    await homeworkRepo.updateHomework(tx, homeworkId, {
      ...(input.goalMinutesPerDay !== undefined ? { goalMinutesPerDay: input.goalMinutesPerDay, goalDaysPerWeek: input.goalDaysPerWeek ?? null } : {}),
      ...(input.dueOn ? { dueOn: input.dueOn } : {}),
      ...(input.status === "closed" ? { status: "closed" as const, closedAt: new Date() } : {}),
    });
  });
  return oneHomeworkDTO(deps, homeworkId, teacherId);
}

export async function reviewHomework(deps: DbDeps, teacherId: string, homeworkId: string, input: ReviewHomeworkInput): Promise<HomeworkDTO> {
  const row = await teachersHomework(deps, teacherId, homeworkId);
  if (row.status !== "open") throw new AppError("conflict", HOMEWORK_NOT_OPEN_MESSAGE);
  const now = new Date();
  if (!(await reviewable(deps, row, teacherId, now))) throw new AppError("conflict", REVIEW_TOO_EARLY_MESSAGE, { reason: "review_too_early" });
  await transactionWithRetry(deps.db, async (tx) => {
    await homeworkRepo.lockHomework(tx, homeworkId);
    const current = await homeworkRepo.findHomework(tx, homeworkId);
    if (current?.status !== "open") throw new AppError("conflict", HOMEWORK_NOT_OPEN_MESSAGE);
    await homeworkRepo.updateHomework(tx, homeworkId, { status: "reviewed", reviewedAt: now, reviewComment: input.comment });
  });
  return oneHomeworkDTO(deps, homeworkId, teacherId);
}

// ---------------------------------------------------------------------------------------------
// Entries

export function entryDTO(row: repo.EntryRow, viewerParentId: string | null): PracticeEntryDTO {
  return {
    id: row.id,
    studentId: row.studentId,
    practicedOn: row.practicedOn,
    minutes: row.minutes,
    source: row.source,
    note: row.note,
    homeworkItemIds: row.homeworkItemIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editable: viewerParentId !== null && row.parentId === viewerParentId,
    loggedBy: row.loggedBy,
  };
}

/** Today in the parent's zone or up to 60 days back; never a future day. */
function checkPracticeDate(date: string, timeZone: string, now: Date): void {
  const today = todayIn(timeZone, now);
  if (date > today || date < addLocalDays(today, -PRACTICE_DAYS_BACK)) throw fieldError("practicedOn", PRACTICE_DATE_RANGE_MESSAGE);
}

async function checkEntryItems(deps: DbDeps, studentId: string, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if ((await homeworkRepo.itemsOfStudent(deps.db, studentId, unique)).length !== unique.length) throw fieldError("homeworkItemIds", ITEM_NOT_OPEN_MESSAGE);
}

async function entryOf(deps: DbDeps, entryId: string, parentId: string): Promise<PracticeEntryDTO> {
  const row = await repo.findEntry(deps.db, entryId);
  if (!row) throw entryNotFound();
  return entryDTO(row, parentId);
}

/** `family`: the household and the guardian logging it (recorded as who logged it, issue 45). */
export async function createEntry(deps: DbDeps, family: { parentId: string; guardianId: string }, input: CreateEntryData): Promise<PracticeEntryDTO> {
  const { parentId, guardianId } = family;
  const student = await parentsStudent(deps, parentId, input.studentId);
  const now = new Date();
  const practicedOn = input.practicedOn ?? todayIn(student.timeZone, now);
  checkPracticeDate(practicedOn, student.timeZone, now);
  await checkEntryItems(deps, student.studentId, input.homeworkItemIds);
  const entryId = await transactionWithRetry(deps.db, async (tx) => {
    const id = await repo.insertEntry(tx, {
      studentId: student.studentId,
      parentId,
      loggedByGuardianId: guardianId,
      practicedOn,
      minutes: input.minutes,
      source: "self_reported",
      note: input.note,
    });
    await repo.setEntryItems(tx, id, input.homeworkItemIds);
    return id;
  });
  return entryOf(deps, entryId, parentId);
}

async function ownEntry(deps: DbDeps, parentId: string, entryId: string): Promise<repo.EntryRow> {
  const row = await repo.findEntry(deps.db, entryId);
  if (!row || row.parentId !== parentId) throw entryNotFound();
  return row;
}

export async function updateEntry(deps: DbDeps, parentId: string, entryId: string, input: UpdateEntryInput): Promise<PracticeEntryDTO> {
  const row = await ownEntry(deps, parentId, entryId);
  const student = await parentsStudent(deps, parentId, row.studentId);
  if (input.practicedOn && input.practicedOn !== row.practicedOn) checkPracticeDate(input.practicedOn, student.timeZone, new Date());
  if (input.homeworkItemIds) await checkEntryItems(deps, row.studentId, input.homeworkItemIds);
  // Typed minutes are the parent's word, not the timer's: the entry becomes self-reported.
  const minutesChanged = input.minutes !== undefined && input.minutes !== row.minutes;
  await transactionWithRetry(deps.db, async (tx) => {
    await repo.updateEntry(tx, entryId, {
      ...(input.practicedOn ? { practicedOn: input.practicedOn } : {}),
      ...(minutesChanged ? { minutes: input.minutes!, source: "self_reported" as const } : {}),
      ...(input.note !== undefined ? { note: input.note } : {}),
    });
    if (input.homeworkItemIds) await repo.setEntryItems(tx, entryId, input.homeworkItemIds);
  });
  return entryOf(deps, entryId, parentId);
}

export async function deleteEntry(deps: DbDeps, parentId: string, entryId: string): Promise<void> {
  if (!(await repo.deleteEntry(deps.db, entryId, parentId))) throw entryNotFound();
}

// ---------------------------------------------------------------------------------------------
// Timer

export function elapsedMs(timer: Pick<repo.TimerRow, "startedAt" | "pausedAt" | "pausedMs">, now: Date): number {
  const end = timer.pausedAt ?? now;
  return Math.max(0, end.getTime() - timer.startedAt.getTime() - timer.pausedMs);
}

export function timerDTO(timer: repo.TimerRow, now = new Date()): PracticeTimerDTO {
  return {
    studentId: timer.studentId,
    startedAt: timer.startedAt.toISOString(),
    pausedAt: timer.pausedAt?.toISOString() ?? null,
    pausedMs: timer.pausedMs,
    running: timer.pausedAt === null,
    elapsedMs: elapsedMs(timer, now),
    serverNow: now.toISOString(),
  };
}

export async function readTimer(deps: DbDeps, parentId: string, studentId: string): Promise<PracticeTimerDTO | null> {
  await parentsStudent(deps, parentId, studentId);
  const timer = await repo.findTimer(deps.db, studentId);
  return timer ? timerDTO(timer) : null;
}

export async function startTimer(deps: DbDeps, parentId: string, studentId: string): Promise<PracticeTimerDTO> {
  await parentsStudent(deps, parentId, studentId);
  const now = new Date();
  const timer = await repo.startTimer(deps.db, studentId, parentId, now);
  if (!timer) throw new AppError("conflict", TIMER_RUNNING_MESSAGE);
  return timerDTO(timer, now);
}

export async function pauseTimer(deps: DbDeps, parentId: string, studentId: string): Promise<PracticeTimerDTO> {
  await parentsStudent(deps, parentId, studentId);
  const now = new Date();
  const timer = (await repo.pauseTimer(deps.db, studentId, now)) ?? (await repo.findTimer(deps.db, studentId));
  if (!timer) throw new AppError("conflict", NO_TIMER_MESSAGE);
  return timerDTO(timer, now);
}

export async function resumeTimer(deps: DbDeps, parentId: string, studentId: string): Promise<PracticeTimerDTO> {
  await parentsStudent(deps, parentId, studentId);
  const now = new Date();
  const timer = (await repo.resumeTimer(deps.db, studentId, now)) ?? (await repo.findTimer(deps.db, studentId));
  if (!timer) throw new AppError("conflict", NO_TIMER_MESSAGE);
  return timerDTO(timer, now);
}

/**
 * Logs the timer's whole minutes as a "timed" entry for today in the parent's zone and removes the
 * timer, in one transaction: two stops at once log once (the second finds no timer). A timer of
 * more than 10 hours or under a minute is refused and kept, so the parent can discard it.
 */
export async function stopAndLog(deps: DbDeps, family: { parentId: string; guardianId: string }, studentId: string, input: StopTimerData): Promise<PracticeEntryDTO> {
  const { parentId, guardianId } = family;
  const student = await parentsStudent(deps, parentId, studentId);
  await checkEntryItems(deps, studentId, input.homeworkItemIds);
  const now = new Date();
  const entryId = await transactionWithRetry(deps.db, async (tx) => {
    const timer = await repo.takeTimer(tx, studentId);
    if (!timer) throw new AppError("conflict", NO_TIMER_MESSAGE);
    const minutes = Math.floor(elapsedMs(timer, now) / 60_000);
    if (minutes > PRACTICE_TIMER_MAX_MINUTES) throw new AppError("conflict", TIMER_TOO_LONG_MESSAGE, { reason: "timer_too_long" });
    if (minutes < PRACTICE_MINUTES_MIN) throw new AppError("conflict", TIMER_TOO_SHORT_MESSAGE, { reason: "timer_too_short" });
    const id = await repo.insertEntry(tx, { studentId, parentId, loggedByGuardianId: guardianId, practicedOn: todayIn(student.timeZone, now), minutes, source: "timed", note: input.note });
    await repo.setEntryItems(tx, id, input.homeworkItemIds);
    return id;
  });
  return entryOf(deps, entryId, parentId);
}

export async function discardTimer(deps: DbDeps, parentId: string, studentId: string): Promise<void> {
  await parentsStudent(deps, parentId, studentId);
  if (!(await repo.takeTimer(deps.db, studentId))) throw new AppError("conflict", NO_TIMER_MESSAGE);
}

// ---------------------------------------------------------------------------------------------
// Class switch

export async function setClassPracticeXp(deps: DbDeps, teacherId: string, classId: string, input: ClassPracticeSettingsInput): Promise<ClassPracticeSettingsDTO> {
  if (!(await repo.setClassPracticeXp(deps.db, classId, teacherId, input.practiceXp))) throw new AppError("not_found", "Class not found");
  return { classId, practiceXp: input.practiceXp };
}
