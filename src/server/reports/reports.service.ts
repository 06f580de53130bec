import { AppError } from "../../shared/errors";
import type { ReportTarget } from "../../shared/operator/operator.constants";
import { REPORT_RECEIVED_MESSAGE, type CreateReport, type ReportReceipt } from "../../shared/reports/reports.schemas";
import { findProfileIds } from "../auth";
import type { Deps } from "../deps";
import type { SessionUser } from "../http/app-env";
import { findPublicTeacherOrThrow, knownParent, noParent } from "../teachers";
import * as repo from "./reports.repo";

/**
 * Reporting (issue 27). A parent or teacher may report what they can see and is not theirs: a
 * teacher profile (not their own), a review on a profile they can see (not their own), a message
 * they received. Anything else answers 404, exactly as a thing that does not exist, so a report
 * tells nothing about what the reporter cannot see.
 */

const NOT_FOUND_MESSAGES: Record<ReportTarget, string> = {
  teacher: "Teacher not found",
  review: "Review not found",
  message: "Message not found",
};
const notFound = (kind: ReportTarget) => new AppError("not_found", NOT_FOUND_MESSAGES[kind]);

interface Found {
  reportedUserId: string | null;
  snapshot: Record<string, unknown>;
}

/** The thing as the reporter may see it, or 404. */
async function findReportable(deps: Pick<Deps, "db">, reporterUserId: string, parentId: string | null, input: CreateReport): Promise<Found> {
  const viewer = parentId ? knownParent(parentId) : noParent;
  switch (input.targetKind) {
    case "teacher": {
      const target = await repo.findTeacherTarget(deps.db, input.targetId);
      if (!target || target.userId === reporterUserId) throw notFound("teacher");
      await findPublicTeacherOrThrow(deps, input.targetId, viewer).catch(() => {
        throw notFound("teacher");
      });
      return { reportedUserId: target.userId, snapshot: target.snapshot };
    }
    case "review": {
      const target = await repo.findReviewTarget(deps.db, input.targetId);
      if (!target || target.hidden || target.userId === reporterUserId) throw notFound("review");
      // Reviews are public with the profile: a review of a teacher the reporter cannot see is not theirs to see either.
      await findPublicTeacherOrThrow(deps, target.teacherId, viewer).catch(() => {
        throw notFound("review");
      });
      return { reportedUserId: target.userId, snapshot: target.snapshot };
    }
    case "message": {
      const target = await repo.findMessageTarget(deps.db, input.targetId);
      // Issue 45: any guardian of the conversation's household is in it (`parentId` is the reporter's household).
      const inConversation = target && ((parentId !== null && target.householdId === parentId) || target.teacherUserId === reporterUserId);
      // Only those who received it: the sender cannot report their own message, strangers cannot see it.
      if (!target || !inConversation || target.userId === reporterUserId || target.hidden) throw notFound("message");
      return { reportedUserId: target.userId, snapshot: target.snapshot };
    }
  }
}

/**
 * Stores the report with a snapshot of the thing as it is now. Reporting the same thing again
 * stores nothing and answers the same thanks (created: false), also for a double click.
 */
export async function createReport(deps: Pick<Deps, "db">, reporter: SessionUser, input: CreateReport): Promise<ReportReceipt> {
  const { parentId, teacherId } = await findProfileIds(deps.db, reporter.id);
  if (!parentId && !teacherId) throw new AppError("forbidden", "Only parents and teachers can send reports.");
  const found = await findReportable(deps, reporter.id, parentId, input);
  const created = await repo.insertReport(deps.db, {
    reporterUserId: reporter.id,
    targetKind: input.targetKind,
    targetId: input.targetId,
    reportedUserId: found.reportedUserId,
    reason: input.reason,
    details: input.details ? input.details : null,
    snapshot: found.snapshot,
  });
  return { created, message: REPORT_RECEIVED_MESSAGE };
}
