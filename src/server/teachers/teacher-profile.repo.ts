import { withTeacherEnumerations } from "../db/teacher-enumerations";
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { DiscoveryStatus, TeacherProfile, TeacherProfileUpdate, TeacherStats } from "../../shared/teachers/profile.schemas";
import type { Instrument } from "../../shared/teachers/teachers.constants";
import type { TeacherReviewStatus } from "../../shared/operator/operator.constants";
import { PENDING_EXPIRY_HOURS } from "../../shared/lessons/pending-expiry.rules";
import { queryRows, type Executor } from "../db/client";
import { teacherInstruments, teacherProfiles } from "../db/schema";

/** Every query is keyed by the teacher id the guard took from the session. */

const profileColumns = {
  id: teacherProfiles.id,
  firstName: teacherProfiles.firstName,
  lastName: teacherProfiles.lastName,
  email: teacherProfiles.email,
  phone: teacherProfiles.phone,
  city: teacherProfiles.city,
  state: teacherProfiles.state,
  bio: teacherProfiles.bio,
  educationBackground: teacherProfiles.educationBackground,
  teachingExperienceYears: teacherProfiles.teachingExperienceYears,
  teachingMethods: teacherProfiles.teachingMethods,
  ageGroupsTaught: teacherProfiles.ageGroupsTaught,
  teachingStyleDescription: teacherProfiles.teachingStyleDescription,
  lessonFormat: teacherProfiles.lessonFormat,
  hourlyRateMin: teacherProfiles.hourlyRateMin,
  hourlyRateMax: teacherProfiles.hourlyRateMax,
  timeZone: teacherProfiles.timeZone,
  meetingUrl: teacherProfiles.meetingUrl,
  inPersonPlace: teacherProfiles.inPersonPlace,
  studioAddress: teacherProfiles.studioAddress,
  introVideoUrl: teacherProfiles.introVideoUrl,
  isDiscoverable: teacherProfiles.isDiscoverable,
  discoveryEnabledAt: teacherProfiles.discoveryEnabledAt,
  updatedAt: teacherProfiles.updatedAt,
};

export async function findProfile(db: Executor, teacherId: string): Promise<TeacherProfile | undefined> {
  const [row] = await db.select(profileColumns).from(teacherProfiles).where(eq(teacherProfiles.id, teacherId));
  if (!row) return undefined;
  const instruments = await db
    .select({ instrument: teacherInstruments.instrument })
    .from(teacherInstruments)
    .where(eq(teacherInstruments.teacherId, teacherId))
    .orderBy(asc(teacherInstruments.instrument));
  return {
    ...withTeacherEnumerations(row),
    instruments: instruments.map((i) => i.instrument as Instrument),
    discoveryEnabledAt: row.discoveryEnabledAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Locks the teacher's row until the transaction ends. Writes that read-then-check a teacher's
 * data (rates, availability overlap) take it first, so two requests of one teacher run one after
 * the other instead of both passing the check.
 */
export interface LockedTeacher {
  hourlyRateMin: number;
  hourlyRateMax: number;
  timeZone: string;
  lessonFormat: TeacherProfile["lessonFormat"];
  meetingUrl: string | null;
  inPersonPlace: TeacherProfile["inPersonPlace"];
  studioAddress: string | null;
}

export async function lockTeacher(
  tx: Executor,
  teacherId: string,
): Promise<LockedTeacher | undefined> {
  const [row] = await tx
    .select({
      hourlyRateMin: teacherProfiles.hourlyRateMin,
      hourlyRateMax: teacherProfiles.hourlyRateMax,
      timeZone: teacherProfiles.timeZone,
      lessonFormat: teacherProfiles.lessonFormat,
      meetingUrl: teacherProfiles.meetingUrl,
      inPersonPlace: teacherProfiles.inPersonPlace,
      studioAddress: teacherProfiles.studioAddress,
    })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.id, teacherId))
    .for("update");
  // The columns' CHECK constraints admit only these enumerations.
  return row ? { ...row, lessonFormat: row.lessonFormat as LockedTeacher["lessonFormat"], inPersonPlace: row.inPersonPlace as LockedTeacher["inPersonPlace"] } : undefined;
}

