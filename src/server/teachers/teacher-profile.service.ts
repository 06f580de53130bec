import { AppError } from "../../shared/errors";
import { NOTHING_CHANGED_MESSAGE } from "../../shared/operator/application-changes.rules";
import { changesSinceReview } from "./application-review.service";
import {
  RATE_ORDER_MESSAGE,
  STUDIO_ADDRESS_REQUIRED_MESSAGE,
  studioAddressMissing,
  TEACHER_PROFILE_NOT_FOUND_MESSAGE,
  type DiscoveryStatus,
  type ResubmitResult,
  type TeacherDashboard,
  type TeacherProfile,
  type TeacherProfileUpdate,
} from "../../shared/teachers/profile.schemas";
import { discoveryBlockedReason, RESUBMIT_NOT_ALLOWED_MESSAGE } from "../../shared/teachers/review-status.rules";
import type { Executor } from "../db/client";
import { createStorage } from "../files";
import { geocodeCityState } from "../geo";
import { countActiveClasses } from "../classes";
import type { Deps } from "../deps";
import { deleteIntroVideoFiles } from "./intro-video.service";
import { assertDefaultLinkRemovable } from "./meeting-links.service";
import * as repo from "./teacher-profile.repo";

/**
 * The signed-in teacher's own profile, dashboard and discovery switch. `teacherId` always comes
 * from the session (requireTeacher): no route takes a teacher id, so no teacher can name another's.
 */

const profileNotFound = () => new AppError("not_found", TEACHER_PROFILE_NOT_FOUND_MESSAGE);

export async function getOwnProfile(deps: Pick<Deps, "db">, teacherId: string): Promise<TeacherProfile> {
  const profile = await repo.findProfile(deps.db, teacherId);
  if (!profile) throw profileNotFound();
  return profile;
}

/**
 * Saves any subset of the editable fields. The min ≤ max rule is checked against the stored
 * rates when only one of them is sent, under the row lock so a concurrent edit cannot slip past.
 * So is where in-person lessons happen, when a patch changes it (a patch of the bio alone does not
 * ask an older profile for a studio address; the settings form sends every field, and asks), and
 * the default meeting link is not removed while accepted online lessons rely on it.
 */
export async function updateOwnProfile(
  deps: Pick<Deps, "db" | "env">,
  teacherId: string,
  patch: TeacherProfileUpdate,
): Promise<TeacherProfile> {
  await deps.db.transaction(async (tx) => {
    const current = await repo.lockTeacher(tx, teacherId);
    if (!current) throw profileNotFound();
    const min = patch.hourlyRateMin ?? current.hourlyRateMin;
    const max = patch.hourlyRateMax ?? current.hourlyRateMax;
    if (min > max) {
      const field = patch.hourlyRateMin !== undefined ? "hourlyRateMin" : "hourlyRateMax";
      throw new AppError("validation", RATE_ORDER_MESSAGE, { fields: { [field]: RATE_ORDER_MESSAGE } });
    }
    const touchesPlace = patch.lessonFormat !== undefined || patch.inPersonPlace !== undefined || patch.studioAddress !== undefined;
    const place = {
      lessonFormat: patch.lessonFormat ?? current.lessonFormat,
      inPersonPlace: patch.inPersonPlace ?? current.inPersonPlace,
      studioAddress: patch.studioAddress === undefined ? current.studioAddress : patch.studioAddress,
    };
    if (touchesPlace && studioAddressMissing(place)) {
      throw new AppError("validation", STUDIO_ADDRESS_REQUIRED_MESSAGE, { fields: { studioAddress: STUDIO_ADDRESS_REQUIRED_MESSAGE } });
    }
    if (patch.meetingUrl === null && current.meetingUrl !== null) await assertDefaultLinkRemovable(tx, teacherId);
    await repo.updateProfile(tx, teacherId, patch);
    // A new city or state moves the teacher's point for search distances.
    if (patch.city !== undefined || patch.state !== undefined) await locateTeacher(tx, teacherId);
  });
  // A removed intro video must stop existing, not just stop being linked.
  if (patch.introVideoUrl === null) await deleteIntroVideoFiles(createStorage(deps.env), teacherId);
  return getOwnProfile(deps, teacherId);
}

