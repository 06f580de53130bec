import { INSTRUMENTS, LESSON_FORMATS } from "../teachers/teachers.constants";
import { IN_PERSON_PLACE_LABELS } from "../teachers/profile.schemas";
import { DAY_NAMES } from "../teachers/weekly-availability.rules";
import type { ApplicationDetail } from "./applications.schemas";

/**
 * Issue 41: after "Ask for changes", the teacher's resubmission must change something, and the
 * operator reads what changed since the last review, field by field. The application is kept at
 * each decision as these labelled, human-readable values; a change is a label whose value differs.
 */
export type ReviewedFields = Record<string, string>;

export interface ApplicationChange {
  field: string;
  before: string;
  after: string;
}

export const NOTHING_CHANGED_MESSAGE =
  "Nothing has changed since the review. Make the changes the reviewer asked for in Settings, then resubmit.";

const yesNo = (value: boolean) => (value ? "Yes" : "No");
const listed = (values: readonly string[]) => (values.length > 0 ? values.join(", ") : "None");
const time = (value: string) => value.slice(0, 5);

/** A new upload changes the address's version (`?v=<ms>`), so a replaced video counts as a change. */
function introVideo(url: string | null): string {
  if (!url) return "None";
  const version = Number(new URL(url, "http://x").searchParams.get("v"));
  return Number.isFinite(version) && version > 1_000_000_000_000 ? `Uploaded ${new Date(version).toISOString().slice(0, 16).replace("T", " ")} UTC` : "Uploaded";
}

type Reviewed = Omit<ApplicationDetail, "reviewStatus" | "reviewMessage" | "submittedForReviewAt" | "reviewedAt" | "createdAt" | "isDiscoverable" | "changesSinceReview">;

/** What the operator reviews, by the label the desk shows it under. */
export function reviewedFields(application: Reviewed): ReviewedFields {
  const a = application;
  return {
    Name: `${a.firstName} ${a.lastName}`,
    "Profile email": a.email,
    Phone: a.phone,
    Place: `${a.city}, ${a.state}`,
    "Time zone": a.timeZone,
    Bio: a.bio,
    Instruments: listed(a.instruments.map((i) => INSTRUMENTS[i] ?? i)),
    "Hourly rate": `$${a.hourlyRateMin}-$${a.hourlyRateMax}`,
    Education: a.educationBackground,
    "Years teaching": a.teachingExperienceYears,
    "Teaching methods": listed(a.teachingMethods),
    "Age groups": listed(a.ageGroupsTaught),
    "Teaching style": a.teachingStyleDescription,
    "Lesson format": LESSON_FORMATS[a.lessonFormat],
    "In-person lessons": IN_PERSON_PLACE_LABELS[a.inPersonPlace],
    "Studio address": a.studioAddress ?? "None",
    "Own transportation": yesNo(a.hasTransportation),
    "Platform experience": a.platformExperience,
    "Video lessons before": yesNo(a.videoConferenceExperience),
    "Background check consent": yesNo(a.backgroundCheckConsent),
    "Prior complaints": a.priorComplaints ? `Yes: ${a.complaintExplanation ?? ""}`.trim() : "No",
    References: yesNo(a.canProvideReferences),
    "Intro video": introVideo(a.introVideoUrl),
    "Weekly availability": listed(a.availability.map((w) => `${DAY_NAMES[w.dayOfWeek] ?? w.dayOfWeek} ${time(w.startTime)}-${time(w.endTime)}`)),
  };
}

/** The fields whose value differs, in the order the desk lists the application. */
export function applicationChanges(before: ReviewedFields, after: ReviewedFields): ApplicationChange[] {
  const fields = [...Object.keys(after), ...Object.keys(before).filter((field) => !(field in after))];
  return fields
    .filter((field) => before[field] !== after[field])
    .map((field) => ({ field, before: before[field] ?? "None", after: after[field] ?? "None" }));
}
