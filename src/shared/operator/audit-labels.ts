import type { AuditTarget, OperatorAction } from "./operator.constants";

/** How the audit trail names each operator action, in plain words. */
export const OPERATOR_ACTION_LABELS: Record<OperatorAction, string> = {
  approve: "Approved the application",
  ask_for_changes: "Asked for changes",
  reject: "Rejected the application",
  dismiss: "Dismissed the report",
  close_report: "Closed the report",
  hide_review: "Hid the review",
  hide_message: "Removed the message",
  warn: "Warned the account",
  suspend: "Suspended the account",
  reinstate: "Reinstated the account",
};

export const AUDIT_TARGET_LABELS: Record<AuditTarget, string> = {
  teacher: "Teacher application",
  review: "Review",
  message: "Message",
  account: "Account",
  report: "Report",
};
