import { and, eq, sql } from "drizzle-orm";
import { INSTRUMENT_KEYS, type Instrument } from "../../shared/teachers/teachers.constants";
import { queryRows, type Executor } from "../db/client";
import { teacherInstruments, teacherProfiles } from "../db/schema";
import { keptByFamily, visibleTeacher } from "../db/discoverable";

/** Instruments in the order search shows them: most years teaching first, then the instrument list's order. */
const INSTRUMENT_ORDER = sql.raw(`array[${INSTRUMENT_KEYS.map((key) => `'${key}'`).join(", ")}]::text[]`);

/**
 * A discoverable teacher's public fields (or, for `parentId`, a hidden teacher that family is
 * with: discoverable.ts). The rating and count are the columns that the reviews triggers keep
 * (migration search_triggers), the same figures search sorts and filters on, so the profile and
 * the cards can never disagree.
 */
export async function findPublicProfile(db: Executor, teacherId: string, parentId: string | null = null) {
  const [row] = await db
    .select({
      id: teacherProfiles.id,
      firstName: teacherProfiles.firstName,
      lastName: teacherProfiles.lastName,
      city: teacherProfiles.city,
      state: teacherProfiles.state,
      lessonFormat: teacherProfiles.lessonFormat,
      inPersonPlace: teacherProfiles.inPersonPlace,
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
    .where(and(eq(teacherProfiles.id, teacherId), visibleTeacher(parentId)));
  if (!row) return undefined;
  const instruments = await db
    .select({ instrument: teacherInstruments.instrument })
    .from(teacherInstruments)
    .where(eq(teacherInstruments.teacherId, teacherId))
    .orderBy(sql`${teacherInstruments.yearsTeaching} desc, array_position(${INSTRUMENT_ORDER}, ${teacherInstruments.instrument})`);
  return { ...row, instruments: instruments.map((i) => i.instrument as Instrument) };
}

/** What booking needs of a teacher, or undefined unless the teacher is public (or one `parentId`'s family is with). */
export async function findPublicTeacher(db: Executor, teacherId: string, parentId: string | null = null) {
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
    .where(and(eq(teacherProfiles.id, teacherId), visibleTeacher(parentId)));
  return row;
}

/** Whether the parent's family is with the teacher (discoverable.ts), whatever the discovery switch. */
export async function isFamilyOfTeacher(db: Executor, teacherId: string, parentId: string): Promise<boolean> {
  const [row] = await queryRows<{ with: boolean }>(db, sql`select ${keptByFamily(sql`${teacherId}::uuid`, parentId)} as "with"`);
  return row?.with === true;
}

/** Whether a teacher profile exists at all, public or not. */
export async function teacherExists(db: Executor, teacherId: string): Promise<boolean> {
  const [row] = await db.select({ id: teacherProfiles.id }).from(teacherProfiles).where(eq(teacherProfiles.id, teacherId));
  return row !== undefined;
}
