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

export async function getSettings(deps: Pick<Deps, "db">, parentId: string): Promise<ParentSettings> {
  const profile = await requireProfile(deps, parentId);
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
  parentId: string,
  patch: ParentSettingsUpdate,
): Promise<ParentSettings> {
  const { notifications, ...fields } = patch;
  // Absent keys stay undefined, and drizzle leaves undefined columns as they are.
  const changes: repo.ProfileChanges = { ...fields, ...(notifications ? togglesToStored(notifications) : {}) };
  if (!(await repo.updateProfile(deps.db, parentId, changes))) {
    throw new AppError("not_found", NO_PARENT_PROFILE_MESSAGE);
  }
  return getSettings(deps, parentId);
}

export async function getDashboard(
  deps: Pick<Deps, "db">,
  user: SessionUser,
  parentId: string,
  now: Date = new Date(),
): Promise<ParentDashboard> {
  const [profile, students, activeClasses, upcoming] = await Promise.all([
    requireProfile(deps, parentId),
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
