import { cancellationOutcome, type CancelledBy } from "./cancellation.rules";

export const LATE_RESCHEDULE_MESSAGE =
  "This lesson starts inside the teacher's notice window, so it can no longer be moved. You can still cancel it (without a make-up credit).";
export const NEW_TIME_PAST_MESSAGE = "The new time has already passed. Please choose a later time.";
export const SAME_TIME_MESSAGE = "That is the lesson's current time. Please choose another time.";
export const NOT_STARTED_MESSAGE = "Attendance can be recorded once the lesson has started.";

export interface RescheduleOutcome {
  allowed: boolean;
  message?: string;
}

/**
 * Whether a lesson may move to `newStartsAt`. Nobody moves a lesson that has started. A parent
 * moves it only outside the notice window: inside it, moving would dodge the late-cancel rule
 * (a late move is a late cancel plus a free new booking). A teacher may move it any time before
 * the start, as they may cancel it any time. The new time must still be ahead.
 */
export function rescheduleOutcome(input: { by: CancelledBy; startsAt: Date; newStartsAt: Date; now: Date; noticeHours: number }): RescheduleOutcome {
  const movable = mayMove(input);
  if (!movable.allowed) return movable;
  if (input.newStartsAt <= input.now) return { allowed: false, message: NEW_TIME_PAST_MESSAGE };
  if (input.newStartsAt.getTime() === input.startsAt.getTime()) return { allowed: false, message: SAME_TIME_MESSAGE };
  return { allowed: true };
}

/**
 * Whether a side may move a lesson at all now, whatever the new time: the who-and-when part of
 * rescheduleOutcome. A series changed from a lesson on (issue 44) asks it of that lesson: the
 * later lessons are further from now, so what holds for the first holds for them.
 */
export function mayMove(input: { by: CancelledBy; startsAt: Date; now: Date; noticeHours: number }): RescheduleOutcome {
  const asCancel = cancellationOutcome(input);
  if (!asCancel.allowed) return { allowed: false, message: asCancel.message };
  if (input.by === "parent" && asCancel.late) return { allowed: false, message: LATE_RESCHEDULE_MESSAGE };
  return { allowed: true };
}

/** Attendance and notes belong to a lesson whose start has come (from the start instant on). */
export function canRecordAttendance(startsAt: Date, now: Date): boolean {
  return now >= startsAt;
}

export interface LessonActions {
  cancel: boolean;
  reschedule: boolean;
  recordAttendance: boolean;
}

/**
 * What a side may do with a lesson now, for the buttons a list shows; the server decides again with
 * the same rules. Only pending and accepted lessons can change; attendance is the teacher's, on an
 * accepted lesson whose start has come.
 */
export function lessonActions(
  lesson: { status: string; startsAt: Date; noticeHours: number },
  side: CancelledBy,
  now: Date,
): LessonActions {
  const live = lesson.status === "pending" || lesson.status === "accepted";
  const started = now >= lesson.startsAt;
  const late = lesson.startsAt.getTime() - now.getTime() < lesson.noticeHours * 3_600_000;
  return {
    cancel: live && !started,
    reschedule: live && !started && (side === "teacher" || !late),
    recordAttendance: side === "teacher" && lesson.status === "accepted" && started,
  };
}
