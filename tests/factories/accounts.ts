import { randomUUID } from "node:crypto";
import type { Role } from "../../src/shared/accounts/accounts.constants";
import { hashPassword, insertCredentialUser } from "../../src/server/auth/credentials";
import { operators, parentProfiles, studentProfiles, teacherAvailability, teacherInstruments, teacherProfiles, userRoles } from "../../src/server/db/schema";
import type { TeacherReviewStatus } from "../../src/shared/operator/operator.constants";
import type { Deps } from "../../src/server/deps";

export const TEST_PASSWORD = "correct-horse-battery";

// Hashing is deliberately slow; one hash serves every factory account of a test file.
let passwordHash: Promise<string> | undefined;
function testPasswordHash(deps: Pick<Deps, "auth">) {
  passwordHash ??= hashPassword(deps.auth, TEST_PASSWORD);
  return passwordHash;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

export interface TestUser {
  userId: string;
  email: string;
  password: string;
}

async function createUser(deps: Pick<Deps, "auth" | "db">, prefix: string, name: string, role: Role | null) {
  const email = uniqueEmail(prefix);
  const { id } = await insertCredentialUser(deps.db, {
    email,
    name,
    passwordHash: await testPasswordHash(deps),
    emailVerified: true,
  });
  if (role) await deps.db.insert(userRoles).values({ userId: id, activeRole: role });
  return { userId: id, email, password: TEST_PASSWORD };
}

/** An operator of the trust-and-safety desk (issue 27): an account of its own, no parent or teacher profile. */
export async function createOperator(deps: Pick<Deps, "auth" | "db">): Promise<TestUser> {
  const user = await createUser(deps, "operator", "Olive Operator", null);
  await deps.db.insert(operators).values({ userId: user.userId });
  return user;
}

/** A user with no profile at all (signed up halfway, or a deleted profile). */
export function createBareUser(deps: Pick<Deps, "auth" | "db">): Promise<TestUser> {
  return createUser(deps, "bare", "Bare User", null);
}

export async function createParent(
  deps: Pick<Deps, "auth" | "db">,
  options: { students?: number; firstName?: string } = {},
): Promise<TestUser & { parentId: string; studentIds: string[] }> {
  const firstName = options.firstName ?? "Pat";
  const user = await createUser(deps, "parent", `${firstName} Parent`, "parent");
  const [parent] = await deps.db
    .insert(parentProfiles)
    .values({ userId: user.userId, firstName, lastName: "Parent" })
    .returning({ id: parentProfiles.id });
  const studentIds: string[] = [];
  for (let i = 0; i < (options.students ?? 1); i++) {
    const [student] = await deps.db
      .insert(studentProfiles)
      .values({ parentId: parent!.id, firstName: `Kid${i + 1}`, lastName: "Parent", age: 8 + i })
      .returning({ id: studentProfiles.id });
    studentIds.push(student!.id);
  }
  return { ...user, parentId: parent!.id, studentIds };
}

export async function createTeacher(
  deps: Pick<Deps, "auth" | "db">,
  options: { discoverable?: boolean; instruments?: string[]; timeZone?: string; reviewStatus?: TeacherReviewStatus } = {},
): Promise<TestUser & { teacherId: string }> {
  const user = await createUser(deps, "teacher", "Terry Teacher", "teacher");
  const discoverable = options.discoverable ?? true;
  const [teacher] = await deps.db
    .insert(teacherProfiles)
    .values({
      userId: user.userId,
      firstName: "Terry",
      lastName: "Teacher",
      email: user.email,
      phone: "(555) 555-0100",
      city: "Austin",
      state: "TX",
      timeZone: options.timeZone ?? "America/Chicago",
      educationBackground: "Degree",
      teachingExperienceYears: "3-5",
      teachingStyleDescription: "Patient and structured.",
      hourlyRateMin: 40,
      hourlyRateMax: 60,
      // Factory teachers have passed the operators' review unless a test says otherwise (issue 27).
      reviewStatus: options.reviewStatus ?? "approved",
      isDiscoverable: discoverable,
      discoveryEnabledAt: discoverable ? new Date() : null,
    })
    .returning({ id: teacherProfiles.id });
  for (const instrument of options.instruments ?? ["piano"]) {
    await deps.db.insert(teacherInstruments).values({ teacherId: teacher!.id, instrument });
  }
  await deps.db
    .insert(teacherAvailability)
    .values({ teacherId: teacher!.id, dayOfWeek: 1, startTime: "09:00:00", endTime: "17:00:00" });
  return { ...user, teacherId: teacher!.id };
}