export async function updateProfile(tx: Executor, teacherId: string, patch: TeacherProfileUpdate): Promise<boolean> {
  const { instruments, ...columns } = patch;
  const updated = await tx
    .update(teacherProfiles)
    .set({ ...columns, updatedAt: sql`now()` })
    .where(eq(teacherProfiles.id, teacherId))
    .returning({ id: teacherProfiles.id });
  if (!updated.length) return false;
  if (instruments) await replaceInstruments(tx, teacherId, instruments);
  return true;
}

/** Keeps the rows (years, proficiency) of instruments still taught; adds new ones with the sign-up defaults. */
async function replaceInstruments(tx: Executor, teacherId: string, instruments: Instrument[]): Promise<void> {
  await tx
    .delete(teacherInstruments)
    .where(and(eq(teacherInstruments.teacherId, teacherId), notInArray(teacherInstruments.instrument, instruments)));
  const kept = await tx
    .select({ instrument: teacherInstruments.instrument })
    .from(teacherInstruments)
    .where(and(eq(teacherInstruments.teacherId, teacherId), inArray(teacherInstruments.instrument, instruments)));
  const keptSet = new Set(kept.map((k) => k.instrument));
  const added = instruments.filter((instrument) => !keptSet.has(instrument));
  if (added.length) {
    await tx
      .insert(teacherInstruments)
      .values(added.map((instrument) => ({ teacherId, instrument, yearsTeaching: 0, proficiencyLevel: "Advanced" })));
  }
}

/**
 * Enabling stamps discovery_enabled_at (kept when it was already on: the teacher has been
 * visible since then); disabling clears it. The CHECK constraint keeps the two in step.
 */
export async function setDiscovery(db: Executor, teacherId: string, enabled: boolean): Promise<DiscoveryStatus | undefined> {
  const [row] = await db
    .update(teacherProfiles)
    .set({
      isDiscoverable: enabled,
      discoveryEnabledAt: enabled ? sql`coalesce(${teacherProfiles.discoveryEnabledAt}, now())` : null,
      updatedAt: sql`now()`,
    })
    // Issue 27: switching on is a guarded write (only an approved application), so a decision
    // landing at the same moment cannot let the listed-when-approved CHECK surface as a 500.
    .where(and(eq(teacherProfiles.id, teacherId), enabled ? eq(teacherProfiles.reviewStatus, "approved") : undefined))
    .returning({ isDiscoverable: teacherProfiles.isDiscoverable, discoveryEnabledAt: teacherProfiles.discoveryEnabledAt });
  if (!row) return undefined;
  return { isDiscoverable: row.isDiscoverable, discoveryEnabledAt: row.discoveryEnabledAt?.toISOString() ?? null };
}

export async function findDashboardHeader(db: Executor, teacherId: string) {
  const [row] = await db
    .select({
      firstName: teacherProfiles.firstName,
      lastName: teacherProfiles.lastName,
      isDiscoverable: teacherProfiles.isDiscoverable,
      discoveryEnabledAt: teacherProfiles.discoveryEnabledAt,
      reviewStatus: teacherProfiles.reviewStatus,
      reviewMessage: teacherProfiles.reviewMessage,
    })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.id, teacherId));
  // The column's CHECK admits only the review statuses.
  return row ? { ...row, reviewStatus: row.reviewStatus as TeacherReviewStatus } : undefined;
}

export async function findReviewStatus(db: Executor, teacherId: string): Promise<TeacherReviewStatus | undefined> {
  const [row] = await db.select({ reviewStatus: teacherProfiles.reviewStatus }).from(teacherProfiles).where(eq(teacherProfiles.id, teacherId));
  return row?.reviewStatus as TeacherReviewStatus | undefined;
}

