import { BOOKING_TYPES, type BookingFormat, type BookingStatus, type BookingType } from "../../shared/booking/booking.constants";
import { lessonPlaceOfColumns, partyContact } from "../../shared/booking/lesson-place.rules";
import { cancellationChargeCents, cancellationOutcome, freeCancellationUntil, type CancelledBy } from "../../shared/lessons/cancellation.rules";
import type { LateCancelCharge } from "../../shared/invoices/invoices.constants";
import { canRecordAttendance, NOT_STARTED_MESSAGE, rescheduleOutcome } from "../../shared/lessons/lesson-changes.rules";
import { LESSON_NOT_FOUND_MESSAGE, type AttendanceInput, type CancelLesson, type CancelResult, type LessonDTO } from "../../shared/lessons/lessons.schemas";
import { AppError } from "../../shared/errors";
import { findProfileIds } from "../auth";
import { bookingSides } from "../db/booking-parties";
import { transactionWithRetry } from "../db/retry-transaction";
import type { Tx } from "../db/client";
import type { Deps } from "../deps";
import { issueCredits, lockTeacherSchedule, returnSpentCredits, scheduleConflict, toEachGuardian, type Reader } from "../booking";
import { lessonMailContexts, type LessonMailContext } from "../db/lesson-mail-contexts";
import type { MailGuardian } from "../db/household-guardians";
import type { MailMessage } from "../mail";
import { drawPackageLesson, returnPackageLesson } from "../invoices";
import { tellOtherSide } from "../live";
import { waitlistTimesFreed } from "../waitlist";
import { lessonsCancelledEmail, lessonRescheduledEmail, otherSide } from "./lessons.emails";
import { assertBookableForMove } from "./reschedule-slot";
import * as repo from "./lessons.repo";

export type MailDeps = Pick<Deps, "db" | "driver" | "mailer" | "logger" | "env">;

/** Stores a lesson email in the change's own transaction: it exists exactly when the change does. */
export async function enqueueMail(deps: MailDeps, tx: Tx, mail: MailMessage | null) {
  if (mail) await deps.mailer.enqueue(tx, mail);
}

/**
 * Stores a lesson email to one side in the change's own transaction: the teacher's, or the family's
 * to each of its guardians, written from the lessons as that guardian reads them (issue 45: their
 * own name and clock). `write` gets the guardian (null for the teacher).
 */
export async function enqueueLessonMail(
  deps: MailDeps,
  tx: Tx,
  lessons: readonly LessonMailContext[],
  reader: Reader,
  write: (lessons: readonly LessonMailContext[], guardian: MailGuardian | null) => MailMessage | null,
) {
  if (reader === "teacher") return enqueueMail(deps, tx, write(lessons, null));
  await deps.mailer.enqueueMany(tx, toEachGuardian(lessons, write));
}

/**
 * A lesson as one of its two sides sees it (`side`: the lists, cancel and move answer only the
 * lesson's own parent or teacher). Where and how and the other side's contact come from the
 * shared rule, which tells them only once the lesson is accepted.
 */
export function toLessonDTO(row: repo.LessonListRow, side: CancelledBy): LessonDTO {
  // The columns' CHECK constraints admit only these values.
  const status = row.status as BookingStatus;
  const format = row.format as BookingFormat;
  return {
    id: row.id,
    status,
    bookingType: row.bookingType as BookingType,
    format,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    seriesId: row.seriesId,
    classId: row.classId,
    ...bookingSides(row),
    // A deleted teacher's window is unknown; their lessons are all past or cancelled anyway.
    noticeHours: row.noticeHours ?? 0,
    freeCancellationUntil: freeCancellationUntil(row.startsAt, row.noticeHours ?? 0).toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelledBy: row.cancelledBy as LessonDTO["cancelledBy"],
    requestedBy: row.requestedBy,
    cancelledByGuardian: row.cancelledByGuardian,
    movedByGuardian: row.movedByGuardian,
    cancelReason: row.cancelReason,
    lateCancel: row.lateCancel,
    teacherCannotTeach: row.status === "cancelled" && row.cancelledBy === "teacher" && row.cancelledForClosedAccount,
    attendance: row.attendance as LessonDTO["attendance"],
    lessonNote: row.lessonNote,
    madeUp: row.madeUpCreditId !== null,
    priceCents: row.priceCents,
    priceEstimated: row.priceEstimated,
    cancelChargeCents: row.cancelChargeCents,
    // The column's CHECK constraint admits only the policies; a deleted teacher charges nothing.
    lateCancelCharge: (row.lateCancelCharge ?? "none") as LateCancelCharge,
    place: lessonPlaceOfColumns({ ...row, format, status }),
    contact: partyContact(
      status,
      side === "parent"
        ? { firstName: row.teacherFirstName, lastName: row.teacherLastName, email: row.teacherEmail, phone: row.teacherPhone }
        : { firstName: row.parentFirstName, lastName: row.parentLastName, email: row.parentEmail, phone: row.parentPhone },
    ),
  };
}

