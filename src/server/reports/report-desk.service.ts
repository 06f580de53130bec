import { AppError } from "../../shared/errors";
import type { AuditTarget, OperatorAction } from "../../shared/operator/operator.constants";
import { changedSnapshotKeys } from "../../shared/reports/reports.rules";
import {
  REPORT_ALREADY_HANDLED_MESSAGE,
  REPORT_NOT_FOUND_MESSAGE,
  REPORT_PATH_ACTIONS,
  REPORT_STEP_DONE,
  REPORT_STEPS,
  type ReportActionPath,
  type ReportStep,
  type ReportDetail,
  type ReportList,
  type ReportListItem,
  type ReportPerson,
  type ReportTargetState,
} from "../../shared/reports/reports.schemas";
import type { Executor } from "../db/client";
import type { Deps } from "../deps";
import type { OperatorUser } from "../http/app-env";
import { recordOperatorAction, suspendAccount } from "../operator";
import { publishLiveEvents } from "../live";
import { warningEmail } from "./reports.emails";
import * as repo from "./reports.repo";

/**
 * The operators' side of reports (issue 27): the list, one report with its evidence and the
 * reported account's history, and the actions. Each action runs in one transaction: the guarded
 * close of the open reports on the thing, the change itself, the audit entry.
 */

const LIST_LIMIT = 200;
const HISTORY_LIMIT = 50;

const notFound = () => new AppError("not_found", REPORT_NOT_FOUND_MESSAGE);
const alreadyHandled = () => new AppError("conflict", REPORT_ALREADY_HANDLED_MESSAGE, { reason: "report_closed" });

function toPerson(json: repo.PersonJson | null): ReportPerson | null {
  return json ? { ...json, role: json.role ?? null } : null;
}

function toListItem(row: repo.ReportRow): ReportListItem {
  return {
    id: row.id,
    status: row.status,
    targetKind: row.targetKind,
    targetId: row.targetId,
    reason: row.reason,
    details: row.details,
    createdAt: row.createdAt,
    reporter: toPerson(row.reporter),
    reported: toPerson(row.reported),
    actionsTaken: Number(row.actionsTaken),
  };
}

export async function listReports(deps: Pick<Deps, "db">): Promise<ReportList> {
  return { reports: (await repo.listReports(deps.db, LIST_LIMIT)).map(toListItem) };
}

/** The reported thing now: gone, hidden, or edited since the snapshot (compared key by key). */
async function targetState(db: Executor, row: repo.ReportRow): Promise<ReportTargetState> {
  const current =
    row.targetKind === "teacher"
      ? await repo.findTeacherTarget(db, row.targetId)
      : row.targetKind === "review"
        ? await repo.findReviewTarget(db, row.targetId)
        : await repo.findMessageTarget(db, row.targetId);
  if (!current) return { exists: false, hidden: false, edited: false, current: null };
  return {
    exists: true,
    hidden: current.hidden,
    edited: changedSnapshotKeys(row.snapshot, current.snapshot).length > 0,
    current: current.snapshot,
  };
}

export async function getReport(deps: Pick<Deps, "db">, reportId: string): Promise<ReportDetail> {
  const row = await repo.findReport(deps.db, reportId);
  if (!row) throw notFound();
  const [target, taken, reports, actions] = await Promise.all([
    targetState(deps.db, row),
    repo.actionsOfReport(deps.db, row.id),
    row.reportedUserId ? repo.reportsAboutAccount(deps.db, row.reportedUserId, row.id, HISTORY_LIMIT) : [],
    row.reportedUserId ? repo.actionsAboutAccount(deps.db, row.reportedUserId, HISTORY_LIMIT) : [],
  ]);
  return {
    ...toListItem(row),
    snapshot: row.snapshot,
    actions: taken.map((a) => ({ ...a, action: a.action as OperatorAction })),
    resolvedAt: row.resolvedAt,
    resolution: row.resolution,
    resolvedBy: row.resolvedBy,
    target,
    history: { reports, actions: actions.map((a) => ({ ...a, action: a.action as OperatorAction })) },
  };
}

const alreadyDone = (step: ReportStep) =>
  new AppError("conflict", `${REPORT_STEP_DONE[step]} already from this report: each action is taken once. Close the report when you are done.`, {
    reason: "step_already_taken",
  });

/** "Message removed, Warning sent: {reason}", or "Dismissed: {reason}" when nothing was done. */
function resolutionOf(steps: readonly ReportStep[], reason: string): string {
  return steps.length > 0 ? `${steps.map((step) => REPORT_STEP_DONE[step]).join(", ")}: ${reason}` : `Dismissed: ${reason}`;
}

const STEP_OF_ACTION = new Map<string, ReportStep>(REPORT_STEPS.map((step) => [REPORT_PATH_ACTIONS[step], step]));

