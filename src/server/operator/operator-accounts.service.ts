import {
  ACCOUNT_ID_PATTERN,
  ACCOUNT_NOT_FOUND_MESSAGE,
  NO_ACCOUNT_WITH_EMAIL_MESSAGE,
  type AccountFound,
  type AccountRole,
  type OperatorAccountDTO,
} from "../../shared/operator/accounts.schemas";
import type { AuditTarget, OperatorAction, ReportReason, ReportStatus, ReportTarget } from "../../shared/operator/operator.constants";
import { AppError } from "../../shared/errors";
import type { Deps } from "../deps";
import type { OperatorUser } from "../http/app-env";
import * as repo from "./operator-accounts.repo";
import { reinstateAccount, suspendAccount } from "./suspension.service";
import { findAccount, findSuspension } from "./suspension.repo";

/** The operator's account page (issue 27): find an account, read its history, suspend or reinstate it. */

export async function findAccountByEmail(deps: Pick<Deps, "db">, email: string): Promise<AccountFound> {
  const userId = await repo.findUserIdByEmail(deps.db, email);
  if (!userId) throw new AppError("not_found", NO_ACCOUNT_WITH_EMAIL_MESSAGE);
  return { userId };
}

export async function accountPage(deps: Pick<Deps, "db">, userId: string): Promise<OperatorAccountDTO> {
  const account = ACCOUNT_ID_PATTERN.test(userId) ? await findAccount(deps.db, userId) : null;
  if (!account) throw new AppError("not_found", ACCOUNT_NOT_FOUND_MESSAGE);
  const [suspension, reports, actions] = await Promise.all([
    findSuspension(deps.db, userId),
    repo.reportsAbout(deps.db, userId),
    repo.actionsAbout(deps.db, userId),
  ]);
  const roles: AccountRole[] = [];
  if (account.parentId) roles.push("parent");
  if (account.teacherId) roles.push("teacher");
  if (account.isOperator) roles.push("operator");
  return {
    userId: account.userId,
    name: account.name,
    email: account.email,
    roles,
    teacherId: account.teacherId,
    teacherListed: account.teacherListed,
    createdAt: account.createdAt.toISOString(),
    suspension: suspension ? { reason: suspension.reason, suspendedAt: suspension.suspendedAt.toISOString(), by: suspension.by } : null,
    // The columns' CHECK constraints admit only these values.
    reports: reports.map((r) => ({
      id: r.id,
      targetKind: r.targetKind as ReportTarget,
      reason: r.reason as ReportReason,
      details: r.details,
      status: r.status as ReportStatus,
      createdAt: r.createdAt.toISOString(),
    })),
    actions: actions.map((a) => ({
      id: a.id,
      action: a.action as OperatorAction,
      targetKind: a.targetKind as AuditTarget,
      targetId: a.targetId,
      operatorEmail: a.operatorEmail,
      reason: a.reason,
      createdAt: a.createdAt.toISOString(),
    })),
  };
}

function knownId(userId: string): string {
  if (!ACCOUNT_ID_PATTERN.test(userId)) throw new AppError("not_found", ACCOUNT_NOT_FOUND_MESSAGE);
  return userId;
}

export async function suspendFromDesk(deps: Parameters<typeof suspendAccount>[0], operator: OperatorUser, userId: string, reason: string) {
  await suspendAccount(deps, operator, { userId: knownId(userId), reason });
  return accountPage(deps, userId);
}

export async function reinstateFromDesk(deps: Parameters<typeof reinstateAccount>[0], operator: OperatorUser, userId: string, reason: string) {
  await reinstateAccount(deps, operator, { userId: knownId(userId), reason });
  return accountPage(deps, userId);
}
