import { AppError } from "../../shared/errors";
import type { TeacherProfile } from "../../shared/teachers/profile.schemas";
import { TEACHER_NOT_FOUND_MESSAGE, type PublicTeacherProfile } from "../../shared/teachers/public-profile.schemas";
import type { Deps } from "../http/app-env";
import * as repo from "./public-profile.repo";

export const teacherNotFound = () => new AppError("not_found", TEACHER_NOT_FOUND_MESSAGE);

/**
 * The discovery rule (spec section 4) for one teacher: a teacher who switched discovery off is
 * "not found" to everyone else, exactly like an id that does not exist. Booking, reviews and the
 * public profile all ask here.
 */
export async function findPublicTeacherOrThrow(deps: Pick<Deps, "db">, teacherId: string) {
  const teacher = await repo.findPublicTeacher(deps.db, teacherId);
  if (!teacher) throw teacherNotFound();
  return teacher;
}

/** Any teacher, public or not (a parent may review a teacher they had lessons with who is now hidden). */
export async function findTeacherOrThrow(deps: Pick<Deps, "db">, teacherId: string): Promise<void> {
  if (!(await repo.teacherExists(deps.db, teacherId))) throw teacherNotFound();
}

/**
 * The public profile (spec section 2). A teacher who has switched discovery off is not public:
 * everyone, the teacher included, gets the same 404 as for an id that does not exist, so the
 * answer does not even tell whether the profile exists.
 */
export async function getPublicProfile(deps: Pick<Deps, "db">, teacherId: string): Promise<PublicTeacherProfile> {
  const row = await repo.findPublicProfile(deps.db, teacherId);
  if (!row) throw teacherNotFound();
  // The columns' CHECK constraints admit only the enumerations these types name.
  return {
    ...row,
    lessonFormat: row.lessonFormat as TeacherProfile["lessonFormat"],
    teachingExperienceYears: row.teachingExperienceYears as TeacherProfile["teachingExperienceYears"],
    educationBackground: row.educationBackground as TeacherProfile["educationBackground"],
    teachingMethods: row.teachingMethods as TeacherProfile["teachingMethods"],
    ageGroupsTaught: row.ageGroupsTaught as TeacherProfile["ageGroupsTaught"],
    rating: row.rating === null ? null : Number(row.rating),
    reviewCount: Number(row.reviewCount),
  };
}
