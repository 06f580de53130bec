import type { Executor } from "../db/client";
import type { Deps } from "../deps";
import { tellOtherSide } from "../live";
import { closeLessonsOfTeacher, eachReader, type ClosedAccountNotice } from "./closed-account.service";
import { teacherGoneEmail } from "./teacher-gone.emails";

/**
 * A suspended teacher's lessons side (issues 27 and 41): families must not wait on someone who can
 * no longer sign in. Their requests and lessons ahead are cancelled as for a teacher who closed
 * their account, not as the teacher's own cancellation: nothing is late or charged, no make-up
 * credit is issued (it could never be used), a credit that paid for one comes back and, with the
 * family's other credits with the teacher, is void. A reinstated teacher finds them as they are:
 * families were told and may have booked elsewhere. The desk's reason is not quoted to families.
 */

export interface SuspendedTeacherOutcome {
  teacherUserId: string;
  notices: ClosedAccountNotice[];
}

/** In the suspension's transaction: cancels what is still ahead and voids the families' credits. */
export async function closeLessonsOfSuspendedTeacher(
  tx: Executor,
  teacher: { teacherId: string; userId: string },
  now: Date,
): Promise<SuspendedTeacherOutcome> {
  return { teacherUserId: teacher.userId, notices: await closeLessonsOfTeacher(tx, teacher.teacherId, now) };
}

/** In the suspension's transaction: each family's email (to each guardian), stored with the change it announces. */
export async function enqueueFamiliesMailOfSuspendedTeacher(deps: Pick<Deps, "mailer" | "env">, tx: Executor, outcome: SuspendedTeacherOutcome) {
  await deps.mailer.enqueueMany(
    tx,
    outcome.notices.flatMap((notice) => eachReader(notice).map((copy) => ({ message: teacherGoneEmail(deps.env.PUBLIC_URL, copy, "suspended") }))),
  );
}

/** After the commit: the families' open pages update, and their stored emails go out. */
export async function tellFamiliesOfSuspendedTeacher(deps: Pick<Deps, "db" | "driver" | "mailer" | "logger" | "env">, outcome: SuspendedTeacherOutcome) {
  const bookingIds = outcome.notices.flatMap((notice) => notice.lessons.map((lesson) => lesson.bookingId));
  if (bookingIds.length > 0) await tellOtherSide(deps, outcome.teacherUserId, { type: "lesson_changed", payload: { bookingIds, change: "cancelled" } });
  deps.mailer.kick();
}
