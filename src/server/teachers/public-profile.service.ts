import { AppError } from "../../shared/errors";
import { withTeacherEnumerations } from "../db/teacher-enumerations";
import { TEACHER_NOT_FOUND_MESSAGE, type PublicTeacherProfile } from "../../shared/teachers/public-profile.schemas";
import type { Deps } from "../deps";
import * as repo from "./public-profile.repo";

export const teacherNotFound = () => new AppError("not_found", TEACHER_NOT_FOUND_MESSAGE);

/**
 * The parent profile of whoever asks about a teacher, or null (a visitor, a teacher). A function,
 * so it is looked up only when it matters: the teacher is hidden. Asking about a public teacher,
 * the usual case, costs no session lookup.
 */
export type ParentViewer = () => Promise<string | null>;
export const noParent: ParentViewer = () => Promise.resolve(null);
export const knownParent = (parentId: string): ParentViewer => () => Promise.resolve(parentId);

/** The public row, else (the teacher is hidden) the row as the asking family may still see it. */
async function publicOrFamily<Row>(
  viewer: ParentViewer,
  publicRow: () => Promise<Row | undefined>,
  familyRow: (parentId: string) => Promise<Row | undefined>,
): Promise<Row | undefined> {
  const row = await publicRow();
  if (row) return row;
  const parentId = await viewer();
  return parentId ? familyRow(parentId) : undefined;
}

/**
 * The discovery rule (spec section 4) for one teacher: a teacher who switched discovery off is
 * "not found" to everyone else, exactly like an id that does not exist, except to the families
 * already with them (a booked lesson or a class: db/discoverable.ts), whose lessons carry on.
 * Booking, reviews and the public profile all ask here.
 */
export async function findPublicTeacherOrThrow(deps: Pick<Deps, "db">, teacherId: string, viewer: ParentViewer = noParent) {
  const teacher = await publicOrFamily(
    viewer,
    () => repo.findPublicTeacher(deps.db, teacherId),
    (parentId) => repo.findPublicTeacher(deps.db, teacherId, parentId),
  );
  if (!teacher) throw teacherNotFound();
  return teacher;
}

/** For a hidden teacher: whether the asking family is with them, and so may still see their times and book. */
export async function isTeacherOfViewer(deps: Pick<Deps, "db">, teacherId: string, viewer: ParentViewer): Promise<boolean> {
  const parentId = await viewer();
  return parentId !== null && (await repo.isFamilyOfTeacher(deps.db, teacherId, parentId));
}

/** Any teacher, public or not (a parent may review a teacher they had lessons with who is now hidden). */
export async function findTeacherOrThrow(deps: Pick<Deps, "db">, teacherId: string): Promise<void> {
  if (!(await repo.teacherExists(deps.db, teacherId))) throw teacherNotFound();
}

/**
 * The public profile (spec section 2). A teacher who has switched discovery off is not public:
 * everyone, the teacher included, gets the same 404 as for an id that does not exist, so the
 * answer does not even tell whether the profile exists. The families already with the teacher
 * are the exception: they keep the profile, which Book Another Lesson books from.
 */
export async function getPublicProfile(
  deps: Pick<Deps, "db">,
  teacherId: string,
  viewer: ParentViewer = noParent,
): Promise<PublicTeacherProfile> {
  const row = await publicOrFamily(
    viewer,
    () => repo.findPublicProfile(deps.db, teacherId),
    (parentId) => repo.findPublicProfile(deps.db, teacherId, parentId),
  );
  if (!row) throw teacherNotFound();
  return {
    ...withTeacherEnumerations(row),
    rating: row.rating === null ? null : Number(row.rating),
    reviewCount: Number(row.reviewCount),
  };
}
