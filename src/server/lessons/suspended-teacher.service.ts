import { cancellationOutcome } from "../../shared/lessons/cancellation.rules";
import { bookingDecidedEmail, declineLockedRequests, issueCredits, lockTeacherSchedule, returnSpentCredits } from "../booking";
import { lessonMailContexts } from "../db/lesson-mail-contexts";
import type { Executor } from "../db/client";
import type { Deps } from "../deps";
import { tellOtherSide } from "../live";
import * as closedRepo from "./closed-account.repo";
import { lessonsCancelledEmail } from "./lessons.emails";
import * as repo from "./lessons.repo";

/**
 * A suspended teacher's lessons side (issue 27): families must not wait on someone who can no
 * longer sign in. Their pending requests are declined and their lessons ahead cancelled exactly as
 * if the teacher had done it (teacher's cancellation: a make-up credit, or the credit that paid for
 * it back), and the families get the usual "declined" and "cancelled" emails, not the
 * closed-account wording: the account still exists and may be reinstated. The operator's reason
 * is not quoted to families (it is the desk's, kept in the audit trail).
 */

/** What was decided, by groups that each make one email (a weekly series is one request). */
export interface SuspendedTeacherOutcome {
  teacherUserId: string;
  declined: string[][];
  cancelled: { ids: string[]; credits: number }[];
}

const groupKey = (b: { id: string; seriesId: string | null }) => b.seriesId ?? b.id;

function groupBy<T extends { id: string; seriesId: string | null }>(rows: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(groupKey(row), [...(groups.get(groupKey(row)) ?? []), row]);
  return [...groups.values()];
}

/** In the suspension's transaction: declines and cancels what is still ahead. */
export async function closeLessonsOfSuspendedTeacher(
  tx: Executor,
  teacher: { teacherId: string; userId: string },
  now: Date,
): Promise<SuspendedTeacherOutcome> {
  await lockTeacherSchedule(tx, teacher.teacherId);
  const live = await closedRepo.liveBookingsOf(tx, { teacherId: teacher.teacherId }, now);
  const stillLive = new Set(await closedRepo.lockLive(tx, live.map((b) => b.id)));
  // Read again once locked: the status now, and what groups them (series) and who is credited.
  const current = new Map((await repo.findLessons(tx, [...stillLive])).map((row) => [row.id, row]));
  const locked = live
    .filter((b) => current.has(b.id))
    .map((b) => ({ id: b.id, slotId: b.slotId, startsAt: b.startsAt, status: current.get(b.id)!.status, seriesId: current.get(b.id)!.seriesId, studentId: current.get(b.id)!.studentId }));
  const pending = locked.filter((b) => b.status === "pending");
  const accepted = locked.filter((b) => b.status === "accepted");

  // As with any decline, a make-up credit spent on a request comes back to the family.
  if (pending.length > 0) await declineLockedRequests(tx, pending, now);

  const cancelled: SuspendedTeacherOutcome["cancelled"] = [];
  if (accepted.length > 0) {
    const ids = accepted.map((b) => b.id);
    const noticeHours = await repo.teacherNoticeHours(tx, teacher.teacherId);
    const outcomes = new Map(accepted.map((b) => [b.id, cancellationOutcome({ by: "teacher", startsAt: b.startsAt, now, noticeHours })]));
    await repo.markCancelled(tx, accepted.map((b) => ({ id: b.id, late: outcomes.get(b.id)!.late })), "teacher", now);
    await repo.releaseSlots(tx, accepted.map((b) => b.slotId));
    await repo.setLessonEventsStatus(tx, ids, "cancelled");
    const returned = new Set(await returnSpentCredits(tx, ids, "teacher_cancelled", now));
    for (const group of groupBy(accepted)) {
      const credited = group.filter((b) => b.studentId && outcomes.get(b.id)!.creditIssued && !returned.has(b.id));
      const issued = await issueCredits(tx, credited.map((b) => ({ teacherId: teacher.teacherId, studentId: b.studentId!, bookingId: b.id })), now);
      cancelled.push({ ids: group.map((b) => b.id), credits: issued + group.filter((b) => returned.has(b.id)).length });
    }
  }
  return { teacherUserId: teacher.userId, declined: groupBy(pending).map((group) => group.map((b) => b.id)), cancelled };
}

/** In the suspension's transaction: each family's usual email, stored with the change it announces. */
export async function enqueueFamiliesMailOfSuspendedTeacher(deps: Pick<Deps, "mailer" | "env">, tx: Executor, outcome: SuspendedTeacherOutcome) {
  for (const ids of outcome.declined) {
    const mail = bookingDecidedEmail(deps.env.PUBLIC_URL, await lessonMailContexts(tx, ids), "declined");
    if (mail) await deps.mailer.enqueue(tx, mail);
  }
  for (const { ids, credits } of outcome.cancelled) {
    const mail = lessonsCancelledEmail(deps.env.PUBLIC_URL, await lessonMailContexts(tx, ids), "teacher", credits);
    if (mail) await deps.mailer.enqueue(tx, mail);
  }
}

/** After the commit: the families' open pages update, and their stored emails go out. */
export async function tellFamiliesOfSuspendedTeacher(deps: Pick<Deps, "db" | "driver" | "mailer" | "logger" | "env">, outcome: SuspendedTeacherOutcome) {
  for (const ids of outcome.declined) {
    await tellOtherSide(deps, outcome.teacherUserId, { type: "booking_decided", payload: { bookingIds: ids, decision: "declined" } });
  }
  for (const { ids } of outcome.cancelled) {
    await tellOtherSide(deps, outcome.teacherUserId, { type: "lesson_changed", payload: { bookingIds: ids, change: "cancelled" } });
  }
  deps.mailer.kick();
}
