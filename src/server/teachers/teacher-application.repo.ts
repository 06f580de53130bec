import { and, eq, isNull } from "drizzle-orm";
import type { TeacherApplication } from "../../shared/teachers/application.schemas";
import type { Executor } from "../db/client";
import { teacherAvailability, teacherInstruments, teacherProfiles } from "../db/schema";

/**
 * The teacher profile of an application. It starts hidden from search (is_discoverable false)
 * until the teacher turns discovery on; coordinates start empty and are filled from city and state
 * by the search feature in the same transaction.
 */
export async function insertTeacherProfile(
  tx: Executor,
  userId: string,
  application: Pick<TeacherApplication, "personal" | "teaching" | "screening">,
): Promise<string> {
  const { personal, teaching, screening } = application;
  const [row] = await tx
    .insert(teacherProfiles)
    .values({
      userId,
      firstName: personal.firstName,
      lastName: personal.lastName,
      email: personal.email,
      phone: personal.phone,
      city: personal.city,
      state: personal.state,
      timeZone: personal.timeZone,
      latitude: null,
      longitude: null,
      bio: teaching.bio,
      hasTransportation: teaching.hasTransportation,
      // Issue 26: a teacher with transportation travels to families for in-person lessons (as
      // migration 0012 decided for the teachers before it); settings can change it.
      inPersonPlace: teaching.hasTransportation ? "family_home" : "studio",
      educationBackground: teaching.educationBackground,
      teachingExperienceYears: teaching.teachingExperienceYears,
      ageGroupsTaught: teaching.ageGroupsTaught,
      teachingMethods: teaching.teachingMethods,
      teachingStyleDescription: teaching.teachingStyleDescription,
      lessonFormat: teaching.lessonFormat,
      platformExperience: teaching.platformExperience,
      videoConferenceExperience: teaching.videoConferenceExperience,
      backgroundCheckConsent: screening.backgroundCheckConsent,
      priorComplaints: screening.priorComplaints,
      complaintExplanation: screening.complaintExplanation,
      canProvideReferences: screening.canProvideReferences,
      hourlyRateMin: teaching.hourlyRateMin,
      hourlyRateMax: teaching.hourlyRateMax,
      isDiscoverable: false,
      discoveryEnabledAt: null,
    })
    .returning({ id: teacherProfiles.id });
  return row!.id;
}

/** Spec section 3: at sign-up every instrument starts at 0 years of teaching, proficiency Advanced. */
export async function insertInstruments(tx: Executor, teacherId: string, instruments: readonly string[]): Promise<void> {
  if (instruments.length === 0) return;
  await tx
    .insert(teacherInstruments)
    .values(instruments.map((instrument) => ({ teacherId, instrument, yearsTeaching: 0, proficiencyLevel: "Advanced" })));
}

export async function insertAvailability(tx: Executor, teacherId: string, windows: TeacherApplication["availability"]["days"]): Promise<void> {
  if (windows.length === 0) return;
  await tx
    .insert(teacherAvailability)
    .values(windows.map((w) => ({ teacherId, dayOfWeek: w.dayOfWeek, startTime: w.startTime, endTime: w.endTime, format: "both" })));
}

export async function findIntroVideoUrl(db: Executor, teacherId: string): Promise<{ introVideoUrl: string | null } | null> {
  const [row] = await db
    .select({ introVideoUrl: teacherProfiles.introVideoUrl })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.id, teacherId));
  return row ?? null;
}

export async function setIntroVideoUrl(db: Executor, teacherId: string, introVideoUrl: string): Promise<void> {
  await db
    .update(teacherProfiles)
    .set({ introVideoUrl, updatedAt: new Date() })
    .where(eq(teacherProfiles.id, teacherId));
}

/**
 * Claims the application's one-time upload token in one statement, so of several uploads sent at
 * once with the same token exactly one proceeds. Only while the profile has no video yet.
 */
export async function claimIntroVideoToken(db: Executor, teacherId: string): Promise<boolean> {
  const rows = await db
    .update(teacherProfiles)
    .set({ introVideoTokenClaimedAt: new Date() })
    .where(and(eq(teacherProfiles.id, teacherId), isNull(teacherProfiles.introVideoTokenClaimedAt), isNull(teacherProfiles.introVideoUrl)))
    .returning({ id: teacherProfiles.id });
  return rows.length === 1;
}

/** A claimed upload that failed gives the token back, so the wizard can try again with a good file. */
export async function releaseIntroVideoToken(db: Executor, teacherId: string): Promise<void> {
  await db
    .update(teacherProfiles)
    .set({ introVideoTokenClaimedAt: null })
    .where(and(eq(teacherProfiles.id, teacherId), isNull(teacherProfiles.introVideoUrl)));
}
