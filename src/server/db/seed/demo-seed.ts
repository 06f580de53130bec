// Demo data for a fresh install: a marketplace with teachers to find and two accounts to sign in
// with. It never touches a database that already has users, and it creates no reviews, bookings
// or classes: figures shown on the landing page must come from real activity.
import { sql } from "drizzle-orm";
import type { Auth } from "../../auth";
import { hashPassword, insertCredentialUser } from "../../auth";
import type { Database, Executor } from "../client";
import {
  parentProfiles,
  studentProfiles,
  studentRepertoire,
  teacherAvailability,
  teacherInstruments,
  teacherProfiles,
  user,
  userRoles,
} from "../schema";
import { DEMO_PARENT, DEMO_PARENT_EMAIL, DEMO_TEACHER, DEMO_TEACHER_EMAIL } from "./demo-accounts";
import { buildDemoTeachers, type DemoTeacher } from "./demo-data";

export const DEMO_PASSWORD = "demo-password";

export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; role: "parent" | "teacher" }> = [
  { email: DEMO_PARENT_EMAIL, role: "parent" },
  { email: DEMO_TEACHER_EMAIL, role: "teacher" },
];

// Serialises concurrent seeders: several API processes starting at once against one PostgreSQL
// must not both see an empty database and both seed. Any constant works; it only has to differ
// from the migration lock's.
const SEED_LOCK_KEY = 7_301_999;

const DAY_MS = 24 * 60 * 60 * 1000;

async function hasUsers(executor: Executor): Promise<boolean> {
  const rows = await executor.select({ id: user.id }).from(user).limit(1);
  return rows.length > 0;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Seeds only into an empty database (no rows in "user"); returns counts, or null when it did nothing. */
export async function seedDemoIfEmpty(
  db: Database,
  auth: Auth,
): Promise<{ teachers: number; parents: number; students: number } | null> {
  // Cheap check first, so a normal restart does not pay for hashing.
  if (await hasUsers(db)) return null;

  // One hash for every demo account: hashing is deliberately slow (~100 ms), and all demo
  // accounts share the published demo password anyway.
  const passwordHash = await hashPassword(auth, DEMO_PASSWORD);
  const teachers: DemoTeacher[] = [DEMO_TEACHER, ...buildDemoTeachers()];
  const now = new Date();

  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`));
    // Another process may have seeded while we waited for the lock.
    if (await hasUsers(tx)) return null;

    const teacherUserIds = new Map<string, string>();
    for (const t of teachers) {
      const { id } = await insertCredentialUser(tx, {
        email: t.email,
        name: `${t.firstName} ${t.lastName}`,
        passwordHash,
        emailVerified: true,
      });
      teacherUserIds.set(t.email, id);
    }
    const parentUser = await insertCredentialUser(tx, {
      email: DEMO_PARENT.email,
      name: `${DEMO_PARENT.firstName} ${DEMO_PARENT.lastName}`,
      passwordHash,
      emailVerified: true,
    });

    await tx.insert(userRoles).values([
      ...[...teacherUserIds.values()].map((userId) => ({ userId, activeRole: "teacher" })),
      { userId: parentUser.id, activeRole: "parent" },
    ]);

    const profiles = await tx
      .insert(teacherProfiles)
      .values(
        teachers.map((t, index) => {
          // Staggered so "newest teachers" orderings are stable and the demo teacher is the oldest.
          const discoveryEnabledAt = new Date(now.getTime() - (teachers.length - index) * DAY_MS);
          return {
            userId: teacherUserIds.get(t.email)!,
            firstName: t.firstName,
            lastName: t.lastName,
            email: t.email,
            phone: t.phone,
            city: t.city,
            state: t.state,
            latitude: t.latitude,
            longitude: t.longitude,
            timeZone: t.timeZone,
            bio: t.bio,
            hasTransportation: t.hasTransportation,
            educationBackground: t.educationBackground,
            teachingExperienceYears: t.teachingExperienceYears,
            ageGroupsTaught: t.ageGroupsTaught,
            teachingMethods: t.teachingMethods,
            teachingStyleDescription: t.teachingStyleDescription,
            lessonFormat: t.lessonFormat,
            platformExperience: t.platformExperience,
            videoConferenceExperience: t.videoConferenceExperience,
            backgroundCheckConsent: true,
            priorComplaints: false,
            canProvideReferences: true,
            hourlyRateMin: t.hourlyRateMin,
            hourlyRateMax: t.hourlyRateMax,
            // A CHECK keeps these two together: discoverable exactly when the time is stamped.
            // The demo teachers have passed the operators' review (issue 27).
            reviewStatus: "approved",
            reviewedAt: discoveryEnabledAt,
            isDiscoverable: true,
            discoveryEnabledAt,
            createdAt: discoveryEnabledAt,
            updatedAt: discoveryEnabledAt,
          };
        }),
      )
      .returning({ id: teacherProfiles.id, email: teacherProfiles.email });
    const profileIdByEmail = new Map(profiles.map((p) => [p.email, p.id]));

    await tx.insert(teacherInstruments).values(
      teachers.flatMap((t) =>
        t.instruments.map((i) => ({ teacherId: profileIdByEmail.get(t.email)!, ...i })),
      ),
    );
    await tx.insert(teacherAvailability).values(
      teachers.flatMap((t) =>
        t.availability.map((a) => ({ teacherId: profileIdByEmail.get(t.email)!, ...a })),
      ),
    );

    const { students, email: _email, ...parentFields } = DEMO_PARENT;
    const [parent] = await tx
      .insert(parentProfiles)
      .values({ userId: parentUser.id, ...parentFields })
      .returning({ id: parentProfiles.id });

    for (const { repertoire, ...student } of students) {
      const [row] = await tx
        .insert(studentProfiles)
        .values({ parentId: parent!.id, ...student })
        .returning({ id: studentProfiles.id });
      await tx.insert(studentRepertoire).values(
        repertoire.map(({ daysAgo, ...piece }) => ({
          studentId: row!.id,
          ...piece,
          completedDate: isoDate(new Date(now.getTime() - daysAgo * DAY_MS)),
        })),
      );
    }

    return { teachers: teachers.length, parents: 1, students: students.length };
  });
}
