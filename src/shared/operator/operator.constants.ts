/**
 * The trust-and-safety desk (issue 27): teacher review before listing, reports, suspensions and
 * the operators' audit trail. Constants shared by the database checks, the routes and the pages.
 */

/** Where a teacher's application stands. Only `approved` teachers may be listed (one CHECK in the database). */
export const TEACHER_REVIEW_STATUSES = ["pending", "changes_requested", "approved", "rejected"] as const;
export type TeacherReviewStatus = (typeof TEACHER_REVIEW_STATUSES)[number];

/** What can be reported, by whom: a teacher profile (anyone signed in), a review, a message (its receiver). */
export const REPORT_TARGETS = ["teacher", "review", "message"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** The short list of reasons a reporter chooses from, with the words shown. */
export const REPORT_REASONS = [
  "inappropriate_content",
  "harassment",
  "spam_or_scam",
  "child_safety",
  "fake_profile",
  "other",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  inappropriate_content: "Inappropriate content",
  harassment: "Harassment",
  spam_or_scam: "Spam or scam",
  child_safety: "Safety concern about a child",
  fake_profile: "Fake profile",
  other: "Other",
};

/** An open report waits for an operator; it is closed by dismissing it or by acting on it. */
export const REPORT_STATUSES = ["open", "dismissed", "actioned"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Every operator action the audit trail records. */
export const OPERATOR_ACTIONS = [
  "approve",
  "ask_for_changes",
  "reject",
  "dismiss",
  "close_report",
  "hide_review",
  "hide_message",
  "warn",
  "suspend",
  "reinstate",
] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

/** What an audit entry is about. */
export const AUDIT_TARGETS = ["teacher", "review", "message", "account", "report"] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/** Operator sessions last at most this long (issue 27). */
export const OPERATOR_SESSION_HOURS = 12;
/** The "Set your password" link of a new operator account stays valid this long. */
export const OPERATOR_PASSWORD_LINK_HOURS = 24;
