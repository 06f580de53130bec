import type { OperatorAction, AuditTarget } from "../../shared/operator/operator.constants";
import type { Executor } from "../db/client";
import { operatorActions } from "../db/schema";
import type { OperatorUser } from "../http/app-env";

export interface AuditEntry {
  action: OperatorAction;
  targetKind: AuditTarget;
  targetId: string;
  /** The account concerned, when there is one (the teacher, the author, the sender, the suspended account). */
  subjectUserId: string | null;
  reason: string;
  /** The report the action was taken from, when it was (issue 41). */
  reportId?: string | null;
}

/**
 * Appends one operator action to the audit trail. Call it in the transaction of the change it
 * records, after the change's own guarded write, so a concurrent double action records once.
 */
export async function recordOperatorAction(tx: Executor, operator: OperatorUser, entry: AuditEntry): Promise<void> {
  await tx.insert(operatorActions).values({
    operatorUserId: operator.userId,
    operatorEmail: operator.email,
    action: entry.action,
    targetKind: entry.targetKind,
    targetId: entry.targetId,
    subjectUserId: entry.subjectUserId,
    reason: entry.reason,
    reportId: entry.reportId ?? null,
  });
}