export async function parentLessons(deps: Pick<Deps, "db">, parentId: string): Promise<LessonDTO[]> {
  return (await repo.listForParent(deps.db, parentId)).map((row) => toLessonDTO(row, "parent"));
}

export async function teacherLessons(deps: Pick<Deps, "db">, teacherId: string): Promise<LessonDTO[]> {
  return (await repo.listForTeacher(deps.db, teacherId)).map((row) => toLessonDTO(row, "teacher"));
}

/**
 * Which side of the lesson the user is on; anyone else gets "not found" (never 403: a stranger must
 * not learn that the lesson exists). Read without a lock, to know whose schedule to lock.
 */
export async function sideOf(
  deps: Pick<Deps, "db">,
  userId: string,
  bookingId: string,
): Promise<{ side: CancelledBy; teacherId: string; guardianId: string | null }> {
  const [ids, [row]] = await Promise.all([findProfileIds(deps.db, userId), repo.findLessons(deps.db, [bookingId])]);
  // A side whose account is gone is null on the lesson, and so is a profile the user does not
  // have: null never matches null. A lesson whose teacher left cannot be changed by anyone.
  if (!row || row.teacherId === null) throw new AppError("not_found", LESSON_NOT_FOUND_MESSAGE);
  if (ids.teacherId !== null && ids.teacherId === row.teacherId) return { side: "teacher", teacherId: row.teacherId, guardianId: null };
  // The family's side: any guardian of the household; `guardianId` records which (issue 45).
  if (ids.parentId !== null && ids.parentId === row.parentId) return { side: "parent", teacherId: row.teacherId, guardianId: ids.guardianId };
  throw new AppError("not_found", LESSON_NOT_FOUND_MESSAGE);
}

/** Locks the teacher's schedule, then the lesson (the booking flow's order, so the two never deadlock). */
export async function lockForChange(tx: Tx, teacherId: string, bookingId: string): Promise<repo.LockedLesson> {
  await lockTeacherSchedule(tx, teacherId);
  const lesson = await repo.lockLesson(tx, bookingId);
  if (!lesson || lesson.teacherId !== teacherId) throw new AppError("not_found", LESSON_NOT_FOUND_MESSAGE);
  if (lesson.status !== "pending" && lesson.status !== "accepted") {
    throw new AppError("conflict", `This lesson is ${lesson.status}, so it can no longer be changed.`, { reason: "not_live" });
  }
  return lesson;
}

/**
 * Cancels one lesson, or it and the later live lessons of its series, in one transaction: each
 * booking cancelled (with who, when and whether late), its slot released, its calendar event
 * cancelled, and a make-up credit for each accepted lesson the rules give one for.
 */
