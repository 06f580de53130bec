import { and, desc, eq, lt, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../db/client";
import {
  accountSuspensions,
  bookings,
  bookingSlots,
  messages,
  operatorActions,
  parentProfiles,
  reports,
  teacherProfiles,
  user,
} from "../db/schema";

const count = sql<number>`count(*)::int`;

/**
 * The operator home's figures, each a count straight from its table (one round trip per figure
 * is cheap here: the desk is used by a handful of people). `since` starts the "last 7 days".
 */
export async function readOverview(db: Executor, since: Date, now: Date) {
  const [waiting, openReports, parents, teachers, requests, lessons, sent, suspended] = await Promise.all([
    db
      .select({ count, oldest: sql<Date | null>`min(${teacherProfiles.submittedForReviewAt})` })
      .from(teacherProfiles)
      .where(eq(teacherProfiles.reviewStatus, "pending")),
    db.select({ count }).from(reports).where(eq(reports.status, "open")),
    db.select({ count }).from(parentProfiles).where(sql`${parentProfiles.createdAt} >= ${since}`),
    db.select({ count }).from(teacherProfiles).where(sql`${teacherProfiles.createdAt} >= ${since}`),
    db.select({ count }).from(bookings).where(sql`${bookings.createdAt} >= ${since}`),
    // Lessons held: accepted bookings whose time started inside the window (not ones still ahead).
    db
      .select({ count })
      .from(bookings)
      .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
      .where(and(eq(bookings.status, "accepted"), sql`${bookingSlots.startsAt} >= ${since}`, sql`${bookingSlots.startsAt} <= ${now}`)),
    db.select({ count }).from(messages).where(sql`${messages.createdAt} >= ${since}`),
    db.select({ count }).from(accountSuspensions),
  ]);
  const oldest = waiting[0]?.oldest;
  return {
    applicationsWaiting: waiting[0]?.count ?? 0,
    oldestWaitingSince: oldest ? new Date(oldest) : null,
    openReports: openReports[0]?.count ?? 0,
    signUps: { parents: parents[0]?.count ?? 0, teachers: teachers[0]?.count ?? 0 },
    bookingRequests: requests[0]?.count ?? 0,
    lessons: lessons[0]?.count ?? 0,
    messages: sent[0]?.count ?? 0,
    suspendedAccounts: suspended[0]?.count ?? 0,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One page of the audit trail, newest first. The id is the keyset: identity values only grow,
 * so `id < before` is the next older page, stable while new actions are appended.
 */
export function listAuditEntries(
  db: Executor,
  filter: { target?: { kind: string; id: string }; subjectUserId?: string; before?: number; limit: number },
) {
  const conditions: SQL[] = [];
  if (filter.target) {
    const onTarget = and(eq(operatorActions.targetKind, filter.target.kind), eq(operatorActions.targetId, filter.target.id))!;
    // A report's actions are the entries on it (its close) and those taken from it (issue 41).
    const fromReport = filter.target.kind === "report" && UUID.test(filter.target.id) ? eq(operatorActions.reportId, filter.target.id) : null;
    conditions.push(fromReport ? or(onTarget, fromReport)! : onTarget);
  }
  if (filter.subjectUserId) conditions.push(eq(operatorActions.subjectUserId, filter.subjectUserId));
  if (filter.before !== undefined) conditions.push(lt(operatorActions.id, filter.before));
  return db
    .select({
      id: operatorActions.id,
      createdAt: operatorActions.createdAt,
      operatorEmail: operatorActions.operatorEmail,
      action: operatorActions.action,
      targetKind: operatorActions.targetKind,
      targetId: operatorActions.targetId,
      subjectUserId: operatorActions.subjectUserId,
      subjectEmail: user.email,
      subjectName: user.name,
      reason: operatorActions.reason,
      reportId: operatorActions.reportId,
    })
    .from(operatorActions)
    .leftJoin(user, eq(user.id, operatorActions.subjectUserId))
    .where(and(...conditions))
    .orderBy(desc(operatorActions.id))
    .limit(filter.limit);
}
