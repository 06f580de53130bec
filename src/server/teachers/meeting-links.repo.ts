import { and, eq, sql } from "drizzle-orm";
import { queryRows, type Executor } from "../db/client";
import { knowsStudent } from "../db/relationships";
import { studentMeetingLinks } from "../db/schema";

/**
 * A teacher's per-student meeting links (issue 26). Every query is keyed by the teacher id the
 * guard took from the session.
 */

/**
 * Whether the teacher knows the student (relationships.ts: a request of any status, so a link can
 * be set before the first online lesson is accepted). Anyone else's student is "not found".
 */
export async function isStudentOfTeacher(db: Executor, teacherId: string, studentId: string): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select ${knowsStudent(sql`${teacherId}`, sql`${studentId}`)} as found`,
  );
  return row?.found === true;
}

export async function findStudentLink(db: Executor, teacherId: string, studentId: string): Promise<string | null> {
  const [row] = await db
    .select({ url: studentMeetingLinks.url })
    .from(studentMeetingLinks)
    .where(and(eq(studentMeetingLinks.teacherId, teacherId), eq(studentMeetingLinks.studentId, studentId)));
  return row?.url ?? null;
}

export async function upsertStudentLink(tx: Executor, teacherId: string, studentId: string, url: string): Promise<void> {
  await tx
    .insert(studentMeetingLinks)
    .values({ teacherId, studentId, url })
    .onConflictDoUpdate({ target: [studentMeetingLinks.teacherId, studentMeetingLinks.studentId], set: { url, updatedAt: sql`now()` } });
}

export async function deleteStudentLink(tx: Executor, teacherId: string, studentId: string): Promise<void> {
  await tx.delete(studentMeetingLinks).where(and(eq(studentMeetingLinks.teacherId, teacherId), eq(studentMeetingLinks.studentId, studentId)));
}

/**
 * Accepted online lessons (and online intro calls) of the teacher not over by `now` whose link
 * is the teacher's default (no per-student link), or, with `studentId`, those of that student.
 */
export async function countOnlineLessons(
  tx: Executor,
  input: { teacherId: string; now: Date; studentId?: string; withoutStudentLink?: boolean },
): Promise<number> {
  const ofStudent = input.studentId ? sql`and b.student_id = ${input.studentId}` : sql``;
  const withoutStudentLink = input.withoutStudentLink
    ? sql`and not exists (select 1 from student_meeting_links l where l.teacher_id = b.teacher_id and l.student_id = b.student_id)`
    : sql``;
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from bookings b join booking_slots s on s.id = b.slot_id
         where b.teacher_id = ${input.teacherId} and b.status = 'accepted' and b.format = 'online'
           and s.ends_at > ${input.now.toISOString()}::timestamptz ${ofStudent} ${withoutStudentLink}`,
  );
  return Number(row?.n ?? 0);
}
