import {
  INSTRUMENTS,
  type EDUCATION_BACKGROUNDS,
  type Instrument,
  type LessonFormat,
  type TEACHER_EXPERIENCE,
} from "./teachers.constants";

type Education = (typeof EDUCATION_BACKGROUNDS)[number];
type Experience = (typeof TEACHER_EXPERIENCE)[number];

const EXPERIENCE_PHRASE: Record<Experience, string> = {
  "Less than 1": "less than a year",
  "1-3": "1-3 years",
  "3-5": "3-5 years",
  "5+": "5+ years",
};

/** Completes "… teaching piano" with the teacher's training. */
const EDUCATION_PHRASE: Record<Education, string> = {
  Degree: "and a music degree",
  Conservatory: "and a conservatory education",
  Private: "and private musical training",
  "Self-Taught": "and is self-taught",
};

/**
 * The About text of a profile without a teaching style description (spec section 2): one
 * sentence from experience, instrument and education, e.g. "Taylor has 5+ years of experience
 * teaching piano and a conservatory education."
 */
export function aboutSentence(profile: {
  firstName: string;
  teachingExperienceYears: Experience;
  instruments: readonly Instrument[];
  educationBackground: Education;
}): string {
  const instrument = profile.instruments[0] ? INSTRUMENTS[profile.instruments[0]].toLowerCase() : "music";
  const experience = EXPERIENCE_PHRASE[profile.teachingExperienceYears];
  return `${profile.firstName} has ${experience} of experience teaching ${instrument} ${EDUCATION_PHRASE[profile.educationBackground]}.`;
}

/** The teacher's own hourly rate range (decisions.md: every price shown is the teacher's): "$60-90", or "$60" when both ends agree. */
export function rateRange(min: number, max: number): string {
  return min === max ? `$${min}` : `$${min}-${max}`;
}

/** "Piano Teacher" from the primary instrument; "Music Teacher" when none is listed. */
export function teacherTitle(instruments: readonly Instrument[]): string {
  return `${instruments[0] ? INSTRUMENTS[instruments[0]] : "Music"} Teacher`;
}

export function offersOnline(format: LessonFormat): boolean {
  return format === "online" || format === "both";
}

/** Two letters for the avatar (profiles have no photos). */
export function initials(firstName: string, lastName: string): string {
  return `${Array.from(firstName.trim())[0] ?? ""}${Array.from(lastName.trim())[0] ?? ""}`.toUpperCase();
}