export async function cancelLesson(
  deps: MailDeps,
  userId: string,
  bookingId: string,
  input: CancelLesson,
  now = new Date(),
): Promise<CancelResult> {
  const { side, teacherId, guardianId } = await sideOf(deps, userId, bookingId);
  const { ids, credits, returned } = await transactionWithRetry(deps.db, async (tx) => {
    const lesson = await lockForChange(tx, teacherId, bookingId);
    const { noticeHours, lateCancelCharge } = await repo.teacherCancelPolicy(tx, teacherId);
    const first = cancellationOutcome({ by: side, startsAt: lesson.startsAt, now, noticeHours });
    if (!first.allowed) throw new AppError("conflict", first.message!, { reason: "started" });
    const targets =
      input.scope === "rest_of_series" && lesson.seriesId
        ? await repo.lockSeriesFrom(tx, lesson.seriesId, lesson.startsAt)
        : [{ id: lesson.id, status: lesson.status, slotId: lesson.slotId, priceCents: lesson.priceCents, startsAt: lesson.startsAt }];
    const decided = targets.map((t) => ({ ...t, outcome: cancellationOutcome({ by: side, startsAt: t.startsAt, now, noticeHours }) }));
    // A family's late cancel is charged under the policy in force now (issue 28); the server decides, not the dialog.
    const cancellations = decided.map((d) => ({
      id: d.id,
      late: d.outcome.late,
      chargeCents: cancellationChargeCents({ by: side, late: d.outcome.late, status: d.status, priceCents: d.priceCents, policy: lateCancelCharge }),
      noticeHours,
    }));
    await repo.markCancelled(tx, cancellations, side, now, input.reason ?? null, guardianId);
    // A charged late cancellation uses a lesson of the family's package, when one covers it (issue 40).
    for (const charged of cancellations.filter((c) => (c.chargeCents ?? 0) > 0)) {
      await drawPackageLesson(tx, { ...lesson, id: charged.id, startsAt: decided.find((d) => d.id === charged.id)!.startsAt });
    }
    await repo.releaseSlots(tx, decided.map((d) => d.slotId));
    // The freed times go to the families waiting for them (issue 44), once this commits.
    const length = BOOKING_TYPES[lesson.bookingType as BookingType].minutes * 60_000;
    await waitlistTimesFreed(tx, teacherId, decided.map((d) => ({ startsAt: d.startsAt, endsAt: new Date(d.startsAt.getTime() + length) })), now);
    await repo.setLessonEventsStatus(tx, decided.map((d) => d.id), "cancelled");
    // The make-up credit paying for a withdrawn request, or for a lesson the teacher cancels, comes
    // back to the family (issue 26); such a lesson gets no new credit on top of it.
    const returned = await returnSpentCredits(
      tx,
      decided.filter((d) => side === "teacher" || d.status === "pending").map((d) => d.id),
      side === "teacher" ? "teacher_cancelled" : "withdrawn",
      now,
    );
    // A request never accepted was no lesson yet: withdrawing it gives no new credit.
    // A deleted family's lessons (student null) have nobody to credit.
    const studentId = lesson.studentId;
    const credited = studentId ? decided.filter((d) => d.status === "accepted" && d.outcome.creditIssued && !returned.includes(d.id)) : [];
    const issued = studentId ? await issueCredits(tx, credited.map((d) => ({ teacherId, studentId, bookingId: d.id })), now) : 0;
    const ids = decided.map((d) => d.id);
    // The family is told of every credit it holds because of the teacher's cancel, new or given back.
    const told = side === "teacher" ? issued + returned.length : issued;
    await enqueueLessonMail(deps, tx, await lessonMailContexts(tx, ids), otherSide(side), (lessons) =>
      lessonsCancelledEmail(deps.env.PUBLIC_URL, lessons, side, told),
    );
    return { ids, credits: issued, returned: returned.length };
  }).catch((error: unknown) => {
    throw scheduleConflict(error);
  });
  deps.mailer.kick();
  const rows = await repo.findLessons(deps.db, ids);
  // The other side's open pages update at once (GET /api/live).
  await tellOtherSide(deps, userId, { type: "lesson_changed", payload: { bookingIds: ids, change: "cancelled" } });
  return { lessons: rows.map((row) => toLessonDTO(row, side)), creditsIssued: credits, creditsReturned: returned };
}

/**
 * Moves a lesson to another open time in one transaction: the old slot is released, the new one
 * booked (the exclusion constraint refuses a time someone else took a moment earlier: 409), the
 * calendar event moves with it. Reminders follow by themselves: their key holds the start time.
 */