/**
 * Acts on an open report (issue 41: a desk for a team). A step (hide the review, remove the
 * message, warn, suspend) is taken once per report and keeps the report open, unless the operator
 * closes it with that step; Close closes it after any steps; Dismiss closes it when nothing was
 * done. Each runs in one transaction that first locks the report: of two operators acting at once
 * the second waits, then finds the report closed (409) or the step taken (409), and records
 * nothing. Every step and every close is an audit entry naming the report.
 */
export async function actOnReport(
  deps: Pick<Deps, "db" | "driver" | "mailer" | "env" | "logger">,
  operator: OperatorUser,
  reportId: string,
  action: ReportActionPath,
  input: { reason: string; close?: boolean | undefined },
): Promise<ReportDetail> {
  const { reason } = input;
  // A suspension's sign-out of open pages and its emails to families go out after our commit.
  let afterSuspension: (() => Promise<void>) | null = null;
  // The open conversations of a removed message are told after our commit, as sends are.
  let removedMessage: { conversationId: string; userIds: string[]; messageId: string } | null = null;
  const warning = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockReport(tx, reportId);
    if (!locked) throw notFound();
    if (locked.status !== "open") throw alreadyHandled();
    const report = (await repo.findReport(tx, reportId))!;
    const taken = (await repo.actionsOfReport(tx, reportId)).flatMap((a) => STEP_OF_ACTION.get(a.action) ?? []);
    const subjectUserId = report.reportedUserId;
    const audit = (entry: { action: OperatorAction; targetKind: AuditTarget; targetId: string }) =>
      recordOperatorAction(tx, operator, { ...entry, subjectUserId, reason, reportId });
    const close = async (steps: readonly ReportStep[]) => {
      const closed = await repo.closeReports(tx, reportId, {
        status: steps.length > 0 ? "actioned" : "dismissed",
        resolution: resolutionOf(steps, reason),
        operatorUserId: operator.userId,
      });
      if (closed.length === 0) throw alreadyHandled();
    };
    if (action === "dismiss") {
      if (taken.length > 0) {
        throw new AppError(
          "conflict",
          `This report cannot be dismissed: ${taken.map((step) => REPORT_STEP_DONE[step].toLowerCase()).join(", ")} already. Close the report instead.`,
          { reason: "steps_taken" },
        );
      }
      await close([]);
      await audit({ action: "dismiss", targetKind: "report", targetId: reportId });
      return null;
    }
    if (action === "close") {
      await close(taken);
      await audit({ action: "close_report", targetKind: "report", targetId: reportId });
      return null;
    }
    if (taken.includes(action)) throw alreadyDone(action);
    let recipient: repo.WarnRecipient | null = null;
    switch (action) {
      case "hide-review":
      case "hide-message": {
        const kind = action === "hide-review" ? "review" : "message";
        if (report.targetKind !== kind) throw new AppError("conflict", `This report is about a ${report.targetKind}, not a ${kind}.`);
        let hidden: boolean;
        if (kind === "review") hidden = await repo.hideReview(tx, report.targetId);
        else {
          const removed = await repo.hideMessage(tx, report.targetId);
          removedMessage = removed && { ...removed, messageId: report.targetId };
          hidden = removed !== null;
        }
        if (!hidden) {
          throw new AppError("conflict", `This ${kind} was deleted or is already hidden. Take another action, or close the report.`, { reason: "target_gone" });
        }
        await audit({ action: REPORT_PATH_ACTIONS[action], targetKind: kind, targetId: report.targetId });
        break;
      }
      case "warn":
      case "suspend": {
        recipient = subjectUserId ? await repo.findWarnRecipient(tx, subjectUserId) : null;
        if (!subjectUserId || !recipient) {
          throw new AppError("conflict", "The reported account no longer exists. Close the report instead.", { reason: "account_gone" });
        }
        if (action === "suspend") {
          ({ afterCommit: afterSuspension } = await suspendAccount(deps, operator, { userId: subjectUserId, reason, reportId }, { tx }));
          recipient = null;
          break;
        }
        await audit({ action: "warn", targetKind: "account", targetId: subjectUserId });
        // The warning email is stored with the action: it exists exactly when the warning does.
        await deps.mailer.enqueue(tx, warningEmail(recipient, reason, deps.env.SUPPORT_EMAIL));
        break;
      }
    }
    if (input.close) {
      await close([...taken, action]);
      await audit({ action: "close_report", targetKind: "report", targetId: reportId });
    }
    return recipient;
  });
  if (afterSuspension) await (afterSuspension as () => Promise<void>)();
  if (removedMessage) {
    const { conversationId, userIds, messageId } = removedMessage as { conversationId: string; userIds: string[]; messageId: string };
    await publishLiveEvents(
      deps,
      userIds.map((userId) => ({ userId, type: "message_removed", payload: { conversationId, messageId } })),
    ).catch((error: unknown) => deps.logger.error({ err: error, reportId }, "the removed message's live event failed"));
  }
  if (warning) deps.mailer.kick();
  return getReport(deps, reportId);
}
