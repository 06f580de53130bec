import { z } from "zod";
import {
  REPORT_REASONS,
  REPORT_TARGETS,
  type OperatorAction,
  type ReportReason,
  type ReportStatus,
  type ReportTarget,
} from "../operator/operator.constants";
import { operatorReasonSchema } from "../operator/operator.schemas";
import { boundedText } from "../text.schemas";

/**
 * Reports (issue 27): a parent or teacher reports a teacher profile, a review or a message they
 * received; an operator decides. The Report dialog and POST /api/reports share the request
 * schema; the operator actions share `reportActionSchema` with the operator pages.
 */

export const REPORT_DETAILS_MAX = 2000;
export const REPORT_RECEIVED_MESSAGE = "Thanks, our team will look at it.";
export const REPORT_NOT_FOUND_MESSAGE = "Report not found";
export const REPORT_ALREADY_HANDLED_MESSAGE = "This report is already closed, so nothing more can be done from it. Reload to see what was decided.";
/** What both sides of a conversation see instead of a message an operator removed. */
export const REMOVED_MESSAGE_TEXT = "This message was removed";

/** POST /api/reports */
export const createReportSchema = z.object(
  {
    targetKind: z.enum(REPORT_TARGETS, { error: "Choose what you are reporting: a teacher, a review or a message" }),
    targetId: z.guid({ error: "Choose the teacher, review or message to report" }),
    reason: z.enum(REPORT_REASONS, { error: "Choose a reason for the report" }),
    details: boundedText("Details", REPORT_DETAILS_MAX).optional(),
  },
  { error: "Send the report as a JSON object" },
);
export type CreateReportInput = z.input<typeof createReportSchema>;
export type CreateReport = z.output<typeof createReportSchema>;

/** 201 for a new report, 200 when this reporter had already reported the same thing (nothing new is stored). */
export interface ReportReceipt {
  created: boolean;
  message: string;
}


/**
 * The operator actions on a report, as they appear in the path (issue 41: a desk for a team).
 * The steps (hide the review, remove the message, warn, suspend) each act once and keep the report
 * open unless `close` is set; `close` closes it after any steps ("Action taken", or "Dismissed"
 * with none); `dismiss` closes it when nothing was done.
 */
export const REPORT_STEPS = ["hide-review", "hide-message", "warn", "suspend"] as const;
export type ReportStep = (typeof REPORT_STEPS)[number];
export const REPORT_ACTION_PATHS = ["dismiss", "close", ...REPORT_STEPS] as const;
export type ReportActionPath = (typeof REPORT_ACTION_PATHS)[number];

/** Which audit action each path records. */
export const REPORT_PATH_ACTIONS: Record<ReportActionPath, OperatorAction> = {
  dismiss: "dismiss",
  close: "close_report",
  "hide-review": "hide_review",
  "hide-message": "hide_message",
  warn: "warn",
  suspend: "suspend",
};

/** How a step reads once done, in the report's resolution and on the desk. */
export const REPORT_STEP_DONE: Record<ReportStep, string> = {
  "hide-review": "Review hidden",
  "hide-message": "Message removed",
  warn: "Warning sent",
  suspend: "Account suspended",
};

/** The body of a step: the reason for the audit trail, and whether the step also closes the report. */
export const reportStepSchema = z.object(
  {
    reason: operatorReasonSchema.shape.reason,
    close: z.boolean({ error: "Say whether this action also closes the report: true or false" }).optional(),
  },
  { error: "Send the reason as a JSON object" },
);
export type ReportStepInput = z.input<typeof reportStepSchema>;

export const reportIdParams = z.object({ reportId: z.guid() });

/** A person as the operator pages show them. */
export interface ReportPerson {
  userId: string;
  name: string;
  email: string;
  role: "parent" | "teacher" | null;
  deleted: boolean;
  suspended: boolean;
}

export interface ReportListItem {
  id: string;
  status: ReportStatus;
  targetKind: ReportTarget;
  targetId: string;
  reason: ReportReason;
  details: string | null;
  createdAt: string;
  reporter: ReportPerson | null;
  reported: ReportPerson | null;
  /** Audit entries taken from this report (its steps, and its close once closed): an open report may have some (issue 41). */
  actionsTaken: number;
}

export interface ReportList {
  reports: ReportListItem[];
}

/** The reported thing now, beside the snapshot: gone, hidden by an operator, or edited since the report. */
export interface ReportTargetState {
  exists: boolean;
  hidden: boolean;
  edited: boolean;
  current: Record<string, unknown> | null;
}

export interface ReportHistoryEntry {
  id: string;
  targetKind: ReportTarget;
  reason: ReportReason;
  status: ReportStatus;
  createdAt: string;
}

export interface AuditHistoryEntry {
  id: number;
  action: OperatorAction;
  targetKind: string;
  targetId: string;
  reason: string;
  operatorEmail: string;
  createdAt: string;
}

/** An action taken from this report, oldest first (issue 41). */
export interface ReportActionEntry {
  id: number;
  action: OperatorAction;
  reason: string;
  operatorEmail: string;
  createdAt: string;
}

export interface ReportDetail extends ReportListItem {
  snapshot: Record<string, unknown>;
  /** What was done from this report so far (each step once), and its close. */
  actions: ReportActionEntry[];
  resolvedAt: string | null;
  resolution: string | null;
  resolvedBy: string | null;
  target: ReportTargetState;
  history: { reports: ReportHistoryEntry[]; actions: AuditHistoryEntry[] };
}

/** What an action answers: the report as it now stands. */
export type ReportActionResult = ReportDetail;
