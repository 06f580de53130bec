import { and, eq } from "drizzle-orm";
import { messages, reports } from "../../src/server/db/schema";
import type { Deps } from "../../src/server/deps";
import type { ReportReason, ReportTarget } from "../../src/shared/operator/operator.constants";

/** A report written straight to the table (the route's own tests go through POST /api/reports). */
export async function createReport(
  deps: Pick<Deps, "db">,
  report: { reporterUserId: string; targetKind: ReportTarget; targetId: string; reportedUserId: string; reason?: ReportReason; snapshot?: Record<string, unknown> },
): Promise<string> {
  const [row] = await deps.db
    .insert(reports)
    .values({ reason: "harassment", snapshot: { note: "written by the test factory" }, ...report })
    .returning({ id: reports.id });
  return row!.id;
}

/** The matrix world's open reports: one about the parent's review, one about the parent's message. */
export async function createWorldReports(
  t: { deps: Pick<Deps, "db"> },
  world: {
    parent: { userId: string };
    otherParent: { userId: string };
    teacher: { userId: string };
    reviewId: string;
    conversationId: string;
  },
): Promise<{ review: string; message: string }> {
  const [message] = await t.deps.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, world.conversationId), eq(messages.senderUserId, world.parent.userId)))
    .limit(1);
  const [review, messageReport] = await Promise.all([
    createReport(t.deps, { reporterUserId: world.otherParent.userId, targetKind: "review", targetId: world.reviewId, reportedUserId: world.parent.userId }),
    createReport(t.deps, { reporterUserId: world.teacher.userId, targetKind: "message", targetId: message!.id, reportedUserId: world.parent.userId }),
  ]);
  return { review, message: messageReport };
}
