import { applicationChanges, reviewedFields, type ApplicationChange } from "../../shared/operator/application-changes.rules";
import type { ApplicationDetail } from "../../shared/operator/applications.schemas";
import type { Executor } from "../db/client";
import * as repo from "./application-review.repo";

/**
 * The application under review, owned here because it is the teacher's own data: the operator's
 * desk reads it and keeps it as decided on (issue 27, 41); the teacher's Resubmit asks what changed.
 */

/** The application with what changed since the last decision (null before the first), or undefined. */
export async function applicationForReview(executor: Executor, teacherId: string): Promise<ApplicationDetail | undefined> {
  const found = await repo.findApplication(executor, teacherId);
  if (!found) return undefined;
  const { application, reviewed } = found;
  return { ...application, changesSinceReview: reviewed ? applicationChanges(reviewed, reviewedFields(application)) : null };
}

/** Keeps the application as the operator decided on it, in the decision's transaction. */
export async function keepApplicationAsDecided(tx: Executor, teacherId: string): Promise<void> {
  const found = await repo.findApplication(tx, teacherId);
  if (found) await repo.storeReviewedApplication(tx, teacherId, reviewedFields(found.application));
}

/** What changed since the operator's last decision; null when none was taken yet. */
export async function changesSinceReview(executor: Executor, teacherId: string): Promise<ApplicationChange[] | null> {
  return (await applicationForReview(executor, teacherId))?.changesSinceReview ?? null;
}
