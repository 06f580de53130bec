import type { TeacherReviewStatus } from "../operator/operator.constants";

/**
 * Issue 27: a teacher is listed only once the desk has approved the application. What the teacher
 * may do at each review status, and the plain words the dashboard and the server use to say so.
 */

export const DISCOVERY_NEEDS_APPROVAL_MESSAGES: Record<Exclude<TeacherReviewStatus, "approved">, string> = {
  pending: "Your application is being reviewed: families can find you once it is approved.",
  changes_requested: "Our team asked for changes to your application: make them in Settings, then resubmit it for review. Families can find you once it is approved.",
  rejected: "Your application was not approved, so families cannot find you in search.",
};

export const RESUBMIT_NOT_ALLOWED_MESSAGE = "There is nothing to resubmit: only an application our team asked you to change can be resubmitted.";

/** Discovery can be switched on only for an approved application (switching off is always allowed). */
export function canTurnDiscoveryOn(status: TeacherReviewStatus): boolean {
  return status === "approved";
}

/** Only an application sent back for changes goes back to the queue; a pending one is already there. */
export function canResubmit(status: TeacherReviewStatus): boolean {
  return status === "changes_requested";
}

/** Why discovery cannot be switched on, or null when it can. */
export function discoveryBlockedReason(status: TeacherReviewStatus): string | null {
  return status === "approved" ? null : DISCOVERY_NEEDS_APPROVAL_MESSAGES[status];
}