/**
 * Issue 27: an application sent back for changes goes back to the queue, as if new (the queue is
 * ordered by submitted_for_review_at). Guarded on the status, so a double click resubmits once.
 */
export async function resubmitForReview(db: Executor, teacherId: string): Promise<{ submittedForReviewAt: Date } | undefined> {
  const [row] = await db
    .update(teacherProfiles)
    .set({ reviewStatus: "pending", submittedForReviewAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(teacherProfiles.id, teacherId), eq(teacherProfiles.reviewStatus, "changes_requested")))
    .returning({ submittedForReviewAt: teacherProfiles.submittedForReviewAt });
  return row;
}

/**
 * Three of the dashboard's four figures in one round trip (active classes come from the classes
 * feature; decisions.md: real figures, no placeholders). "Pending requests" counts requests as the
 * Requests panel shows them, the ones still waiting for an answer: a weekly series is one request,
 * and a request that expired (pending-expiry.rules: its first lesson's time came, or 72 h passed)
 * can no longer be answered, so it is not counted. A lesson "this week" is a lesson event of
 * the teacher's calendar (made when a booking is accepted; a cancelled one no longer counts)
 * starting in [now, now + 7 days).
 */
export async function readStats(db: Executor, teacherId: string, now: Date): Promise<Omit<TeacherStats, "activeClasses">> {
  const [row] = await queryRows<{ pending: number; upcoming: number; students: number }>(
    db,
    sql`
      select
        (select count(*)::int from (
            select min(b.created_at) as created_at, min(s.starts_at) as first_start
              from bookings b join booking_slots s on s.id = b.slot_id
             where b.teacher_id = ${teacherId} and b.status = 'pending'
             group by coalesce(b.series_id, b.id)
          ) as requests
          where requests.first_start > ${now.toISOString()}::timestamptz
            and requests.created_at + ${PENDING_EXPIRY_HOURS}::int * interval '1 hour' > ${now.toISOString()}::timestamptz) as pending,
        (select count(*)::int from calendar_events e
          where e.teacher_id = ${teacherId} and e.event_type = 'lesson' and e.status = 'upcoming'
            and e.starts_at >= ${now.toISOString()}::timestamptz
            and e.starts_at < ${now.toISOString()}::timestamptz + interval '7 days') as upcoming,
        (select count(*)::int from (
            select b.student_id from bookings b where b.teacher_id = ${teacherId} and b.status = 'accepted'
            union
            select c.student_id from classes c
             where c.teacher_id = ${teacherId} and c.status = 'active' and c.student_id is not null
          ) as students) as students
    `,
  );
  return {
    pendingRequests: Number(row?.pending ?? 0),
    upcomingLessonsThisWeek: Number(row?.upcoming ?? 0),
    activeStudents: Number(row?.students ?? 0),
  };
}

/** Where the teacher lives, to place them on the map for search distances. */
export async function readTeacherPlace(db: Executor, teacherId: string): Promise<{ city: string; state: string } | undefined> {
  const [row] = await queryRows<{ city: string; state: string }>(
    db,
    sql`select city, state from teacher_profiles where id = ${teacherId}`,
  );
  return row;
}

export async function setTeacherPoint(
  db: Executor,
  teacherId: string,
  point: { latitude: number; longitude: number } | null,
): Promise<void> {
  await db.execute(sql`
    update teacher_profiles
       set latitude = ${point?.latitude ?? null}::float8, longitude = ${point?.longitude ?? null}::float8
     where id = ${teacherId}
       and (latitude is distinct from ${point?.latitude ?? null}::float8 or longitude is distinct from ${point?.longitude ?? null}::float8)`);
}

/** Account deletion: the teacher profile (instruments, availability and the like go by cascade). */
export async function deleteTeacherProfile(tx: Executor, userId: string): Promise<void> {
  await tx.delete(teacherProfiles).where(eq(teacherProfiles.userId, userId));
}

