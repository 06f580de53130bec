import { AppError } from "../../shared/errors";
import type { TeacherProfile } from "../../shared/teachers/profile.schemas";
import { TEACHER_NOT_FOUND_MESSAGE, type PublicTeacherProfile } from "../../shared/teachers/public-profile.schemas";
import type { Deps } from "../http/app-env";
import * as repo from "./public-profile.repo";

export const teacherNotFound = () => new AppError("not_found", TEACHER_NOT_FOUND_MESSAGE);

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