export async function getDashboard(deps: Pick<Deps, "db" | "env">, teacherId: string, now = new Date()): Promise<TeacherDashboard> {
  const [header, counts, activeClasses] = await Promise.all([
    repo.findDashboardHeader(deps.db, teacherId),
    repo.readStats(deps.db, teacherId, now),
    countActiveClasses(deps, { teacherId }),
  ]);
  const stats = { ...counts, activeClasses };
  if (!header) throw profileNotFound();
  return {
    firstName: header.firstName,
    lastName: header.lastName,
    reviewStatus: header.reviewStatus,
    reviewMessage: header.reviewMessage,
    supportEmail: deps.env.SUPPORT_EMAIL,
    isDiscoverable: header.isDiscoverable,
    discoveryEnabledAt: header.discoveryEnabledAt?.toISOString() ?? null,
    pendingRequests: stats.pendingRequests,
    stats,
  };
}

/** Issue 27: discovery can be switched on only once the desk has approved the application. */
export async function setDiscovery(deps: Pick<Deps, "db">, teacherId: string, enabled: boolean): Promise<DiscoveryStatus> {
  const status = await repo.setDiscovery(deps.db, teacherId, enabled);
  if (status) return status;
  const reviewStatus = await repo.findReviewStatus(deps.db, teacherId);
  if (!reviewStatus) throw profileNotFound();
  throw new AppError("conflict", discoveryBlockedReason(reviewStatus) ?? "Discovery could not be switched on. Please try again.", {
    reason: "not_approved",
  });
}

/**
 * POST /api/teachers/me/application/resubmit: back to the queue after making the asked changes.
 * Something must have changed since the review (issue 41); the operator reads what, field by field.
 */
export async function resubmitApplication(deps: Pick<Deps, "db">, teacherId: string): Promise<ResubmitResult> {
  const row = await deps.db.transaction(async (tx) => {
    const status = await repo.findReviewStatus(tx, teacherId);
    if (!status) throw profileNotFound();
    if (status !== "changes_requested") throw new AppError("conflict", RESUBMIT_NOT_ALLOWED_MESSAGE);
    const changes = await changesSinceReview(tx, teacherId);
    if (changes && changes.length === 0) throw new AppError("conflict", NOTHING_CHANGED_MESSAGE, { reason: "nothing_changed" });
    return repo.resubmitForReview(tx, teacherId);
  });
  if (!row) throw new AppError("conflict", RESUBMIT_NOT_ALLOWED_MESSAGE);
  return { reviewStatus: "pending", submittedForReviewAt: row.submittedForReviewAt.toISOString() };
}

/**
 * Stores the coordinates of a teacher's saved city and state (null when the gazetteer does not
 * know the place: such a teacher is listed without a distance and never inside a radius). The
 * teacher application and profile settings call it, in their transaction, after saving.
 */
export async function locateTeacher(executor: Executor, teacherId: string): Promise<void> {
  const place = await repo.readTeacherPlace(executor, teacherId);
  if (!place) return;
  await repo.setTeacherPoint(executor, teacherId, geocodeCityState(place.city, place.state));
}

/** Account deletion (spec section 4): the teacher profile, in the deletion's transaction. */
export function deleteAccountData(tx: Executor, userId: string): Promise<void> {
  return repo.deleteTeacherProfile(tx, userId);
}

/** Removes every stored intro video of a teacher (after the account's rows are gone). */
export function deleteIntroVideo(deps: Pick<Deps, "env">, teacherId: string): Promise<void> {
  return deleteIntroVideoFiles(createStorage(deps.env), teacherId);
}
