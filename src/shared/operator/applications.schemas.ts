import type { TeacherReviewStatus } from "./operator.constants";
import type { TeacherProfile } from "../teachers/profile.schemas";

/**
 * The operators' review of teacher applications (issue 27): the waiting queue, one application
 * with everything the teacher submitted, and the three decisions.
 */


export const APPLICATION_DECISIONS = ["approve", "ask-for-changes", "reject"] as const;
export type ApplicationDecision = (typeof APPLICATION_DECISIONS)[number];

/** GET /api/operator/applications: one waiting application. */
export interface WaitingApplication {
  teacherId: string;
  firstName: string;
  lastName: string;
  city: string;
  state: string;
  instruments: string[];
  /** When the application (or its resubmission) entered the queue; the list is oldest first. */
  submittedForReviewAt: string;
  /** Whole hours waited, measured by the server's clock. */
  waitedHours: number;
}

export interface WaitingApplications {
  applications: WaitingApplication[];
  /** All waiting, even beyond the first page shown. */
  total: number;
}

/** GET /api/operator/applications/:teacherId: every step of the wizard, as submitted or since edited. */
export interface ApplicationDetail
  extends Omit<TeacherProfile, "meetingUrl" | "isDiscoverable" | "discoveryEnabledAt" | "updatedAt"> {
  accountEmail: string;
  hasTransportation: boolean;
  platformExperience: string;
  videoConferenceExperience: boolean;
  backgroundCheckConsent: boolean;
  priorComplaints: boolean;
  complaintExplanation: string | null;
  canProvideReferences: boolean;
  availability: { dayOfWeek: number; startTime: string; endTime: string }[];
  reviewStatus: TeacherReviewStatus;
  reviewMessage: string | null;
  submittedForReviewAt: string;
  reviewedAt: string | null;
  createdAt: string;
  isDiscoverable: boolean;
  /**
   * What changed since the last decision, field by field (application-changes.rules.ts); null when
   * no decision was taken yet (a first application).
   */
  changesSinceReview: { field: string; before: string; after: string }[] | null;
}

/** POST …/approve | …/ask-for-changes | …/reject. */
export interface ApplicationDecisionResult {
  teacherId: string;
  reviewStatus: TeacherReviewStatus;
  reviewedAt: string;
}
