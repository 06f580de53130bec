import type { TeacherProfile } from "../../shared/teachers/profile.schemas";

/**
 * A teacher row's enumeration columns as their types: the columns' CHECK constraints admit only
 * the enumerations these types name (the teacher's own profile and the operators' review read them).
 */
export function withTeacherEnumerations<
  T extends { educationBackground: string; teachingExperienceYears: string; teachingMethods: string[]; ageGroupsTaught: string[]; lessonFormat: string; inPersonPlace: string },
>(row: T) {
  return {
    ...row,
    educationBackground: row.educationBackground as TeacherProfile["educationBackground"],
    teachingExperienceYears: row.teachingExperienceYears as TeacherProfile["teachingExperienceYears"],
    teachingMethods: row.teachingMethods as TeacherProfile["teachingMethods"],
    ageGroupsTaught: row.ageGroupsTaught as TeacherProfile["ageGroupsTaught"],
    lessonFormat: row.lessonFormat as TeacherProfile["lessonFormat"],
    inPersonPlace: row.inPersonPlace as TeacherProfile["inPersonPlace"],
  };
}
