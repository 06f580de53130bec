import { RELATIONSHIPS, type Relationship } from "../../shared/accounts/accounts.constants";
import { storedToToggles, togglesToStored } from "../../shared/accounts/notification-preferences";
import { AppError } from "../../shared/errors";
import { NO_PARENT_PROFILE_MESSAGE, type ParentDashboard, type ParentSettings, type ParentSettingsUpdate } from "../../shared/parents/parents.schemas";
import type { Executor } from "../db/client";
import { countActiveClasses } from "../classes";
import type { Deps } from "../deps";
import type { SessionUser } from "../http/app-env";
import { deleteAccountData as deleteStudents } from "../students";
import * as calendar from "../calendar";
import * as repo from "./parents.repo";

/**
 * The signed-in parent's own profile and dashboard. `parentId` comes from requireParent (the
 * session), never from the request, so a parent can only ever read or change their own.
 */

const UPCOMING_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** Most events a dashboard lists; a week holds far fewer for any real family. */
const UPCOMING_LIMIT = 50;

/** Spec section 2: the dashboard shows "other" as Guardian. */
export function dashboardRelationshipLabel(relationship: Relationship): string {
  return relationship === "other" ? RELATIONSHIPS.guardian : RELATIONSHIPS[relationship];
}

async function requireProfile(deps: Pick<Deps, "db">, parentId: string) {
  const profile = await repo.findProfile(deps.db, parentId);
  // requireParent found the profile a moment ago; it can only vanish if the account is deleted meanwhile.
  if (!profile) throw new AppError("not_found", NO_PARENT_PROFILE_MESSAGE);
  return profile;
}

/**
 * Issue 45: whose row a setting lives on. A guardian's name, contact, notifications and zone are
 * their own (`guardianId`); the home address lessons go to and whether students may message are
 * the household's (`parentId`), shared by its guardians.
 */
export interface GuardianIds {
  parentId: string;
  guardianId: string;
}

export async function getSettings(deps: Pick<Deps, "db">, ids: GuardianIds): Promise<ParentSettings> {
  const [own, household] = await Promise.all([
    requireProfile(deps, ids.guardianId),
    ids.parentId === ids.guardianId ? undefined : requireProfile(deps, ids.parentId),
  ]);
  const profile = { ...own, ...(household ? { address: household.address, allowStudentMessages: household.allowStudentMessages } : {}) };
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    phone: profile.phone,
    location: profile.location,
    address: profile.address,
    notifications: storedToToggles(profile),
    preferredCommunication: profile.preferredCommunication,
    wantsNotifications: profile.wantsNotifications,
    allowStudentMessages: profile.allowStudentMessages,
    timeZone: profile.timeZone,
    reportedTimeZone: profile.reportedTimeZone,
  };
}

/** The browser's zone, reported once per app start; emails use it while no zone is chosen in settings. */
export async function reportTimeZone(deps: Pick<Deps, "db">, parentId: string, timeZone: string): Promise<void> {
  await repo.setReportedTimeZone(deps.db, parentId, timeZone);
}

export async function updateSettings(
  deps: Pick<Deps, "db">,
  ids: GuardianIds,
  patch: ParentSettingsUpdate,
): Promise<ParentSettings> {
  const { notifications, address, allowStudentMessages, ...fields } = patch;
  // Absent keys stay undefined, and drizzle leaves undefined columns as they are.
  const own: repo.ProfileChanges = { ...fields, ...(notifications ? togglesToStored(notifications) : {}) };
  const shared: repo.ProfileChanges = { address, allowStudentMessages };
  await deps.db.transaction(async (tx) => {
    const updated =
      ids.parentId === ids.guardianId
        ? await repo.updateProfile(tx, ids.guardianId, { ...own, ...shared })
        : (await repo.updateProfile(tx, ids.guardianId, own)) && (await repo.updateProfile(tx, ids.parentId, shared));
    if (!updated) throw new AppError("not_found", NO_PARENT_PROFILE_MESSAGE);
  });
  return getSettings(deps, ids);
}

export async function getDashboard(
  deps: Pick<Deps, "db">,
  user: SessionUser,
  { parentId, guardianId }: GuardianIds,
  now: Date = new Date(),
): Promise<ParentDashboard> {
  const [profile, students, activeClasses, upcoming] = await Promise.all([
    requireProfile(deps, guardianId),
    repo.countStudents(deps.db, parentId),
    countActiveClasses(deps, { parentId }),
    // The calendar's own scoped read: the summary never shows what the calendar would not.
    calendar.eventsStartingIn(deps, user.id, { from: now, to: new Date(now.getTime() + UPCOMING_WINDOW_MS) }, UPCOMING_LIMIT),
  ]);
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    relationship: profile.relationshipToChild,
    relationshipLabel: dashboardRelationshipLabel(profile.relationshipToChild),
    counts: { students, activeClasses },
    upcoming: upcoming.map((event) => ({
      id: event.id,
      title: event.title,
      eventType: event.eventType,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      status: event.status,
      student: event.student ? { firstName: event.student.firstName, lastName: event.student.lastName } : null,
    })),
  };
}

/**
 * Account deletion (spec section 4): the parent's students, then the parent profile, in `tx`. The
 * family's classes keep their current enrolment, its family set null by the deletion: the
 * teacher's class shows "Deleted user" until the teacher archives it (issue 26).
 */
export async function deleteAccountData(tx: Executor, userId: string, parentId: string | null): Promise<void> {
  if (parentId) await deleteStudents(tx, parentId);
  await repo.deleteParentProfile(tx, userId);
}

/**
 * Issue 45: the parent profile of a guardian who joins a household with a new login: their own
 * name and relationship, the sign-up's defaults for the rest (they change them in Settings).
 */
export function createGuardianProfile(
  tx: Executor,
  userId: string,
  guardian: { firstName: string; lastName: string; relationshipToChild: Relationship; relationshipOther: string | null },
): Promise<string> {
  return repo.insertParentProfile(tx, userId, {
    firstName: guardian.firstName,
    lastName: guardian.lastName,
    email: "",
    password: "",
    phone: null,
    location: null,
    relationshipToChild: guardian.relationshipToChild,
    relationshipOther: guardian.relationshipOther,
    multipleChildren: false,
    enrollmentGoals: [],
    otherGoal: null,
    priorExperience: false,
    experienceYears: null,
    preferredCommunication: "email",
    wantsNotifications: true,
  });
}
