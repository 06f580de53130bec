import { and, eq, sql } from "drizzle-orm";
import { INSTRUMENT_KEYS, type Instrument } from "../../shared/teachers/teachers.constants";
import type { Executor } from "../db/client";
import { teacherInstruments, teacherProfiles } from "../db/schema";
import { discoverableTeacher } from "../db/discoverable";

/** Instruments in the order search shows them: most years teaching first, then the instrument list's order. */
const INSTRUMENT_ORDER = sql.raw(`array[${INSTRUMENT_KEYS.map((key) => `'${key}'`).join(", ")}]::text[]`);

/**
 * A discoverable teacher's public fields. The rating and count are the columns that the reviews
 * triggers keep (migration search_triggers), the same figures search sorts and filters on, so the
 * profile and the cards can never disagree.
 */
export async function findPublicProfile(db: Executor, teacherId: string) {
  const [row] = await db
    .select({
      id: teacherProfiles.id,
      firstName: teacherProfiles.firstName,
      lastName: teacherProfiles.lastName,
      city: teacherProfiles.city,
      state: teacherProfiles.state,
      lessonFormat: teacherProfiles.lessonFormat,
      hourlyRateMin: teacherProfiles.hourlyRateMin,
      hourlyRateMax: teacherProfiles.hourlyRateMax,
      teachingExperienceYears: teacherProfiles.teachingExperienceYears,
      educationBackground: teacherProfiles.educationBackground,
      teachingMethods: teacherProfiles.teachingMethods,
      ageGroupsTaught: teacherProfiles.ageGroupsTaught,
      teachingStyleDescription: teacherProfiles.teachingStyleDescription,
      bio: teacherProfiles.bio,
      introVideoUrl: teacherProfiles.introVideoUrl,
      timeZone: teacherProfiles.timeZone,
      rating: teacherProfiles.rating,
      reviewCount: teacherProfiles.reviewCount,
    })
    .from(teacherProfiles)
    .where(and(eq(teacherProfiles.id, teacherId), discoverableTeacher()));
  if (!row) return undefined;
  const instruments = await db
    .select({ instrument: teacherInstruments.instrument })
    .from(teacherInstruments)
    .where(eq(teacherInstruments.teacherId, teacherId))
    .orderBy(sql`${teacherInstruments.yearsTeaching} desc, array_position(${INSTRUMENT_ORDER}, ${teacherInstruments.instrument})`);
  return { ...row, instruments: instruments.map((i) => i.instrument as Instrument) };
}

/** What booking needs of a teacher, or undefined unless the teacher is public (discoverable). */
export async function findPublicTeacher(db: Executor, teacherId: string) {
  const [row] = await db
    .select({
      id: teacherProfiles.id,
      userId: teacherProfiles.userId,
      firstName: teacherProfiles.firstName,
      lastName: teacherProfiles.lastName,
      email: teacherProfiles.email,
      timeZone: teacherProfiles.timeZone,
    })
    .from(teacherProfiles)
    .where(and(eq(teacherProfiles.id, teacherId), discoverableTeacher()));
  return row;
}

/** Whether a teacher profile exists at all, public or not. */
export async function teacherExists(db: Executor, teacherId: string): Promise<boolean> {
  const [row] = await db.select({ id: teacherProfiles.id }).from(teacherProfiles).where(eq(teacherProfiles.id, teacherId));
  return row !== undefined;
}