export async function rescheduleLesson(deps: MailDeps, userId: string, bookingId: string, newStart: Date, now = new Date()): Promise<LessonDTO> {
  const { side, teacherId, guardianId } = await sideOf(deps, userId, bookingId);
  await transactionWithRetry(deps.db, async (tx) => {
    const lesson = await lockForChange(tx, teacherId, bookingId);
    const noticeHours = await repo.teacherNoticeHours(tx, teacherId);
    const outcome = rescheduleOutcome({ by: side, startsAt: lesson.startsAt, newStartsAt: newStart, now, noticeHours });
    if (!outcome.allowed) throw new AppError("conflict", outcome.message!, { reason: "not_movable" });
    // Released first, so a move within the lesson's own hour does not collide with itself.
    await repo.releaseSlots(tx, [lesson.slotId]);
    const slot = await assertBookableForMove(tx, {
      teacherId,
      bookingType: lesson.bookingType as BookingType,
      format: lesson.format as BookingFormat,
      startsAt: newStart,
      now,
      leavingSlotId: lesson.slotId,
    });
    await repo.moveToNewSlot(tx, lesson, slot.startsAt, slot.endsAt, slot.format, guardianId);
    // The time it left goes to the families waiting for it (issue 44).
    const length = BOOKING_TYPES[lesson.bookingType as BookingType].minutes * 60_000;
    await waitlistTimesFreed(tx, teacherId, [{ startsAt: lesson.startsAt, endsAt: new Date(lesson.startsAt.getTime() + length) }], now);
    await enqueueLessonMail(deps, tx, await lessonMailContexts(tx, [bookingId]), otherSide(side), ([moved]) =>
      moved ? lessonRescheduledEmail(deps.env.PUBLIC_URL, moved, lesson.startsAt, side) : null,
    );
    return lesson.startsAt;
  }).catch((error: unknown) => {
    throw scheduleConflict(error);
  });
  deps.mailer.kick();
  const [row] = await repo.findLessons(deps.db, [bookingId]);
  await tellOtherSide(deps, userId, { type: "lesson_changed", payload: { bookingIds: [bookingId], change: "rescheduled" } });
  return toLessonDTO(row!, side);
}

/**
 * The teacher's record after the start: attended or missed (with an optional note), or cancelled
 * (the lesson did not take place on the teacher's side: cancelled late, with a make-up credit).
 * Attended shows the calendar event completed; a later correction to missed puts it back.
 */
export async function recordAttendance(
  deps: MailDeps,
  teacherId: string,
  bookingId: string,
  input: AttendanceInput,
  now = new Date(),
): Promise<LessonDTO> {
  const note = input.note.trim() || null;
  const cancelled = await transactionWithRetry(deps.db, async (tx) => {
    const lesson = await repo.lockLesson(tx, bookingId);
    if (!lesson || lesson.teacherId !== teacherId) throw new AppError("not_found", LESSON_NOT_FOUND_MESSAGE);
    if (lesson.status !== "accepted") {
      throw new AppError("conflict", `This lesson is ${lesson.status}, so attendance cannot be recorded.`, { reason: "not_accepted" });
    }
    if (!canRecordAttendance(lesson.startsAt, now)) throw new AppError("conflict", NOT_STARTED_MESSAGE, { reason: "not_started" });
    if (input.outcome === "cancelled") {
      await repo.markCancelled(tx, [{ id: lesson.id, late: true }], "teacher", now);
      await repo.recordAttendance(tx, lesson.id, null, note, now);
      await returnPackageLesson(tx, lesson.id);
      await repo.releaseSlots(tx, [lesson.slotId]);
      await repo.setLessonEventsStatus(tx, [lesson.id], "cancelled");
      // A make-up lesson gives its credit back instead of a second one (issue 26).
      const returned = await returnSpentCredits(tx, [lesson.id], "teacher_cancelled", now);
      if (lesson.studentId && returned.length === 0) await issueCredits(tx, [{ teacherId, studentId: lesson.studentId, bookingId: lesson.id }], now);
      await enqueueLessonMail(deps, tx, await lessonMailContexts(tx, [bookingId]), "parent", (lessons) =>
        lessonsCancelledEmail(deps.env.PUBLIC_URL, lessons, "teacher", 1),
      );
      return true;
    }
    await repo.recordAttendance(tx, lesson.id, input.outcome, note, now);
    await repo.setLessonEventsStatus(tx, [lesson.id], input.outcome === "attended" ? "completed" : "upcoming");
    // An attended lesson uses a lesson of the family's package; a correction to missed gives it back (issue 40).
    if (input.outcome === "attended") await drawPackageLesson(tx, lesson);
    else await returnPackageLesson(tx, lesson.id);
    return false;
  });
  if (cancelled) deps.mailer.kick();
  const [row] = await repo.findLessons(deps.db, [bookingId]);
  // The family sees the attendance, the note or the cancellation without a reload.
  await tellOtherSide(deps, row!.teacherUserId, {
    type: "lesson_changed",
    payload: { bookingIds: [bookingId], change: cancelled ? "cancelled" : "attendance" },
  });
  return toLessonDTO(row!, "teacher");
}
