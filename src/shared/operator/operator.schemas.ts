import { z } from "zod";
import { emailSchema, twoFactorSignInSchema } from "../auth/auth.schemas";
import { AUDIT_TARGETS } from "./operator.constants";
import { isSafeText, unsafeTextMessage } from "../text.schemas";

/** The operator desk's own sign-in (at /operator; the public Sign In dialog does not offer the role). */
export const operatorSignInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128, "Password is too long"),
});
export type OperatorSignInInput = z.input<typeof operatorSignInSchema>;

export type OperatorSignInResult = { twoFactorRequired?: false; redirectTo: string } | { twoFactorRequired: true };

/** The operator's second sign-in step: the authenticator code (no role: the desk is its own). */
export const operatorTwoFactorSchema = twoFactorSignInSchema.omit({ role: true });
export type OperatorTwoFactorInput = z.input<typeof operatorTwoFactorSchema>;

/** The operator home's figures (GET /api/operator/overview): real counts, "last 7 days" windows. */
export interface OperatorOverview {
  /** Applications waiting for review, and when the oldest of them was submitted. */
  applicationsWaiting: number;
  oldestWaitingSince: string | null;
  openReports: number;
  signUps: { parents: number; teachers: number };
  bookingRequests: number;
  lessons: number;
  messages: number;
  suspendedAccounts: number;
  /** The start of the "last 7 days" window the figures count from. */
  since: string;
}

const AUDIT_PAGE_MAX = 100;
const CURSOR_PATTERN = /^\d{1,18}$/;

/**
 * The audit trail's filters (GET /api/operator/audit): `target=<kind>:<id>` (a teacher, review,
 * message, account or report), `subject=<userId>` (every action about one account), and
 * `before=<cursor>` (the `nextCursor` of the previous page: newest first, keyset pagination).
 */
export const auditQuerySchema = z.object({
  target: z
    .string()
    .trim()
    .max(200, "The target is too long.")
    .regex(
      new RegExp(`^(${AUDIT_TARGETS.join("|")}):[A-Za-z0-9_-]{1,100}$`),
      `Choose a target as kind:id, where kind is one of ${AUDIT_TARGETS.join(", ")}.`,
    )
    .optional(),
  subject: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, "The account id has the wrong format.")
    .optional(),
  before: z.string().regex(CURSOR_PATTERN, "The page cursor has the wrong format.").optional(),
  limit: z.coerce
    .number({ error: "The page size must be a number." })
    .int("The page size must be a whole number.")
    .min(1, "The page size must be at least 1.")
    .max(AUDIT_PAGE_MAX, `The page size must be at most ${AUDIT_PAGE_MAX}.`)
    .optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export interface AuditEntryView {
  id: string;
  createdAt: string;
  operatorEmail: string;
  action: string;
  targetKind: string;
  targetId: string;
  subjectUserId: string | null;
  /** The subject account's address today, when it still exists (for reading the trail). */
  subjectEmail: string | null;
  /** The subject account's name today, when it still exists: the trail reads by name (issue 41). */
  subjectName: string | null;
  reason: string;
  /** The report the action was taken from, when it was (issue 41). */
  reportId: string | null;
}

export interface AuditPage {
  entries: AuditEntryView[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export const OPERATOR_REASON_MAX = 1000;
export const OPERATOR_REASON_MESSAGE = "Please give a short reason.";

/**
 * The body of every operator action (approve, ask for changes, reject, dismiss, hide, warn,
 * suspend, reinstate): a short reason, kept in the audit trail (issue 27: every action needs one).
 */
export const operatorReasonSchema = z.object(
  {
    reason: z
      .string({ error: OPERATOR_REASON_MESSAGE })
      .trim()
      .min(1, OPERATOR_REASON_MESSAGE)
      .max(OPERATOR_REASON_MAX, `Please keep the reason under ${OPERATOR_REASON_MAX} characters.`)
      .refine(isSafeText, unsafeTextMessage("The reason")),
  },
  { error: "Send the reason as a JSON object" },
);
export type OperatorReasonInput = z.input<typeof operatorReasonSchema>;
