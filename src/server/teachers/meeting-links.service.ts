import { linkInUseMessage, STUDENT_NOT_TAUGHT_MESSAGE, type StudentMeetingLinkDTO } from "../../shared/booking/lesson-place.schemas";
import { AppError } from "../../shared/errors";
import { TEACHER_PROFILE_NOT_FOUND_MESSAGE } from "../../shared/teachers/profile.schemas";
import type { Executor } from "../db/client";
import type { Deps } from "../deps";
import * as repo from "./meeting-links.repo";
import { lockTeacher } from "./teacher-profile.repo";

/**
 * Meeting links (issue 26): a teacher's default link (saved with the profile) and one link per
 * student, set from My Students. An online lesson is accepted only once its student has a link
 * (booking/request-decision.service.ts), and both sides see that link from then on; so a link
 * that accepted online lessons still rely on cannot be removed, only replaced. Each change holds
 * the teacher's row lock, which accepting a lesson shares (booking.repo.ts holdTeacherRow): a
 * removal and an accept never both pass.
 */

const notTaught = () => new AppError("not_found", STUDENT_NOT_TAUGHT_MESSAGE);

async function assertOwnStudent(deps: Pick<Deps, "db">, teacherId: string, studentId: string) {
  if (!(await repo.isStudentOfTeacher(deps.db, teacherId, studentId))) throw notTaught();
}

export async function setStudentMeetingLink(
  deps: Pick<Deps, "db">,
  teacherId: string,
  studentId: string,
  url: string,
): Promise<StudentMeetingLinkDTO> {
  await assertOwnStudent(deps, teacherId, studentId);
  await deps.db.transaction(async (tx) => {
    if (!(await lockTeacher(tx, teacherId))) throw new AppError("not_found", TEACHER_PROFILE_NOT_FOUND_MESSAGE);
    await repo.upsertStudentLink(tx, teacherId, studentId, url);
  });
  return { studentId, meetingLink: url };
}

/** Back to the default link; refused while the student's accepted online lessons would be left with none. */
export async function clearStudentMeetingLink(
  deps: Pick<Deps, "db">,
  teacherId: string,
  studentId: string,
  now = new Date(),
): Promise<StudentMeetingLinkDTO> {
  await assertOwnStudent(deps, teacherId, studentId);
  await deps.db.transaction(async (tx) => {
    const teacher = await lockTeacher(tx, teacherId);
    if (!teacher) throw new AppError("not_found", TEACHER_PROFILE_NOT_FOUND_MESSAGE);
    if (!teacher.meetingUrl && (await repo.findStudentLink(tx, teacherId, studentId))) {
      const relying = await repo.countOnlineLessons(tx, { teacherId, studentId, now });
      if (relying > 0) throw new AppError("conflict", linkInUseMessage(relying), { reason: "link_in_use" });
    }
    await repo.deleteStudentLink(tx, teacherId, studentId);
  });
  return { studentId, meetingLink: null };
}

/**
 * Called by the profile save, under the teacher's row lock, when the default link is being
 * removed: refused while accepted online lessons without a per-student link rely on it.
 */
export async function assertDefaultLinkRemovable(tx: Executor, teacherId: string, now = new Date()): Promise<void> {
  const relying = await repo.countOnlineLessons(tx, { teacherId, now, withoutStudentLink: true });
  if (relying > 0) {
    const message = linkInUseMessage(relying);
    throw new AppError("conflict", message, { reason: "link_in_use", fields: { meetingUrl: message } });
  }
}
