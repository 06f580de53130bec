import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { WaitingApplication } from "../../shared/operator/applications.schemas";
import type { TeacherReviewStatus } from "../../shared/operator/operator.constants";
import type { Executor } from "../db/client";
import { teacherInstruments, teacherProfiles } from "../db/schema";

/** How many waiting applications the queue shows at once (the total is counted apart). */
export const QUEUE_PAGE_SIZE = 100;

/** The waiting queue, oldest first (the review-queue index serves exactly this order). */
export async function listWaiting(db: Executor, now: Date): Promise<{ applications: WaitingApplication[]; total: number }> {
  const rows = await db
    .select({
      teacherId: teacherProfiles.id,
      firstName: teacherProfiles.firstName,
      lastName: teacherProfiles.lastName,
      city: teacherProfiles.city,
      state: teacherProfiles.state,
      submittedForReviewAt: teacherProfiles.submittedForReviewAt,
    })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.reviewStatus, "pending"))
    .orderBy(asc(teacherProfiles.submittedForReviewAt), asc(teacherProfiles.id))
    .limit(QUEUE_PAGE_SIZE);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.reviewStatus, "pending"));
  const instruments = rows.length
    ? await db
        .select({ teacherId: teacherInstruments.teacherId, instrument: teacherInstruments.instrument })
        .from(teacherInstruments)
        .where(inArray(teacherInstruments.teacherId, rows.map((r) => r.teacherId)))
        .orderBy(asc(teacherInstruments.instrument))
    : [];
  return {
    applications: rows.map((row) => ({
      ...row,
      instruments: instruments.filter((i) => i.teacherId === row.teacherId).map((i) => i.instrument),
      submittedForReviewAt: row.submittedForReviewAt.toISOString(),
      waitedHours: Math.max(0, Math.floor((now.getTime() - row.submittedForReviewAt.getTime()) / 3_600_000)),
    })),
    total: Number(counted?.total ?? 0),
  };
}

/** Everything the teacher submitted in the wizard (or has since edited in Settings). */
export interface DecidedTeacher {
  userId: string;
  email: string;
  firstName: string;
  reviewedAt: Date;
}

/**
 * The guarded write of a decision: it changes the status only from one the decision may follow
 * (`from`), so of two operators deciding at once exactly one row comes back.
 */
export async function decide(
  tx: Executor,
  teacherId: string,
  from: readonly TeacherReviewStatus[],
  to: TeacherReviewStatus,
  message: string | null,
): Promise<DecidedTeacher | undefined> {
  const [row] = await tx
    .update(teacherProfiles)
    .set({ reviewStatus: to, reviewMessage: message, reviewedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(teacherProfiles.id, teacherId), inArray(teacherProfiles.reviewStatus, [...from])))
    .returning({
      userId: teacherProfiles.userId,
      email: teacherProfiles.email,
      firstName: teacherProfiles.firstName,
      reviewedAt: teacherProfiles.reviewedAt,
    });
  return row ? { ...row, reviewedAt: row.reviewedAt! } : undefined;
}

export async function findStatus(db: Executor, teacherId: string): Promise<TeacherReviewStatus | undefined> {
  const [row] = await db.select({ reviewStatus: teacherProfiles.reviewStatus }).from(teacherProfiles).where(eq(teacherProfiles.id, teacherId));
  return row?.reviewStatus as TeacherReviewStatus | undefined;
}
