import { asc, eq } from "drizzle-orm";
import type { ReviewedFields } from "../../shared/operator/application-changes.rules";
import type { ApplicationDetail } from "../../shared/operator/applications.schemas";
import type { TeacherReviewStatus } from "../../shared/operator/operator.constants";
import type { Instrument } from "../../shared/teachers/teachers.constants";
import type { Executor } from "../db/client";
import { teacherAvailability, teacherInstruments, teacherProfiles, user } from "../db/schema";
import { withTeacherEnumerations } from "../db/teacher-enumerations";

/**
 * A teacher's application as the operators review it (issue 27): every step of the wizard, as
 * submitted or since edited, and (issue 41) as it stood at the last decision.
 */

export type ApplicationAsSubmitted = Omit<ApplicationDetail, "changesSinceReview">;

/** The application as it stands, and as it stood at the last decision (null before the first). */
export async function findApplication(
  db: Executor,
  teacherId: string,
): Promise<{ application: ApplicationAsSubmitted; reviewed: ReviewedFields | null } | undefined> {
  const [row] = await db
    .select({
      id: teacherProfiles.id,
      accountEmail: user.email,
      firstName: teacherProfiles.firstName,
      lastName: teacherProfiles.lastName,
      email: teacherProfiles.email,
      phone: teacherProfiles.phone,
      city: teacherProfiles.city,
      state: teacherProfiles.state,
      timeZone: teacherProfiles.timeZone,
      bio: teacherProfiles.bio,
      hasTransportation: teacherProfiles.hasTransportation,
      educationBackground: teacherProfiles.educationBackground,
      teachingExperienceYears: teacherProfiles.teachingExperienceYears,
      teachingMethods: teacherProfiles.teachingMethods,
      ageGroupsTaught: teacherProfiles.ageGroupsTaught,
      teachingStyleDescription: teacherProfiles.teachingStyleDescription,
      lessonFormat: teacherProfiles.lessonFormat,
      inPersonPlace: teacherProfiles.inPersonPlace,
      studioAddress: teacherProfiles.studioAddress,
      platformExperience: teacherProfiles.platformExperience,
      videoConferenceExperience: teacherProfiles.videoConferenceExperience,
      backgroundCheckConsent: teacherProfiles.backgroundCheckConsent,
      priorComplaints: teacherProfiles.priorComplaints,
      complaintExplanation: teacherProfiles.complaintExplanation,
      canProvideReferences: teacherProfiles.canProvideReferences,
      hourlyRateMin: teacherProfiles.hourlyRateMin,
      hourlyRateMax: teacherProfiles.hourlyRateMax,
      introVideoUrl: teacherProfiles.introVideoUrl,
      reviewStatus: teacherProfiles.reviewStatus,
      reviewMessage: teacherProfiles.reviewMessage,
      submittedForReviewAt: teacherProfiles.submittedForReviewAt,
      reviewedAt: teacherProfiles.reviewedAt,
      createdAt: teacherProfiles.createdAt,
      isDiscoverable: teacherProfiles.isDiscoverable,
      reviewedApplication: teacherProfiles.reviewedApplication,
    })
    .from(teacherProfiles)
    .innerJoin(user, eq(user.id, teacherProfiles.userId))
    .where(eq(teacherProfiles.id, teacherId));
  if (!row) return undefined;
  const [instruments, availability] = await Promise.all([
    db
      .select({ instrument: teacherInstruments.instrument })
      .from(teacherInstruments)
      .where(eq(teacherInstruments.teacherId, teacherId))
      .orderBy(asc(teacherInstruments.instrument)),
    db
      .select({ dayOfWeek: teacherAvailability.dayOfWeek, startTime: teacherAvailability.startTime, endTime: teacherAvailability.endTime })
      .from(teacherAvailability)
      .where(eq(teacherAvailability.teacherId, teacherId))
      .orderBy(asc(teacherAvailability.dayOfWeek), asc(teacherAvailability.startTime)),
  ]);
  const { reviewedApplication, ...fields } = row;
  const application = {
    ...withTeacherEnumerations(fields),
    reviewStatus: row.reviewStatus as TeacherReviewStatus,
    instruments: instruments.map((i) => i.instrument as Instrument),
    availability: availability.map((a) => ({ ...a, startTime: a.startTime.slice(0, 5), endTime: a.endTime.slice(0, 5) })),
    submittedForReviewAt: row.submittedForReviewAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
  return { application, reviewed: reviewedApplication ?? null };
}

/** Keeps the application as the operator decided on it (in the decision's transaction). */
export async function storeReviewedApplication(tx: Executor, teacherId: string, reviewed: ReviewedFields): Promise<void> {
  await tx.update(teacherProfiles).set({ reviewedApplication: reviewed }).where(eq(teacherProfiles.id, teacherId));
}

