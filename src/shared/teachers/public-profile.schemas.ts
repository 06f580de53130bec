import type { TeacherProfile } from "./profile.schemas";

/** A profile that does not exist, or is not public (discovery off): the same answer for both. */
export const TEACHER_NOT_FOUND_MESSAGE = "Teacher not found";

/**
 * GET /api/teachers/:teacherId/public: what parents and visitors see of a discoverable teacher
 * (spec section 2, Teacher profile page). No contact details: messaging and booking go through
 * the app.
 */
export interface PublicTeacherProfile
  extends Pick<
    TeacherProfile,
    | "id"
    | "firstName"
    | "lastName"
    | "city"
    | "state"
    | "lessonFormat"
    /** Where in-person lessons happen (studio or the family's home), never the address itself. */
    | "inPersonPlace"
    | "hourlyRateMin"
    | "hourlyRateMax"
    | "teachingExperienceYears"
    | "educationBackground"
    | "teachingMethods"
    | "ageGroupsTaught"
    | "teachingStyleDescription"
    | "bio"
    | "introVideoUrl"
    | "timeZone"
  > {
  /** Primary first: most years teaching, then the order of the instrument list (as search shows it). */
  instruments: TeacherProfile["instruments"];
  /** Average to one decimal; null while there are no reviews. The same figures as search. */
  rating: number | null;
  reviewCount: number;
}
