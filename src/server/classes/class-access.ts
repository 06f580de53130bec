import { NO_STUDENT_MESSAGE, PARENT_ONLY_MESSAGE, TEACHER_ONLY_MESSAGE, type ViewerRole, CLASS_NOT_FOUND_MESSAGE } from "../../shared/classes/classes.api";
import { progressMetricsSchema, type ProgressMetrics } from "../../shared/classes/classes.schemas";
import { newClassProgress } from "../../shared/classes/progress.rules";
import { AppError } from "../../shared/errors";
import { findProfileIds } from "../auth";
import type { Tx } from "../db/client";
import type { Deps } from "../deps";
import * as repo from "./classes.repo";

/**
 * Who may touch a class, and the class row under its lock (issue 38 split classes.service.ts by
 * meaning: this file, the class and its enrolment, progress and grades, and files).
 *
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

export interface Viewer {
  teacherId: string | null;
  parentId: string | null;
}

export const classNotFound = () => new AppError("not_found", CLASS_NOT_FOUND_MESSAGE);

export function roleIn(row: { teacherId: string | null; parentId: string | null }, viewer: Viewer): ViewerRole | null {
  if (viewer.teacherId !== null && row.teacherId === viewer.teacherId) return "teacher";
  if (viewer.parentId !== null && row.parentId === viewer.parentId) return "parent";
  return null;
}

/** The viewer's role in the class; 404 for a stranger, 403 for the class's other member. */
export function authorize<Row extends { teacherId: string | null; parentId: string | null }>(
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
export function checkedProgress(progress: ProgressMetrics): ProgressMetrics {
  return progressMetricsSchema.parse(progress);
}


export async function viewerOf(deps: Pick<Deps, "db">, userId: string): Promise<Viewer> {
  return findProfileIds(deps.db, userId);
}

/** The class row as locked, with its current enrolment read behind the lock. */
export type LockedClassState = repo.LockedClass & { enrolment: { id: string; archivedAt: Date | null } | null };

/** Runs `work` in one transaction holding the class row's lock, once the viewer's role allows it. */
export async function inLockedClass<T>(
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
export async function inLockedClassAs<T>(
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
export function currentEnrolmentOf(row: LockedClassState): string {
  if (!row.enrolment) throw new AppError("conflict", NO_STUDENT_MESSAGE);
  return row.enrolment.id;
}
