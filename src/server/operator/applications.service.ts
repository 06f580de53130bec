import { AppError } from "../../shared/errors";
import type { ApplicationDecision, ApplicationDecisionResult, ApplicationDetail, WaitingApplications } from "../../shared/operator/applications.schemas";
import type { OperatorAction, TeacherReviewStatus } from "../../shared/operator/operator.constants";
import type { MailMessage } from "../mail";
import type { Deps } from "../deps";
import type { OperatorUser } from "../http/app-env";
import { applicationApprovedEmail, applicationChangesRequestedEmail, applicationRejectedEmail } from "./applications.emails";
import { applicationForReview, keepApplicationAsDecided } from "../teachers";
import * as repo from "./applications.repo";
import { recordOperatorAction } from "./audit.repo";

/**
 * Issue 27, teacher review before listing: the operators' queue of waiting applications and the
 * three decisions on one. Approving does not list the teacher: it lets the teacher switch
 * discovery on (the CHECK on teacher_profiles forbids it before).
 */

const APPLICATION_NOT_FOUND_MESSAGE = "This application does not exist (the teacher may have deleted their account).";

export function listWaitingApplications(deps: Pick<Deps, "db">, now = new Date()): Promise<WaitingApplications> {
  return repo.listWaiting(deps.db, now);
}

export async function getApplication(deps: Pick<Deps, "db">, teacherId: string): Promise<ApplicationDetail> {
  const application = await applicationForReview(deps.db, teacherId);
  if (!application) throw new AppError("not_found", APPLICATION_NOT_FOUND_MESSAGE);
  return application;
}

interface DecisionRule {
  /** The statuses the decision may follow: a decision is taken on a waiting application. */
  from: readonly TeacherReviewStatus[];
  to: TeacherReviewStatus;
  action: OperatorAction;
  /** Whether the reason is what the teacher reads on the dashboard (and by email). */
  reasonShownToTeacher: boolean;
}

const DECISIONS: Record<ApplicationDecision, DecisionRule> = {
  approve: { from: ["pending"], to: "approved", action: "approve", reasonShownToTeacher: false },
  "ask-for-changes": { from: ["pending"], to: "changes_requested", action: "ask_for_changes", reasonShownToTeacher: true },
  reject: { from: ["pending"], to: "rejected", action: "reject", reasonShownToTeacher: true },
};

const ALREADY: Record<TeacherReviewStatus, string> = {
  pending: "This application is still waiting for review.",
  approved: "This application has already been approved.",
  changes_requested: "Changes have already been asked for: the application comes back to the queue when the teacher resubmits it.",
  rejected: "This application has already been rejected.",
};

/**
 * One decision, in one transaction: the guarded status change, then the audit entry. Of two
 * operators deciding at once (or a double click), one wins; the other gets a 409 saying what
 * happened, and the audit trail holds one entry.
 */
export async function decideApplication(
  deps: Pick<Deps, "db" | "mailer" | "logger" | "env">,
  operator: OperatorUser,
  teacherId: string,
  decision: ApplicationDecision,
  reason: string,
): Promise<ApplicationDecisionResult> {
  const rule = DECISIONS[decision];
  const decided = await deps.db.transaction(async (tx) => {
    const row = await repo.decide(tx, teacherId, rule.from, rule.to, rule.reasonShownToTeacher ? reason : null);
    if (!row) return undefined;
    // The application as decided on: a resubmission is compared with it.
    await keepApplicationAsDecided(tx, teacherId);
    await recordOperatorAction(tx, operator, {
      action: rule.action,
      targetKind: "teacher",
      targetId: teacherId,
      subjectUserId: row.userId,
      reason,
    });
    // The teacher's email is stored with the decision: it exists exactly when the decision does.
    await deps.mailer.enqueue(tx, decisionEmail(deps, decision, { to: row.email, firstName: row.firstName, reason }));
    return row;
  });
  if (!decided) {
    const status = await repo.findStatus(deps.db, teacherId);
    if (!status) throw new AppError("not_found", APPLICATION_NOT_FOUND_MESSAGE);
    throw new AppError("conflict", ALREADY[status], { reason: "already_decided", details: { reviewStatus: status } });
  }
  deps.mailer.kick();
  return { teacherId, reviewStatus: rule.to, reviewedAt: decided.reviewedAt.toISOString() };
}

/** The email that tells the teacher the decision (the dashboard says the same). */
function decisionEmail(deps: Pick<Deps, "env">, decision: ApplicationDecision, context: { to: string; firstName: string; reason: string }): MailMessage {
  const full = { ...context, publicUrl: deps.env.PUBLIC_URL };
  return decision === "approve"
    ? applicationApprovedEmail(full)
    : decision === "ask-for-changes"
      ? applicationChangesRequestedEmail(full)
      : applicationRejectedEmail({ ...full, supportEmail: deps.env.SUPPORT_EMAIL });
}
