import { AppError } from "../../shared/errors";
import type { OperatorAction } from "../../shared/operator/operator.constants";
import { changedSnapshotKeys } from "../../shared/reports/reports.rules";
import {
  REPORT_ALREADY_HANDLED_MESSAGE,
  REPORT_NOT_FOUND_MESSAGE,
  type ReportActionPath,
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
  const [target, reports, actions] = await Promise.all([
    targetState(deps.db, row),
    row.reportedUserId ? repo.reportsAboutAccount(deps.db, row.reportedUserId, row.id, HISTORY_LIMIT) : [],
    row.reportedUserId ? repo.actionsAboutAccount(deps.db, row.reportedUserId, HISTORY_LIMIT) : [],
  ]);
  return {
    ...toListItem(row),
    snapshot: row.snapshot,
    resolvedAt: row.resolvedAt,
    resolution: row.resolution,
    resolvedBy: row.resolvedBy,
    target,
    history: { reports, actions: actions.map((a) => ({ ...a, action: a.action as OperatorAction })) },
  };
}

/** How each action reads in the report's resolution (the reason follows). */
const RESOLUTION_LABEL: Record<ReportActionPath, string> = {
  dismiss: "Dismissed",
  "hide-review": "Review hidden",
  "hide-message": "Message removed",
  warn: "Warning sent",
  suspend: "Account suspended",
};

/**
 * Acts on an open report. Of two operators acting at once, one wins; the other gets 409 and no
 * second audit entry (the close is the guarded write and comes first in the transaction).
 */
export async function actOnReport(
  deps: Pick<Deps, "db" | "driver" | "mailer" | "env" | "logger">,
  operator: OperatorUser,
  reportId: string,
  action: ReportActionPath,
  reason: string,
): Promise<ReportDetail> {
  // A suspension's sign-out of open pages and its emails to families go out after our commit.
  let afterSuspension: (() => Promise<void>) | null = null;
  // The open conversations of a removed message are told after our commit, as sends are.
  let removedMessage: { conversationId: string; userIds: string[]; messageId: string } | null = null;
  const warning = await deps.db.transaction(async (tx) => {
    const report = await repo.findReport(tx, reportId);
    if (!report) throw notFound();
    if (report.status !== "open") throw alreadyHandled();
    const subjectUserId = report.reportedUserId;
    const close = (status: "dismissed" | "actioned") =>
      repo.closeReports(tx, reportId, { status, resolution: `${RESOLUTION_LABEL[action]}: ${reason}`, operatorUserId: operator.userId });
    const closeOrConflict = async (status: "dismissed" | "actioned") => {
      if ((await close(status)).length === 0) throw alreadyHandled();
    };
    switch (action) {
      case "dismiss":
        await closeOrConflict("dismissed");
        await recordOperatorAction(tx, operator, { action: "dismiss", targetKind: "report", targetId: reportId, subjectUserId, reason });
        return null;
      case "hide-review":
      case "hide-message": {
        const kind = action === "hide-review" ? "review" : "message";
        if (report.targetKind !== kind) throw new AppError("conflict", `This report is about a ${report.targetKind}, not a ${kind}.`);
        await closeOrConflict("actioned");
        let hidden: boolean;
        if (kind === "review") hidden = await repo.hideReview(tx, report.targetId);
        else {
          const removed = await repo.hideMessage(tx, report.targetId);
          removedMessage = removed && { ...removed, messageId: report.targetId };
          hidden = removed !== null;
        }
        if (!hidden) {
          throw new AppError("conflict", `This ${kind} was deleted or is already hidden. Dismiss the report instead.`, { reason: "target_gone" });
        }
        await recordOperatorAction(tx, operator, {
          action: kind === "review" ? "hide_review" : "hide_message",
          targetKind: kind,
          targetId: report.targetId,
          subjectUserId,
          reason,
        });
        return null;
      }
      case "warn":
      case "suspend": {
        const recipient = subjectUserId ? await repo.findWarnRecipient(tx, subjectUserId) : null;
        if (!subjectUserId || !recipient) {
          throw new AppError("conflict", "The reported account no longer exists. Dismiss the report instead.", { reason: "account_gone" });
        }
        await closeOrConflict("actioned");
        if (action === "suspend") {
          ({ afterCommit: afterSuspension } = await suspendAccount(deps, operator, { userId: subjectUserId, reason }, { tx }));
          return null;
        }
        await recordOperatorAction(tx, operator, { action: "warn", targetKind: "account", targetId: subjectUserId, subjectUserId, reason });
        // The warning email is stored with the action: it exists exactly when the warning does.
        await deps.mailer.enqueue(tx, warningEmail(recipient, reason, deps.env.SUPPORT_EMAIL));
        return recipient;
      }
    }
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
