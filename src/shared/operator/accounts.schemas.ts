import { z } from "zod";
import { emailSchema } from "../auth/auth.schemas";
import type { OperatorAction, AuditTarget, ReportReason, ReportStatus, ReportTarget } from "./operator.constants";

/**
 * The operator's account page (issue 27, suspension and reinstatement): find an account by email,
 * read its history, suspend or reinstate it. Routes (all under requireOperator: 404 to anyone else):
 *   GET  /api/operator/accounts?email=…             → AccountFound (exact email; 404 when none)
 *   GET  /api/operator/accounts/:userId             → OperatorAccountDTO
 *   POST /api/operator/accounts/:userId/suspend     { reason } → OperatorAccountDTO
 *   POST /api/operator/accounts/:userId/reinstate   { reason } → OperatorAccountDTO
 */


export const findAccountQuerySchema = z.object({ email: emailSchema });
export type FindAccountInput = z.input<typeof findAccountQuerySchema>;

/** An account id as it appears in a path: anything else cannot name an account (404 without a lookup). */
export const ACCOUNT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const ACCOUNT_NOT_FOUND_MESSAGE = "No account found with that id.";
export const NO_ACCOUNT_WITH_EMAIL_MESSAGE = "No account uses that email address.";
export const ALREADY_SUSPENDED_MESSAGE = "This account is already suspended.";
export const NOT_SUSPENDED_MESSAGE = "This account is not suspended.";
export const OPERATOR_NOT_SUSPENDABLE_MESSAGE = "Operator accounts cannot be suspended here: remove the address from OPERATOR_EMAILS instead.";
export const OWN_ACCOUNT_MESSAGE = "You cannot suspend your own account.";

const asSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * What a suspended account reads when it tries to sign in (issue 27) and on a page open when the
 * suspension ended its session (issue 41): the desk's reason and the address to write to.
 */
export function accountSuspendedMessage(supportEmail: string, reason?: string | null): string {
  const why = reason?.trim() ? ` The reason: ${asSentence(reason.trim())}` : "";
  return `This account is suspended.${why} If you think this is a mistake, write to ${supportEmail}.`;
}
/** The reason a refused sign-in carries, so a page can tell it from a wrong password. */
export const ACCOUNT_SUSPENDED_REASON = "account_suspended";

export interface AccountFound {
  userId: string;
}

export type AccountRole = "parent" | "teacher" | "operator";

export interface OperatorAccountDTO {
  userId: string;
  name: string;
  email: string;
  roles: AccountRole[];
  /** teacher_profiles.id, for a link to the public profile. */
  teacherId: string | null;
  /** Whether the teacher is in search now (false for a parent). */
  teacherListed: boolean;
  createdAt: string;
  suspension: { reason: string; suspendedAt: string; by: string | null } | null;
  /** Reports about this account (reports.reported_user_id), newest first. */
  reports: {
    id: string;
    targetKind: ReportTarget;
    reason: ReportReason;
    details: string | null;
    status: ReportStatus;
    createdAt: string;
  }[];
  /** Operator actions concerning this account (approve, warn, suspend …), newest first. */
  actions: {
    id: number;
    action: OperatorAction;
    targetKind: AuditTarget;
    targetId: string;
    operatorEmail: string;
    reason: string;
    createdAt: string;
  }[];
}
